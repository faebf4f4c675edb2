import { useId, useState } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { Select } from '#app/ui/field.tsx';
import { formatMoney, type Currency } from '#domain/money.ts';
import type { MenuItemBody } from '#domain/menu-forms.ts';
import type { EditorGroup } from './menu-form.ts';
import './brand-groups.css';

type GroupBody = MenuItemBody['groups'][number];

/** A group's name, its choice rule and its options with their prices, on one line each: what a copy holds. */
export function GroupSummary({
  group,
  currency,
  locale,
}: {
  group: { min: number; max: number; options: readonly { name: string; price: number }[] };
  currency: string;
  locale: UiLocale;
}) {
  const t = inLocale(locale);
  return (
    <>
      <p className="admin-hint">
        {m.admin_menu_brand_choices({ min: group.min, max: group.max }, t)} ·{' '}
        {m.admin_menu_brand_optionCount({ count: group.options.length }, t)}
      </p>
      <ul className="brand-group-options">
        {group.options.map((option, index) => (
          <li key={index}>
            <span>{option.name}</span>{' '}
            <span className="brand-group-price">+{formatMoney(option.price, currency as Currency, locale)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A dish's linked copy of a brand group in the item form: shown, not editable here (the brand's page edits the
 * definition, and every copy follows); the one thing the dish decides is to keep it or detach it.
 */
export function LinkedGroup({
  group,
  currency,
  locale,
  onDetach,
}: {
  group: GroupBody;
  currency: string;
  locale: UiLocale;
  onDetach: () => void;
}) {
  const t = inLocale(locale);
  const titleId = useId();
  return (
    <section className="admin-section brand-group-linked" aria-labelledby={titleId}>
      <h4 id={titleId}>{group.name}</h4>
      <p className="brand-group-badge">{m.admin_menu_brand_linked({}, t)}</p>
      <GroupSummary group={group} currency={currency} locale={locale} />
      <button type="button" className="button admin-secondary" onClick={onDetach}>
        {m.admin_menu_brand_detach({ name: group.name }, t)}
      </button>
    </section>
  );
}

/** Picks one of the brand's groups (those the dish does not hold yet) and hands it on to attach. */
export function AttachBrandGroup({
  groups,
  held,
  locale,
  busy,
  label,
  onAttach,
}: {
  groups: EditorGroup[];
  /** The brand groups already held: not offered again. */
  held: readonly number[];
  locale: UiLocale;
  busy?: boolean;
  /** The button's text ("Attach", "Attach to the 3 dishes picked"). */
  label?: string;
  onAttach: (group: EditorGroup) => void;
}) {
  const t = inLocale(locale);
  const id = useId();
  const [chosen, setChosen] = useState('');
  const offered = groups.filter((g) => !held.includes(g.id));
  if (offered.length === 0) return null;
  const group = offered.find((g) => String(g.id) === chosen);
  return (
    <div className="brand-group-attach">
      <Select
        id={`${id}-group`}
        look="admin"
        label={m.admin_menu_brand_attachLabel({}, t)}
        value={chosen}
        options={[
          { value: '', label: m.admin_menu_brand_choose({}, t) },
          ...offered.map((g) => ({ value: String(g.id), label: g.name })),
        ]}
        onChange={(event) => setChosen(event.target.value)}
      />
      <button
        type="button"
        className="button admin-secondary"
        disabled={!group || busy}
        onClick={() => {
          if (!group) return;
          onAttach(group);
          setChosen('');
        }}
      >
        {label ?? m.admin_menu_brand_attach({}, t)}
      </button>
    </div>
  );
}
