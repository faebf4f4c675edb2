import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { controlProps, FieldNotes } from '#app/ui/field.tsx';
import { useField } from '../forms/form-state.tsx';

export type KitchenChoice = { id: number; name: string; city: string };

/**
 * The kitchens (locations) a kitchen account works in, ticked in a group of checkboxes named by its legend: it sees
 * and acts on the orders of the restaurants cooked there only. The API answers notEmpty when none is ticked, said at
 * once (`alert`) under the group as before.
 */
export function KitchensField({ locale, choices }: { locale: UiLocale; choices: readonly KitchenChoice[] }) {
  const t = inLocale(locale);
  const field = useField<number[]>('kitchens');
  const chosen = new Set(field.value);
  const frame = {
    id: 'admin-kitchens',
    label: m.admin_forms_field_kitchens({}, t),
    hint: m.admin_forms_kitchensHint({}, t),
    error: field.rule ? fieldMessage(field.rule, locale) : undefined,
    look: 'admin' as const,
  };
  const { 'aria-describedby': describedBy, 'aria-invalid': invalid } = controlProps(frame);
  return (
    <fieldset className="admin-field admin-wide admin-kitchens" aria-describedby={describedBy}>
      <legend>
        {frame.label}
        <span aria-hidden="true"> *</span>
      </legend>
      <FieldNotes {...frame} error={undefined} />
      <ul>
        {choices.map((kitchen) => (
          <li key={kitchen.id} className="admin-check">
            <input
              id={`admin-kitchens-${kitchen.id}`}
              type="checkbox"
              name="kitchens"
              value={kitchen.id}
              checked={chosen.has(kitchen.id)}
              aria-invalid={invalid}
              onChange={(event) =>
                field.set(
                  event.target.checked ? [...field.value, kitchen.id] : field.value.filter((id) => id !== kitchen.id),
                )
              }
            />
            <label htmlFor={`admin-kitchens-${kitchen.id}`}>
              {kitchen.name} ({kitchen.city})
            </label>
          </li>
        ))}
      </ul>
      <FieldNotes {...frame} hint={undefined} alert />
    </fieldset>
  );
}
