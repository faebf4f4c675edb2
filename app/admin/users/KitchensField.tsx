import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { Notice } from '#app/ui/notice.tsx';
import { useField } from '../forms/form-state.tsx';

export type KitchenChoice = { id: number; name: string; city: string };

/**
 * The kitchens (locations) a kitchen account works in, ticked in a group of checkboxes named by its legend: it sees
 * and acts on the orders of the restaurants cooked there only. The API answers notEmpty when none is ticked.
 */
export function KitchensField({ locale, choices }: { locale: UiLocale; choices: readonly KitchenChoice[] }) {
  const t = inLocale(locale);
  const field = useField<number[]>('kitchens');
  const chosen = new Set(field.value);
  const errorId = 'admin-kitchens-error';
  return (
    <fieldset
      className="admin-field admin-wide admin-kitchens"
      aria-describedby={field.rule ? `admin-kitchens-hint ${errorId}` : 'admin-kitchens-hint'}
    >
      <legend>
        {m.admin_forms_field_kitchens({}, t)}
        <span aria-hidden="true"> *</span>
      </legend>
      <p className="admin-hint" id="admin-kitchens-hint">
        {m.admin_forms_kitchensHint({}, t)}
      </p>
      <ul>
        {choices.map((kitchen) => (
          <li key={kitchen.id} className="admin-check">
            <input
              id={`admin-kitchens-${kitchen.id}`}
              type="checkbox"
              name="kitchens"
              value={kitchen.id}
              checked={chosen.has(kitchen.id)}
              aria-invalid={field.rule ? true : undefined}
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
      {field.rule && (
        <Notice tone="error" className="admin-error" id={errorId}>
          {fieldMessage(field.rule, locale)}
        </Notice>
      )}
    </fieldset>
  );
}
