import { useState } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { conceptBody, type ConceptBody } from '#domain/admin-forms.ts';
import { TRANSLATED_TENANT_COLUMNS, type TenantColumn } from '#domain/brand-fields.ts';
import AdminForm from '../forms/AdminForm.tsx';
import { answerOf } from '../forms/api-answer.ts';
import { CheckField, Section, TextField } from '../forms/fields.tsx';
import { FIELD_LABEL } from '#app/admin/forms/labels.ts';
import '#app/admin/forms/admin-forms.css';

const noSeller = { code: '', name: '', street: '', zip: '', city: '', taxId: '', register: '' };
const empty: Required<ConceptBody> = {
  defaultRestaurantSlug: '',
  showOnCompanyPortfolio: true,
  active: false,
  legalEntity: noSeller,
};

type Row = Record<keyof ConceptBody | TenantColumn, unknown> & { id: number };
/** The stored row as the form's values: a null optional text is an empty box, no seller empty boxes. */
const toValues = (row: Row): ConceptBody => ({
  ...(Object.fromEntries(Object.keys(empty).map((key) => [key, row[key as keyof ConceptBody] ?? ''])) as ConceptBody),
  legalEntity: { ...noSeller, ...(row.legalEntity as Partial<typeof noSeller> | null) },
});

// The marketers' fields the admin shows, in the order of tenant.json; the pictures other than the logo live only in
// the brand's site folder (db/seed/tenants.ts).
const shown = [
  'name',
  'slug',
  'domain',
  'country',
  'contactEmail',
  'shortDescription',
  'description',
  'chef',
  'chefsComment',
  'facebook',
  'instagram',
  'tiktok',
  'gtm',
  'logo',
  'rrRegulationsUrl',
  'rrPolicyUrl',
] as const satisfies readonly TenantColumn[];

const endpoint = api.admin.concepts;

/**
 * Show and edit a concept (decision 043): what operators run (active, the default restaurant, the portfolio flag)
 * in the form; the brand's own texts, links and pictures read-only, each saying where in tenants/<slug>/tenant.json
 * it is edited.
 */
export default function ConceptForm({ locale, id }: { locale: UiLocale; id: string }) {
  const t = inLocale(locale);
  const [row, setRow] = useState<Row | null>(null);
  const field = (name: Exclude<keyof ConceptBody, 'legalEntity'>) => ({
    name,
    locale,
    label: FIELD_LABEL[name]({}, t),
  });
  const seller = (name: keyof typeof noSeller, label: string, hint?: string) => (
    <TextField name={`legalEntity.${name}`} locale={locale} label={label} {...(hint ? { hint } : {})} />
  );
  const file = `tenants/${String(row?.slug ?? '')}/tenant.json`;
  const editedIn = (name: TenantColumn) =>
    TRANSLATED_TENANT_COLUMNS.includes(name)
      ? m.admin_concepts_editedInTranslated({ file, field: name, en: `texts.en.${name}`, ua: `texts.ua.${name}` }, t)
      : m.admin_concepts_editedIn({ file, field: name }, t);
  return (
    <AdminForm
      locale={locale}
      entity="concepts"
      id={id}
      schema={conceptBody}
      empty={empty}
      load={(key) =>
        answerOf(endpoint[':id'].$get({ param: { id: key } }), (b) => {
          setRow(b.concept);
          return toValues(b.concept);
        })
      }
      save={(json, key) =>
        answerOf(endpoint[':id'].$put({ param: { id: key ?? id }, json }), (b) => ({
          id: b.concept.id,
        }))
      }
      remove={(key) => answerOf(endpoint[':id'].$delete({ param: { id: key } }), () => null)}
    >
      <Section title={m.admin_concepts_operational({}, t)}>
        <TextField {...field('defaultRestaurantSlug')} hint={m.admin_concepts_defaultRestaurantHint({}, t)} />
        <CheckField {...field('showOnCompanyPortfolio')} />
        <CheckField {...field('active')} hint={m.admin_concepts_activeHint({}, t)} />
      </Section>
      <Section title={m.seller_admin_legend({}, t)}>
        {seller('name', m.seller_admin_name({}, t))}
        {seller('street', m.seller_admin_street({}, t))}
        {seller('zip', m.seller_admin_zip({}, t))}
        {seller('city', m.seller_admin_city({}, t))}
        {seller('taxId', m.seller_admin_taxId({}, t))}
        {seller('register', m.seller_admin_register({}, t))}
        {seller('code', m.seller_admin_code({}, t), m.seller_admin_codeHint({}, t))}
      </Section>
      {row && (
        <Section title={m.admin_concepts_fromTenant({}, t)}>
          <p className="admin-hint admin-wide">{m.admin_concepts_fromTenantIntro({ file }, t)}</p>
          <dl className="admin-details admin-wide">
            {shown.map((name) => (
              <div key={name}>
                <dt>{FIELD_LABEL[name]({}, t)}</dt>
                <dd>{row[name] === null || row[name] === '' ? '—' : String(row[name])}</dd>
                <dd className="admin-hint">{editedIn(name)}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
    </AdminForm>
  );
}
