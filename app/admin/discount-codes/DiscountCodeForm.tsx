import type { InferResponseType } from 'hono/client';
import { useEffect, useState } from 'react';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import {
  DISCOUNT_TYPES,
  discountCreateBody,
  discountUpdateBody,
  MAX_GENERATED_CODES,
  type DiscountUpdateBody,
} from '#domain/admin-forms.ts';
import AdminForm from '../forms/AdminForm.tsx';
import { answerOf, asFormValues } from '../forms/api-answer.ts';
import { useValue } from '../forms/form-state.tsx';
import { countryOptions } from '../forms/choices.ts';
import { CheckField, MoneyField, NumberField, Section, SelectField, TextField } from '../forms/fields.tsx';
import { DISCOUNT_TYPE_LABEL } from '#app/admin/forms/labels.ts';
import { ScopeField, type ScopeChoice } from './ScopeField.tsx';
import { adminPath } from '#domain/admin-routes.ts';
import '#app/admin/forms/admin-forms.css';

const endpoint = api.admin.discountCodes;
/** As the API answers a code: a rule it does not have is null there. */
type Row = InferResponseType<(typeof endpoint)[':id']['$get'], 200>['code'];
/** The code's own rules (issue 38) as the form holds them: '' and [] for none, a minimum of 0 for none. */
type Rules = Required<
  Pick<
    DiscountUpdateBody,
    | 'validFrom'
    | 'validTo'
    | 'minBasketValue'
    | 'oncePerCustomer'
    | 'firstOrderOnly'
    | 'conceptIds'
    | 'restaurantIds'
    | 'categoryIds'
  >
>;
type Values = DiscountUpdateBody &
  Rules & { mode: 'one' | 'generate'; count: number; prefix: string; used: number; batch: string | null };

/** A loaded code's rules in the form's terms. */
const rulesOf = (row: Row): Rules => ({
  validFrom: row.validFrom ?? '',
  validTo: row.validTo ?? '',
  minBasketValue: row.minBasketValue ?? 0,
  oncePerCustomer: row.oncePerCustomer,
  firstOrderOnly: row.firstOrderOnly,
  conceptIds: row.conceptIds ?? [],
  restaurantIds: row.restaurantIds ?? [],
  categoryIds: row.categoryIds ?? [],
});

type Choices = { concepts: ScopeChoice[]; restaurants: ScopeChoice[]; categories: ScopeChoice[] };
/** The brands, restaurants and categories a code may be limited to, read once for the form. */
function useScopeChoices(): Choices | null {
  const [choices, setChoices] = useState<Choices | null>(null);
  useEffect(() => {
    void answerOf(endpoint.choices.$get(), (b) => b).then((answer) => {
      const b = answer.ok ? answer.data : { concepts: [], restaurants: [], categories: [] };
      setChoices({
        concepts: b.concepts.map((c) => ({ id: c.id, label: c.name })),
        restaurants: b.restaurants.map((r) => ({ id: r.id, label: `${r.name} (${r.city})` })),
        categories: b.categories.map((c) => ({ id: c.id, label: `${c.restaurant}: ${c.name}` })),
      });
    });
  }, []);
  return choices;
}

const common = discountUpdateBody.omit('code');
/** Adding: one named code, or `count` generated ones with a prefix; editing: the code's fields. */
const oneSchema = common.and({ mode: "'one'", code: discountUpdateBody.get('code') });
const generateSchema = common.and({
  mode: "'generate'",
  count: `1 <= number.integer <= ${MAX_GENERATED_CODES}`,
  prefix: discountCreateBody.get('prefix'),
});
// The branch is chosen by the mode before checking: a union checked whole answers one sentence for the whole body
// ("code must be non-empty or count must be a number"), which no field can show.
const addSchema: StandardSchemaV1<Values> = {
  '~standard': {
    version: 1,
    vendor: 'arktype',
    validate: (values) =>
      ((values as Values)['mode'] === 'generate' ? generateSchema : oneSchema)['~standard'].validate(
        values,
      ) as StandardSchemaV1.Result<Values>,
  },
};
const editSchema = discountUpdateBody.and({ used: 'number' });

const empty: Values = {
  mode: 'one',
  code: '',
  count: 10,
  prefix: '',
  type: 'percentage',
  value: 10,
  country: 'pl',
  quantity: 1,
  active: true,
  used: 0,
  batch: null,
  validFrom: '',
  validTo: '',
  minBasketValue: 0,
  oncePerCustomer: false,
  firstOrderOnly: false,
  conceptIds: [],
  restaurantIds: [],
  categoryIds: [],
};

