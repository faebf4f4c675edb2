import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { errorMessage, fieldMessage } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { TextInput } from '#app/ui/field.tsx';
import { Notice } from '#app/ui/notice.tsx';
import { ingredientBody, ingredientName, type IngredientBody } from '#domain/ingredients.ts';
import { useStore } from '#app/stores/use-store.ts';
import type { FormState } from '#app/forms/form.ts';
import { AdminFormProvider, createAdminForm, focusFirstError, ruleAt, rulesOf } from '#app/admin/forms/form-state.tsx';
import { AllergenFields } from '#app/admin/menu/AllergenFields.tsx';

type Listed = {
  id: number;
  names: { pl: string; en?: string; ua?: string };
  allergens: IngredientBody['allergens'];
  dishes: number;
  options: number;
};
const endpoint = api.admin.ingredients;
const LANGUAGES = [
  ['pl', 'polski'],
  ['en', 'English'],
  ['ua', 'українська'],
] as const;

/** One ingredient's form (or a new one's): its names in pl, en and ua and its allergens; saved on its own. */
function IngredientForm({
  locale,
  kitchen,
  ingredient,
  onSaved,
}: {
  locale: UiLocale;
  kitchen: string;
  ingredient: Listed | null;
  onSaved: () => void;
}) {
  const t = inLocale(locale);
  const [form] = useState(() =>
    createAdminForm<IngredientBody>(
      {
        names: { pl: ingredient?.names.pl ?? '', en: ingredient?.names.en ?? '', ua: ingredient?.names.ua ?? '' },
        allergens: ingredient?.allergens ?? null,
      },
      ingredientBody,
    ),
  );
  const { values, errors, status } = useStore(form.$state);
  const element = useRef<HTMLFormElement>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'news'; text: string } | null>(null);
  const key = ingredient ? String(ingredient.id) : 'new';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;
    const first = form.check();
    const json = form.$state.get().values;
    if (first || Object.keys(rulesOf(ingredientBody, json)).length > 0) {
      focusFirstError(element.current, form, first);
      setNotice({ tone: 'error', text: errorMessage('validation', locale) });
      return;
    }
    form.$state.setKey('status', 'sending');
    const answer = ingredient
      ? await readAnswer(endpoint[':id'].$put({ param: { id: String(ingredient.id) }, json }))
      : await readAnswer(endpoint.locations[':id'].$post({ param: { id: kitchen }, json }));
    if (!answer.ok) {
      form.refuse(answer.details as FormState<IngredientBody>['errors']);
      setNotice({ tone: 'error', text: errorMessage(answer.key, locale) });
      return;
    }
    setNotice({ tone: 'news', text: m.admin_ingredients_saved({}, t) });
    form.reset(ingredient ? json : undefined);
    onSaved();
  };
  const remove = async () => {
    if (!ingredient) return;
    const answer = await readAnswer(endpoint[':id'].$delete({ param: { id: String(ingredient.id) } }));
    if (!answer.ok) setNotice({ tone: 'error', text: errorMessage(answer.key, locale) });
    else onSaved();
  };
  const problem = (language: string) => {
    const rule = ruleAt(errors, `names.${language}`);
    return rule ? fieldMessage(rule, locale) : undefined;
  };

  return (
    <AdminFormProvider form={form}>
      <form ref={element} className="admin-form admin-ingredient" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="admin-ingredient-names">
          {LANGUAGES.map(([language, name]) => (
            <TextInput
              key={language}
              id={`ingredient-${key}-${language}`}
              look="admin"
              label={m.admin_ingredients_name({ language: name }, t)}
              required={language === 'pl'}
              maxLength={120}
              error={problem(language)}
              name={`names.${language}`}
              value={values.names[language] ?? ''}
              onChange={(event) => form.setAt(`names.${language}`, event.target.value)}
            />
          ))}
        </div>
        <AllergenFields prefix="" locale={locale} />
        {ingredient && (
          <p className="admin-hint">
            {m.admin_kitchen_ingredient_uses(
              { dishes: String(ingredient.dishes), options: String(ingredient.options) },
              t,
            )}
          </p>
        )}
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <div className="admin-actions">
          <button type="submit" className="admin-button">
            {ingredient ? m.admin_ingredients_save({}, t) : m.admin_ingredients_add({}, t)}
          </button>
          {ingredient && (
            <button type="button" className="admin-button admin-danger" onClick={() => void remove()}>
              {m.admin_ingredients_delete({ name: ingredientName(ingredient.names, locale) }, t)}
            </button>
          )}
        </div>
      </form>
    </AdminFormProvider>
  );
}

/**
 * A kitchen's ingredient list (issue 35, decision 064), under its location's form: every brand cooked here lists its
 * dishes' ingredients from it; a dish's allergens follow theirs. Stock is switched on the kitchen board.
 */
export function KitchenIngredientsForm({ locale, id }: { locale: UiLocale; id: string }) {
  const t = inLocale(locale);
  const [ingredients, setIngredients] = useState<Listed[] | null>(null);
  const load = () =>
    void readAnswer(endpoint.locations[':id'].$get({ param: { id } })).then((answer) => {
      if (answer.ok) setIngredients(answer.data.ingredients as Listed[]);
    });
  useEffect(load, [id]);
  return (
    <section className="admin-section admin-ingredients" aria-labelledby="admin-ingredients-title">
      <h2 id="admin-ingredients-title">{m.admin_ingredients_title({}, t)}</h2>
      {ingredients?.length === 0 && <p>{m.admin_ingredients_empty({}, t)}</p>}
      {ingredients?.map((ingredient) => (
        <details key={`${ingredient.id}-${JSON.stringify(ingredient)}`}>
          <summary>{ingredientName(ingredient.names, locale)}</summary>
          <IngredientForm locale={locale} kitchen={id} ingredient={ingredient} onSaved={load} />
        </details>
      ))}
      {ingredients && (
        <details>
          <summary>{m.admin_ingredients_add({}, t)}</summary>
          <IngredientForm locale={locale} kitchen={id} ingredient={null} onSaved={load} />
        </details>
      )}
    </section>
  );
}
