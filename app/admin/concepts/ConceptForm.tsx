import type { UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { conceptBody, type ConceptBody } from '#domain/admin-forms.ts';
import AdminForm from '../forms/AdminForm.tsx';
import { answerOf } from '../forms/api-answer.ts';
import { countryOptions } from '../forms/choices.ts';
import { CheckField, Section, SelectField, TextAreaField, TextField } from '../forms/fields.tsx';

const empty: ConceptBody = {
  slug: '',
  domain: '',
  name: '',
  country: 'pl',
  shortDescription: '',
  description: '',
  contactEmail: '',
  chef: '',
  chefsComment: '',
  facebook: '',
  instagram: '',
  tiktok: '',
  logo: '',
  cover: '',
  defaultRestaurantSlug: '',
  showOnCompanyPortfolio: true,
  active: true,
};

type Row = Record<keyof ConceptBody, unknown> & { id: number };
/** The stored row as the form's values: a null optional text is an empty box. */
const toValues = (row: Row): ConceptBody =>
  Object.fromEntries(Object.keys(empty).map((key) => [key, row[key as keyof ConceptBody] ?? ''])) as ConceptBody;

const endpoint = api.admin.concepts;

/** Add or show and edit a concept: its brand site's fields, the portfolio flag, active (soft delete). */
export default function ConceptForm({ locale, id }: { locale: UiLocale; id?: string }) {
  const t = inLocale(locale);
  const field = (name: keyof ConceptBody) => ({ name, locale, label: m[`admin_forms_field_${name}`]({}, t) });
  return (
    <AdminForm
      locale={locale}
      entity="concepts"
      id={id}
      schema={conceptBody}
      empty={empty}
      load={(key) =>
        answerOf(endpoint[':id'].$get({ param: { id: key } }), (b: { concept: Row }) => toValues(b.concept))
      }
      save={(json, key) =>
        key
          ? answerOf(endpoint[':id'].$put({ param: { id: key }, json }), (b: { concept: Row }) => ({
              id: b.concept.id,
            }))
          : answerOf(endpoint.$post({ json }), (b: { concept: Row }) => ({ id: b.concept.id }))
      }
      remove={(key) => answerOf(endpoint[':id'].$delete({ param: { id: key } }), () => null)}
    >
      <Section title={m.admin_entity_concepts({}, t)}>
        <TextField {...field('name')} required />
        <TextField {...field('slug')} required />
        <TextField {...field('domain')} required />
        <SelectField {...field('country')} options={countryOptions(locale)} />
        <TextField {...field('contactEmail')} type="email" required />
        <TextField {...field('defaultRestaurantSlug')} />
        <TextAreaField {...field('shortDescription')} rows={2} />
        <TextAreaField {...field('description')} rows={5} />
        <TextField {...field('chef')} />
        <TextAreaField {...field('chefsComment')} rows={3} />
        <TextField {...field('facebook')} type="url" />
        <TextField {...field('instagram')} type="url" />
        <TextField {...field('tiktok')} type="url" />
        <TextField {...field('logo')} />
        <TextField {...field('cover')} />
        <CheckField {...field('showOnCompanyPortfolio')} />
        <CheckField {...field('active')} />
      </Section>
    </AdminForm>
  );
}
