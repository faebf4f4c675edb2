import { Controller, useFormContext } from 'react-hook-form';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import type { FieldRule } from '#domain/errors.ts';
import { Notice } from '#app/ui/notice.tsx';

export type KitchenChoice = { id: number; name: string; city: string };

/**
 * The kitchens (locations) a kitchen account works in, ticked in a group of checkboxes named by its legend: it sees
 * and acts on the orders of the restaurants cooked there only. The API answers notEmpty when none is ticked.
 */
export function KitchensField({ locale, choices }: { locale: UiLocale; choices: readonly KitchenChoice[] }) {
  const t = inLocale(locale);
  const { control } = useFormContext<{ kitchens: number[] }>();
  return (
    <Controller
      control={control}
      name="kitchens"
      render={({ field, fieldState }) => {
        const chosen = new Set(field.value);
        const errorId = 'admin-kitchens-error';
        return (
          <fieldset
            className="admin-field admin-wide admin-kitchens"
            aria-describedby={fieldState.error ? `admin-kitchens-hint ${errorId}` : 'admin-kitchens-hint'}
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
                    aria-invalid={fieldState.error ? true : undefined}
                    onBlur={field.onBlur}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...field.value, kitchen.id]
                          : field.value.filter((id: number) => id !== kitchen.id),
                      )
                    }
                  />
                  <label htmlFor={`admin-kitchens-${kitchen.id}`}>
                    {kitchen.name} ({kitchen.city})
                  </label>
                </li>
              ))}
            </ul>
            {fieldState.error?.message && (
              <Notice tone="error" className="admin-error" id={errorId}>
                {fieldMessage(fieldState.error.message as FieldRule, locale)}
              </Notice>
            )}
          </fieldset>
        );
      }}
    />
  );
}