/** The value box follows the type: percent, money (minor units), or nothing for free delivery. */
function ValueField({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const kind = useValue<Values['type']>('type');
  const label = m.admin_forms_field_value({}, t);
  if (kind === 'freeDelivery') return null;
  return kind === 'amount' ? (
    <MoneyField name="value" label={label} locale={locale} hint={m.admin_forms_moneyHint({}, t)} />
  ) : (
    <NumberField name="value" label={`${label} (%)`} locale={locale} min={1} max={100} required />
  );
}

function CodeFields({ locale, adding }: { locale: UiLocale; adding: boolean }) {
  const t = inLocale(locale);
  const mode = useValue<Values['mode']>('mode');
  const used = useValue<number>('used');
  const quantity = useValue<number>('quantity');
  if (!adding)
    return (
      <>
        <TextField name="code" label={m.admin_forms_field_code({}, t)} locale={locale} required />
        <p className="admin-readonly">
          {m.admin_forms_field_used({}, t)}: <strong>{used}</strong> / {quantity}
        </p>
        <BatchLink locale={locale} />
      </>
    );
  return (
    <>
      <SelectField
        name="mode"
        label={m.admin_forms_codeMode({}, t)}
        locale={locale}
        options={[
          { value: 'one', label: m.admin_forms_codeMode_one({}, t) },
          { value: 'generate', label: m.admin_forms_codeMode_generate({}, t) },
        ]}
      />
      {mode === 'generate' ? (
        <>
          <NumberField
            name="count"
            label={m.admin_forms_field_count({}, t)}
            locale={locale}
            min={1}
            max={MAX_GENERATED_CODES}
            required
          />
          <TextField name="prefix" label={m.admin_forms_field_prefix({}, t)} locale={locale} />
        </>
      ) : (
        <TextField name="code" label={m.admin_forms_field_code({}, t)} locale={locale} required />
      )}
    </>
  );
}

/** A generated code links to its batch: the list of the codes made with it, their uses, and its CSV export. */
function BatchLink({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const batch = useValue<string | null>('batch');
  if (!batch) return null;
  const list = adminPath(locale, { screen: 'list', entity: 'discountCodes', page: 1 });
  return (
    <p className="admin-readonly admin-batch">
      <a href={`${list}?batch=${encodeURIComponent(batch)}`}>{m.promo_batch_link({}, t)}</a>
    </p>
  );
}

/** A code's own rules (issue 38): when, how much, who, and for which brands, restaurants and categories. */
function RuleFields({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const choices = useScopeChoices();
  return (
    <Section title={m.promo_section_rules({}, t)}>
      <TextField
        name="validFrom"
        type="datetime-local"
        label={m.promo_field_validFrom({}, t)}
        hint={m.promo_windowHint({}, t)}
        locale={locale}
      />
      <TextField
        name="validTo"
        type="datetime-local"
        label={m.promo_field_validTo({}, t)}
        hint={m.promo_windowHint({}, t)}
        locale={locale}
      />
      <MoneyField
        name="minBasketValue"
        label={m.promo_field_minBasketValue({}, t)}
        hint={m.promo_minimumHint({}, t)}
        locale={locale}
      />
      <CheckField name="oncePerCustomer" label={m.promo_field_oncePerCustomer({}, t)} locale={locale} />
      <CheckField name="firstOrderOnly" label={m.promo_field_firstOrderOnly({}, t)} locale={locale} />
      {choices && (
        <>
          <ScopeField
            name="conceptIds"
            legend={m.promo_scope_concepts({}, t)}
            hint={m.promo_scopeHint({}, t)}
            choices={choices.concepts}
          />
          <ScopeField
            name="restaurantIds"
            legend={m.promo_scope_restaurants({}, t)}
            hint={m.promo_scopeHint({}, t)}
            choices={choices.restaurants}
          />
          <ScopeField
            name="categoryIds"
            legend={m.promo_scope_categories({}, t)}
            hint={m.promo_scopeHint({}, t)}
            choices={choices.categories}
          />
        </>
      )}
    </Section>
  );
}

/** Add (one code or many generated) or show and edit a discount code with its usage. */
export default function DiscountCodeForm({ locale, id }: { locale: UiLocale; id?: string }) {
  const t = inLocale(locale);
  return (
    <AdminForm<Values>
      locale={locale}
      entity="discountCodes"
      id={id}
      schema={id ? (editSchema as unknown as StandardSchemaV1<Values>) : addSchema}
      empty={empty}
      load={(key) =>
        answerOf(endpoint[':id'].$get({ param: { id: key } }), (b) =>
          asFormValues<Values>({ ...empty, ...b.code, ...rulesOf(b.code) }),
        )
      }
      save={(values, key) => {
        const { mode, count, prefix, used: _used, batch: _batch, code, ...fields } = values;
        const value = fields.type === 'freeDelivery' ? 0 : fields.value;
        if (key)
          return answerOf(endpoint[':id'].$put({ param: { id: key }, json: { ...fields, value, code } }), (b) => ({
            id: b.code.id,
          }));
        const json = mode === 'generate' ? { ...fields, value, count, prefix } : { ...fields, value, code };
        return answerOf(endpoint.$post({ json }), (b) => ({
          id: b.codes[0]?.id ?? 0,
          ...(mode === 'generate' ? { message: m.admin_forms_generated({ count: b.codes.length }, t) } : {}),
        }));
      }}
      remove={(key) => answerOf(endpoint[':id'].$delete({ param: { id: key } }), () => null)}
    >
      <Section title={m.admin_entity_discountCodes({}, t)}>
        <CodeFields locale={locale} adding={!id} />
        <SelectField
          name="type"
          label={m.admin_forms_field_type({}, t)}
          locale={locale}
          options={DISCOUNT_TYPES.map((kind) => ({ value: kind, label: DISCOUNT_TYPE_LABEL[kind]({}, t) }))}
        />
        <ValueField locale={locale} />
        <SelectField
          name="country"
          label={m.admin_forms_field_country({}, t)}
          locale={locale}
          options={countryOptions(locale)}
        />
        <NumberField name="quantity" label={m.admin_forms_field_quantity({}, t)} locale={locale} min={1} required />
        <CheckField name="active" label={m.admin_forms_field_active({}, t)} locale={locale} />
      </Section>
      <RuleFields locale={locale} />
    </AdminForm>
  );
}
