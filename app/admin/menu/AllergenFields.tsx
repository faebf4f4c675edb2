import { ALLERGENS, type Allergen } from '#domain/allergens.ts';
import type { AllergensBody } from '#domain/menu-forms.ts';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { allergenTexts } from '#i18n/allergen-texts.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { Checkbox, controlProps, FieldNotes } from '#app/ui/field.tsx';
import { idOf, ruleAt, useAdminForm, useFormState } from '../forms/form-state.tsx';
import { valueAt } from '#app/forms/form.ts';
import './allergen-fields.css';

type Mark = 'free' | 'contains' | 'mayContain';

const markOf = (value: AllergensBody, allergen: Allergen): Mark =>
  value?.contains.includes(allergen) ? 'contains' : value?.mayContain.includes(allergen) ? 'mayContain' : 'free';

/** The value with one group set to `mark`, in the fourteen's order; a group is contained or a trace, never both. */
function withMark(value: NonNullable<AllergensBody>, allergen: Allergen, mark: Mark): NonNullable<AllergensBody> {
  const next = (list: readonly Allergen[], on: boolean) =>
    ALLERGENS.filter((a) => (a === allergen ? on : list.includes(a)));
  return {
    contains: next(value.contains, mark === 'contains'),
    mayContain: next(value.mayContain, mark === 'mayContain'),
  };
}

/**
 * An item's or an option's allergens in the admin's menu form (issue 36): "given" or not (not given, the shop says
 * "ask the restaurant"), then each of the fourteen groups as not in it, contained, or a possible trace. One select a
 * group keeps a group from being both; the API checks the same (allergenProblems).
 */
export function AllergenFields({ prefix, locale }: { prefix: string; locale: UiLocale }) {
  const t = inLocale(locale);
  const form = useAdminForm();
  const state = useFormState();
  const name = `${prefix}allergens`;
  const id = idOf(name);
  const names = allergenTexts(locale).names;
  // The first rule the API or the schema put at the allergens or under them (allergens.contains, …).
  const rule = ruleAt(state.errors, name, true);
  const value = (valueAt(state.values, name) ?? null) as AllergensBody;
  const set = (next: AllergensBody) => form.setAt(name, next);
  const frame = {
    id,
    label: m.allergen_admin_legend({}, t),
    error: rule ? fieldMessage(rule, locale) : undefined,
    look: 'admin' as const,
  };
  return (
    <fieldset className="admin-wide admin-allergens" aria-describedby={controlProps(frame)['aria-describedby']}>
      <legend>{frame.label}</legend>
      <Checkbox
        id={`${id}-given`}
        look="admin"
        label={m.allergen_admin_given({}, t)}
        hint={value === null ? m.allergen_admin_unknown_hint({}, t) : undefined}
        checked={value !== null}
        onChange={(event) => set(event.target.checked ? { contains: [], mayContain: [] } : null)}
      />
      {value !== null && (
        <div className="admin-allergen-grid">
          {ALLERGENS.map((allergen) => (
            <div key={allergen} className="admin-allergen">
              <label htmlFor={`${id}-${allergen}`}>{names[allergen]}</label>
              <select
                {...controlProps({ id: `${id}-${allergen}`, label: names[allergen] })}
                name={`${name}.${allergen}`}
                value={markOf(value, allergen)}
                onChange={(event) => set(withMark(value, allergen, event.target.value as Mark))}
              >
                <option value="free">{m.allergen_admin_free({}, t)}</option>
                <option value="contains">{m.allergen_admin_contains({}, t)}</option>
                <option value="mayContain">{m.allergen_admin_may_contain({}, t)}</option>
              </select>
            </div>
          ))}
        </div>
      )}
      <FieldNotes {...frame} />
    </fieldset>
  );
}
