import { useEffect, useState } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { messageLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { readAnswer } from '#app/api-answer.ts';
import { api } from '#app/api-client.ts';
import type { InferResponseType } from 'hono/client';
import { ingredientName } from '#domain/ingredients.ts';
import { Notice } from '#app/ui/notice.tsx';
import './ingredient-stock.css';

type Answer = InferResponseType<(typeof api.admin.kitchen)[':restaurant']['ingredients']['$get'], 200>;
type Ingredient = Answer['ingredients'][number];

/**
 * The kitchen's ingredients on its board (issue 35, decision 064): one tap marks an ingredient out of stock, which
 * takes every dish that uses it off every brand cooked here, on every channel; another tap brings them back. Folded
 * by default, so the orders keep the tablet's room; its summary says how many are out.
 */
export function IngredientStock({ restaurant, locale }: { restaurant: string; locale: UiLocale }) {
  const t = { locale: messageLocale(locale) } as const;
  const [ingredients, setIngredients] = useState<Ingredient[] | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const routes = api.admin.kitchen[':restaurant'].ingredients;

  const load = async () => {
    const answer = await readAnswer(routes.$get({ param: { restaurant } }));
    if (answer.ok) setIngredients(answer.data.ingredients);
  };
  useEffect(() => {
    void load();
    // Another board of the kitchen may switch one too: read again now and then (the switch itself is instant).
    const timer = setInterval(() => void load(), 15_000);
    return () => clearInterval(timer);
  }, [restaurant]);

  const toggle = async (ingredient: Ingredient) => {
    setSending(ingredient.id);
    setProblem(null);
    const answer = await readAnswer(
      routes[':id'].$put({
        param: { restaurant, id: String(ingredient.id) },
        json: { outOfStock: !ingredient.outOfStock },
      }),
    );
    if (!answer.ok) setProblem(m.admin_orders_failed({}, t));
    await load();
    setSending(null);
  };

  if (!ingredients) return null;
  const out = ingredients.filter((i) => i.outOfStock).length;
  return (
    <details className="kitchen-ingredients" data-testid="kitchen-ingredients">
      <summary>
        {m.admin_kitchen_ingredients_title({}, t)}
        {out > 0 && (
          <span className="kitchen-ingredients-out">
            {' '}
            · {m.admin_kitchen_ingredient_out({}, t)}: {out}
          </span>
        )}
      </summary>
      <p className="kitchen-ingredients-note">{m.admin_kitchen_ingredients_note({}, t)}</p>
      {problem && <Notice tone="error">{problem}</Notice>}
      {ingredients.length === 0 ? (
        <p>{m.admin_kitchen_ingredients_none({}, t)}</p>
      ) : (
        <ul className="kitchen-ingredients-list">
          {ingredients.map((ingredient) => (
            <li key={ingredient.id}>
              <button
                type="button"
                role="switch"
                className="staff-action kitchen-ingredient"
                aria-checked={ingredient.outOfStock}
                disabled={sending !== null}
                onClick={() => void toggle(ingredient)}
              >
                <span className="kitchen-ingredient-name">{ingredientName(ingredient.names, locale)}</span>
                {ingredient.outOfStock && (
                  <span className="kitchen-ingredient-state">{m.admin_kitchen_ingredient_out({}, t)}</span>
                )}
              </button>
              <span className="kitchen-ingredient-uses">
                {m.admin_kitchen_ingredient_uses(
                  { dishes: String(ingredient.dishes), options: String(ingredient.options) },
                  t,
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
