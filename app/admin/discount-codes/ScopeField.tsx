import { controlProps, FieldNotes } from '#app/ui/field.tsx';
import { idOf, useField } from '../forms/form-state.tsx';

export type ScopeChoice = { id: number; label: string };

/**
 * The brands, restaurants or menu categories a discount code is for (issue 38), ticked in a group of checkboxes named
 * by its legend; none ticked is all of them, as the hint says. It breaks no rule of its own (an unknown id is the
 * form's refusal), so only its hint is named.
 */
export function ScopeField({
  name,
  legend,
  hint,
  choices,
}: {
  name: 'conceptIds' | 'restaurantIds' | 'categoryIds';
  legend: string;
  hint: string;
  choices: readonly ScopeChoice[];
}) {
  const field = useField<number[] | undefined>(name);
  const chosen = new Set(field.value ?? []);
  const frame = { id: idOf(name), label: legend, hint, look: 'admin' as const };
  const { 'aria-describedby': describedBy } = controlProps(frame);
  return (
    <fieldset className="admin-field admin-wide admin-kitchens admin-scope" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <FieldNotes {...frame} />
      <ul>
        {choices.map((choice) => (
          <li key={choice.id} className="admin-check">
            <input
              id={`admin-${name}-${choice.id}`}
              type="checkbox"
              name={name}
              value={choice.id}
              checked={chosen.has(choice.id)}
              onChange={(event) =>
                field.set(
                  event.target.checked
                    ? [...(field.value ?? []), choice.id]
                    : (field.value ?? []).filter((id) => id !== choice.id),
                )
              }
            />
            <label htmlFor={`admin-${name}-${choice.id}`}>{choice.label}</label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
