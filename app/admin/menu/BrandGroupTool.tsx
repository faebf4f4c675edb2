import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale, useHydrated } from '#app/account/form-helpers.ts';
import { useStore } from '#app/stores/use-store.ts';
import { notifySuccess } from '#app/stores/notifications.ts';
import { adminPath } from '#domain/admin-routes.ts';
import type { EditorMenu } from './menu-form.ts';
import { $menuBusy, $selectedItems, loadMenu } from './menu-store.ts';
import { attachBrandGroup } from './brand-groups-store.ts';
import { AttachBrandGroup } from './BrandGroupFields.tsx';

type Props = { locale: UiLocale; menu: EditorMenu; onFailed: (key: string | undefined) => void };

/**
 * The brand's shared modifier groups under the menu (issue 38, decision 058): attach one to every dish ticked in
 * the list at once; the groups themselves are defined and edited on the brand's page, which this links to.
 */
export function BrandGroupTool({ locale, menu, onFailed }: Props) {
  const t = inLocale(locale);
  const hydrated = useHydrated();
  const busy = useStore($menuBusy) || !hydrated;
  const selected = useStore($selectedItems);
  const brand = menu.brand;
  if (!brand) return null;

  return (
    <section className="menu-tools brand-group-tool" aria-labelledby="brand-group-tool-title">
      <h3 id="brand-group-tool-title">{m.admin_menu_brand_attachTitle({}, t)}</h3>
      <p className="admin-hint">{m.admin_menu_brand_attachHint({}, t)}</p>
      {brand.groups.length === 0 ? (
        <p className="admin-hint">{m.admin_menu_brand_empty({}, t)}</p>
      ) : (
        <AttachBrandGroup
          groups={brand.groups}
          held={[]}
          locale={locale}
          busy={busy || selected.length === 0}
          label={m.admin_menu_brand_attachSelected({ count: selected.length }, t)}
          onAttach={async (group) => {
            const answer = await attachBrandGroup(
              group.id,
              selected.map((item) => item.id),
            );
            if (!answer.ok) return onFailed(answer.key);
            await loadMenu();
            notifySuccess(m.admin_menu_brand_attached({ count: answer.data.attached.length }, t));
          }}
        />
      )}
      <p>
        <a href={adminPath(locale, { screen: 'show', entity: 'concepts', id: String(brand.id) })}>
          {m.admin_menu_brand_attachTitle({}, t)} →
        </a>
      </p>
    </section>
  );
}
