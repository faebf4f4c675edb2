import { useEffect } from 'react';
import { atom } from 'nanostores';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { useStore } from '#app/stores/use-store.ts';
import { ingredientName, type IngredientNames } from '#domain/ingredients.ts';
import { controlProps, FieldNotes } from '#app/ui/field.tsx';
import { idOf, useField, useValue } from '#app/admin/forms/form-state.tsx';

type KitchenLists = {
  ingredients: { id: number; names: IngredientNames; outOfStock: boolean }[];
  items: Record<string, number[]>;
  options: Record<string, number[]>;
};

/** The restaurant's kitchen's ingredients and the lists its dishes and options hold, read when a dish form opens. */
const $lists = atom<KitchenLists | null>(null);

async function loadLists(restaurantId: string) {
  const answer = await readAnswer(api.admin.ingredients.restaurants[':id'].$get({ param: { id: restaurantId } }));
  if (answer.ok) $lists.set(answer.data as KitchenLists);
}

/**
 * The ingredients a dish (no `prefix`) or an option (`groups.g.options.o.`) lists, in the menu's dish form (issue 35,
 * decision 064): checkboxes of its kitchen's ingredients. Untouched, the form leaves `ingredientIds` out and the
 * server keeps the lists; once it lists any, the row's allergens are derived from them. The dish's picker
 * (`restaurantId`) reads the lists each time the form opens; the options' pickers share them.
 */
export function IngredientPicker({
  locale,
  prefix = '',
  restaurantId,
  itemId,
}: {
  locale: UiLocale;
  prefix?: string;
  restaurantId?: string;
  itemId?: number | null;
}) {
  const t = inLocale(locale);
  const lists = useStore($lists);
  const optionId = useValue<number | undefined>(`${prefix}id`);
  const name = `${prefix}ingredientIds`;
  const field = useField<number[] | undefined>(name);
  useEffect(() => {
    if (restaurantId) void loadLists(restaurantId);
  }, [restaurantId]);
  if (!lists || lists.ingredients.length === 0) return null;
  const stored = prefix
    ? optionId !== undefined
      ? lists.options[String(optionId)]
      : undefined
    : itemId
      ? lists.items[String(itemId)]
      : undefined;
  const id = idOf(name);
  const chosen = field.value ?? stored ?? [];
  const frame = {
    id,
    label: m.admin_menu_ingredients({}, t),
    hint: m.admin_menu_ingredientsHint({}, t),
    error: field.rule ? fieldMessage(field.rule, locale) : undefined,
    look: 'admin' as const,
  };
  const { 'aria-describedby': describedBy, 'aria-invalid': invalid } = controlProps(frame);
  return (
    <fieldset className="admin-wide admin-ingredients-picker" aria-describedby={describedBy}>
      <legend>{frame.label}</legend>
      <FieldNotes {...frame} error={undefined} />
      {lists.ingredients.map((ingredient) => (
        <label key={ingredient.id} htmlFor={`${id}-${ingredient.id}`} className="admin-check">
          <input
            id={`${id}-${ingredient.id}`}
            type="checkbox"
            checked={chosen.includes(ingredient.id)}
            aria-invalid={invalid}
            onChange={(event) =>
              field.set(
                event.target.checked ? [...chosen, ingredient.id] : chosen.filter((listed) => listed !== ingredient.id),
              )
            }
          />{' '}
          {ingredientName(ingredient.names, locale)}
        </label>
      ))}
      <FieldNotes {...frame} hint={undefined} />
    </fieldset>
  );
}
