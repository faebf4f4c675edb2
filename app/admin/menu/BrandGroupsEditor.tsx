import { useCallback, useEffect, useState } from 'react';
import { notifyFailed } from '#app/admin/forms/notify-failed.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { notifySuccess } from '#app/stores/notifications.ts';
import { useStore } from '#app/stores/use-store.ts';
import { ConfirmDialog } from '#app/shop/ConfirmDialog.tsx';
import { Notice } from '#app/ui/notice.tsx';
import { brandGroupCreateBody, type BrandGroupCreateBody } from '#domain/brand-groups.ts';
import { CheckField, NumberField, Section, SelectField, TextField } from '../forms/fields.tsx';
import { MenuDialogForm } from './MenuDialogForm.tsx';
import { OptionRows, Translations } from './MenuFields.tsx';
import { GroupSummary } from './BrandGroupFields.tsx';
import { emptyOption, linkedGroupValues, translationFields } from './menu-form.ts';
import {
  $brandGroups,
  $brandGroupsBusy,
  deleteBrandGroup,
  loadBrandGroups,
  saveBrandGroup,
  type BrandGroupView,
} from './brand-groups-store.ts';
import '#app/admin/forms/admin-forms.css';
import './menu-editor.css';

/** The form's values: a definition's, or a blank group in the brand's first currency. */
function formValues(group: BrandGroupView | null, currency: string): BrandGroupCreateBody {
  if (!group) {
    return {
      name: '',
      translations: translationFields({}, false),
      required: false,
      min: 0,
      max: 1,
      options: [emptyOption()],
      currency: currency as BrandGroupCreateBody['currency'],
    };
  }
  const { brandGroupId: _link, ...values } = linkedGroupValues(group);
  return {
    ...values,
    options: values.options.map((option, index) => ({ ...option, id: group.options[index]!.id })),
    currency: group.currency as BrandGroupCreateBody['currency'],
  };
}

type Editing = { group: BrandGroupView | null };

/**
 * A brand's shared modifier groups on the brand's page (issue 38, decision 058): each definition with its options
 * and the dishes holding a linked copy; add, edit (every copy follows in the same save) and delete (the copies go
 * too, after a question naming how many dishes). Dishes attach a group in the restaurant's menu editor.
 */
export default function BrandGroupsEditor({ locale, brandId }: { locale: UiLocale; brandId: string }) {
  const t = inLocale(locale);
  const state = useStore($brandGroups);
  const busy = useStore($brandGroupsBusy);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<BrandGroupView | null>(null);

  const failed = useCallback((key: string | undefined) => notifyFailed(key, locale), [locale]);

  useEffect(() => {
    void loadBrandGroups(brandId);
  }, [brandId]);
  useEffect(() => {
    if (state.status === 'error') failed(state.key);
  }, [state, failed]);

  if (state.status !== 'ready') {
    return (
      <section className="admin-menu" aria-labelledby="brand-groups-title">
        <h2 id="brand-groups-title">{m.admin_menu_brand_attachTitle({}, t)}</h2>
        <Notice tone="news">{m.admin_forms_loading({}, t)}</Notice>
      </section>
    );
  }
  const { brand, groups } = state.list;
  const currencies = brand.currencies.length > 0 ? brand.currencies : ['PLN'];

  const confirmDelete = async () => {
    if (!deleting) return;
    const answer = await deleteBrandGroup(deleting.id);
    setDeleting(null);
    if (!answer.ok) return failed(answer.key);
    notifySuccess(m.admin_forms_deleted({}, t));
  };

  return (
    <section className="admin-menu brand-groups" aria-labelledby="brand-groups-title">
      <h2 id="brand-groups-title">{m.admin_menu_brand_attachTitle({}, t)}</h2>
      <p className="admin-hint">{m.admin_menu_brand_attachHint({}, t)}</p>
      <div className="admin-actions">
        <button className="button" type="button" onClick={() => setEditing({ group: null })}>
          {m.admin_menu_brand_add({}, t)}
        </button>
      </div>
      {groups.length === 0 && <p>{m.admin_menu_brand_empty({}, t)}</p>}
      {groups.map((group) => (
        <section
          key={group.id}
          className="admin-menu-category"
          aria-labelledby={`brand-group-${group.id}`}
          data-brand-group={group.id}
        >
          <div className="admin-menu-head">
            <h3 id={`brand-group-${group.id}`}>
              {group.name} <span className="admin-hint">({group.currency})</span>
            </h3>
            <button
              className="button admin-secondary"
              type="button"
              aria-label={m.admin_menu_editNamed({ name: group.name }, t)}
              onClick={() => setEditing({ group })}
            >
              {m.admin_menu_edit({}, t)}
            </button>
            <button
              className="button admin-danger"
              type="button"
              aria-label={m.admin_menu_deleteNamed({ name: group.name }, t)}
              onClick={() => setDeleting(group)}
            >
              {m.admin_forms_delete({}, t)}
            </button>
          </div>
          <GroupSummary group={group} currency={group.currency} locale={locale} />
          <h4>{m.admin_menu_brand_dishes({}, t)}</h4>
          {group.attachedTo.length === 0 ? (
            <p className="admin-hint">{m.admin_menu_brand_none({}, t)}</p>
          ) : (
            <ul className="brand-group-dishes">
              {group.attachedTo.map((dish) => (
                <li key={dish.itemId}>
                  {dish.name} <span className="admin-hint">· {dish.restaurantName}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}

      {editing && (
        <MenuDialogForm<BrandGroupCreateBody>
          locale={locale}
          title={editing.group ? m.admin_menu_brand_edit({}, t) : m.admin_menu_brand_add({}, t)}
          schema={brandGroupCreateBody}
          values={formValues(editing.group, currencies[0]!)}
          save={async (json) => {
            const answer = await saveBrandGroup(editing.group?.id ?? null, json);
            if (answer.ok && editing.group) {
              notifySuccess(m.admin_menu_brand_saved({ count: (answer.data as { copies: number }).copies }, t));
            }
            return answer;
          }}
          onSaved={() => {
            if (!editing.group) notifySuccess(m.admin_forms_saved({}, t));
            setEditing(null);
          }}
          onFailed={failed}
          onClose={() => setEditing(null)}
        >
          <Section title={m.admin_menu_brand_attachLabel({}, t)}>
            <TextField name="name" locale={locale} required label={m.admin_forms_field_name({}, t)} />
            {!editing.group && (
              <SelectField
                name="currency"
                locale={locale}
                required
                options={currencies.map((currency) => ({ value: currency, label: currency }))}
                label={m.admin_menu_brand_currency({}, t)}
              />
            )}
            <CheckField name="required" locale={locale} label={m.admin_menu_field_required({}, t)} />
            <NumberField name="min" locale={locale} min={0} max={50} label={m.admin_menu_field_min({}, t)} />
            <NumberField name="max" locale={locale} min={1} max={50} label={m.admin_menu_field_max({}, t)} />
          </Section>
          <Translations prefix="" locale={locale} />
          <OptionRows path="options" heading="h3" locale={locale} />
        </MenuDialogForm>
      )}

      {deleting && (
        <ConfirmDialog
          className="admin-dialog admin-menu-confirm"
          title={m.admin_forms_delete({}, t)}
          text={m.admin_menu_brand_deleteConfirm({ name: deleting.name, count: deleting.attachedTo.length }, t)}
          cancelLabel={m.admin_forms_cancel({}, t)}
          confirmLabel={m.admin_forms_delete({}, t)}
          cancelClassName="button admin-secondary"
          confirmClassName="button admin-danger"
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
