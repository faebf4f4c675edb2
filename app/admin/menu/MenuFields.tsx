import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { MENU_LANGUAGES, type MenuItemBody, type MenuLanguage } from '#domain/menu-forms.ts';
import { CheckField, MoneyField, NumberField, Section, TextAreaField, TextField } from '../forms/fields.tsx';
import { emptyGroup, emptyOption, linkedGroupValues, type EditorGroup } from './menu-form.ts';
import { AttachBrandGroup, LinkedGroup } from './BrandGroupFields.tsx';
import { AllergenFields } from './AllergenFields.tsx';
import { IngredientPicker } from '#app/admin/ingredients/IngredientPicker.tsx';
import { useAdminForm, useValue } from '../forms/form-state.tsx';
import { useRowKeys } from '../forms/rows.ts';

const languageName = (language: MenuLanguage, t: ReturnType<typeof inLocale>) =>
  ({ pl: m.admin_forms_lang_pl, en: m.admin_forms_lang_en, ua: m.admin_forms_lang_ua })[language]({}, t);

/** A row's name (and description) in each interface language; blank shows the text as written. */
export function Translations({ prefix, locale, withDesc }: { prefix: string; locale: UiLocale; withDesc?: boolean }) {
  const t = inLocale(locale);
  return (
    <Section title={m.admin_menu_translations({}, t)}>
      <p className="admin-hint admin-wide">{m.admin_menu_translationsHint({}, t)}</p>
      {MENU_LANGUAGES.map((language) => (
        <div key={language} className="admin-menu-language">
          <TextField
            name={`${prefix}translations.${language}.name`}
            locale={locale}
            label={m.admin_menu_nameIn({ language: languageName(language, t) }, t)}
          />
          {withDesc && (
            <TextAreaField
              name={`${prefix}translations.${language}.desc`}
              locale={locale}
              rows={2}
              label={m.admin_menu_descIn({ language: languageName(language, t) }, t)}
            />
          )}
        </div>
      ))}
    </Section>
  );
}

/**
 * A group's options, at least one, each with its price, names per language and allergens: a dish's group (whose
 * options also pick their ingredients) or a brand's group definition. `path` is where the form holds the list.
 */
export function OptionRows({
  path,
  locale,
  heading: Heading,
  withIngredients = false,
}: {
  path: string;
  locale: UiLocale;
  heading: 'h3' | 'h4';
  withIngredients?: boolean;
}) {
  const t = inLocale(locale);
  const form = useAdminForm();
  const list = useValue<MenuItemBody['groups'][number]['options']>(path);
  const options = useRowKeys(list, (rows) => form.setAt(path, rows));
  return (
    <div className="admin-wide admin-menu-options">
      <Heading>{m.admin_menu_options({}, t)}</Heading>
      <ol>
        {list.map((_, index) => {
          const at = `${path}.${index}.`;
          return (
            <li key={options.keys[index]} className="admin-grid">
              <TextField name={`${at}name`} locale={locale} required label={m.admin_forms_field_name({}, t)} />
              <MoneyField name={`${at}price`} locale={locale} label={m.admin_menu_field_optionPrice({}, t)} />
              <CheckField name={`${at}unavailable`} locale={locale} label={m.admin_menu_field_unavailable({}, t)} />
              {MENU_LANGUAGES.map((language) => (
                <TextField
                  key={language}
                  name={`${at}translations.${language}.name`}
                  locale={locale}
                  label={m.admin_menu_nameIn({ language: languageName(language, t) }, t)}
                />
              ))}
              {withIngredients && <IngredientPicker prefix={at} locale={locale} />}
              <AllergenFields prefix={at} locale={locale} />
              <button
                type="button"
                className="button admin-secondary"
                disabled={list.length === 1}
                onClick={() => options.remove(index)}
              >
                {m.admin_menu_removeOption({ number: index + 1 }, t)}
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button admin-secondary" onClick={() => options.append(emptyOption())}>
        {m.admin_menu_addOption({}, t)}
      </button>
    </div>
  );
}

/**
 * The item's modifier groups, each with its choice rules and its options (at least one). Linked copies of brand
 * groups (decision 058) are shown as linked, and the brand's other groups may be attached.
 */
export function ModifierGroups({
  locale,
  brandGroups = [],
  currency = 'PLN',
}: {
  locale: UiLocale;
  brandGroups?: EditorGroup[];
  currency?: string;
}) {
  const t = inLocale(locale);
  const form = useAdminForm();
  const list = useValue<MenuItemBody['groups']>('groups');
  const groups = useRowKeys(list, (rows) => form.setField('groups', rows));
  return (
    <section className="admin-menu-groups" aria-label={m.admin_menu_groups({}, t)}>
      <h3>{m.admin_menu_groups({}, t)}</h3>
      {list.map((group, index) => {
        const at = `groups.${index}.`;
        if (group.brandGroupId != null) {
          return (
            <LinkedGroup
              key={groups.keys[index]}
              group={group}
              currency={currency}
              locale={locale}
              onDetach={() => groups.remove(index)}
            />
          );
        }
        return (
          <Section key={groups.keys[index]} title={m.admin_menu_group({ number: index + 1 }, t)}>
            <TextField name={`${at}name`} locale={locale} required label={m.admin_forms_field_name({}, t)} />
            <CheckField name={`${at}required`} locale={locale} label={m.admin_menu_field_required({}, t)} />
            <NumberField name={`${at}min`} locale={locale} min={0} max={50} label={m.admin_menu_field_min({}, t)} />
            <NumberField name={`${at}max`} locale={locale} min={1} max={50} label={m.admin_menu_field_max({}, t)} />
            {MENU_LANGUAGES.map((language) => (
              <TextField
                key={language}
                name={`${at}translations.${language}.name`}
                locale={locale}
                label={m.admin_menu_nameIn({ language: languageName(language, t) }, t)}
              />
            ))}
            <OptionRows path={`groups.${index}.options`} heading="h4" locale={locale} withIngredients />
            <div className="admin-wide">
              <button type="button" className="button admin-secondary" onClick={() => groups.remove(index)}>
                {m.admin_menu_removeGroup({ number: index + 1 }, t)}
              </button>
            </div>
          </Section>
        );
      })}
      <button type="button" className="button admin-secondary" onClick={() => groups.append(emptyGroup())}>
        {m.admin_menu_addGroup({}, t)}
      </button>
      <AttachBrandGroup
        groups={brandGroups}
        held={list.flatMap((g) => (g.brandGroupId == null ? [] : [g.brandGroupId]))}
        locale={locale}
        onAttach={(group) => groups.append(linkedGroupValues(group))}
      />
    </section>
  );
}
