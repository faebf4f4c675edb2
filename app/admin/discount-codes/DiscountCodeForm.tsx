import { useFormContext } from 'react-hook-form';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
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
import { answerOf } from '../forms/api-answer.ts';
import { countryOptions } from '../forms/choices.ts';
import { CheckField, MoneyField, NumberField, Section, SelectField, TextField } from '../forms/fields.tsx';
import { DISCOUNT_TYPE_LABEL } from '#app/admin/forms/labels.ts';

const endpoint = api.admin.discountCodes;
type Row = DiscountUpdateBody & { id: number; used: number };
type Values = DiscountUpdateBody & { mode: 'one' | 'generate'; count: number; prefix: string; used: number };

const common = discountUpdateBody.omit('code');
/** Adding: one named code, or `count` generated ones with a prefix; editing: the code's fields. */
const addSchema = common.and({ mode: "'one'", code: discountUpdateBody.get('code') }).or(
  common.and({
    mode: "'generate'",
    count: `1 <= number.integer <= ${MAX_GENERATED_CODES}`,
    prefix: discountCreateBody.get('prefix'),
  }),
);
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
};

/** The value box follows the type: percent, money (minor units), or nothing for free delivery. */
function ValueField({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const kind = useFormContext<Values>().watch('type');
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
  const form = useFormContext<Values>();
  const mode = form.watch('mode');
  if (!adding)
    return (
      <>
        <TextField name="code" label={m.admin_forms_field_code({}, t)} locale={locale} required />
        <p className="admin-readonly">
          {m.admin_forms_field_used({}, t)}: <strong>{form.watch('used')}</strong> / {form.watch('quantity')}
        </p>
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

/** Add (one code or many generated) or show and edit a discount code with its usage. */
export default function DiscountCodeForm({ locale, id }: { locale: UiLocale; id?: string }) {
  const t = inLocale(locale);
  return (
    <AdminForm<Values>
      locale={locale}
      entity="discountCodes"
      id={id}
      schema={(id ? editSchema : addSchema) as unknown as StandardSchemaV1<Values>}
      empty={empty}
      load={(key) =>
        answerOf(endpoint[':id'].$get({ param: { id: key } }), (b: { code: Row }) => ({ ...empty, ...b.code }))
      }
      save={(values, key) => {
        const { mode, count, prefix, used: _used, code, ...fields } = values;
        const value = fields.type === 'freeDelivery' ? 0 : fields.value;
        if (key)
          return answerOf(
            endpoint[':id'].$put({ param: { id: key }, json: { ...fields, value, code } }),
            (b: { code: Row }) => ({
              id: b.code.id,
            }),
          );
        const json = mode === 'generate' ? { ...fields, value, count, prefix } : { ...fields, value, code };
        return answerOf(endpoint.$post({ json }), (b: { codes: Row[] }) => ({
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
    </AdminForm>
  );
}
