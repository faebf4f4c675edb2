import { useEffect, useRef, useState } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { useForm, type FieldErrors, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { errorMessage, fieldMessage } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import type { Country, PaymentMethod } from '#domain/country.ts';
import type { FieldRule } from '#domain/errors.ts';
import { formatMoney } from '#domain/money.ts';
import { orderFormErrors, type OrderFormValues } from './order-form-rules.ts';
import type { Refusal } from '#app/api-answer.ts';
import { Select, TextArea, TextInput } from '#app/ui/field.tsx';
import { $basket, $busy, $methods, $prefill, placeOrder, type OrderInput } from './phone-order.ts';
import { inLocale, type UiLocale } from './texts.ts';
import { Notice } from '#app/ui/notice.tsx';
import { InvoiceFields } from '#app/checkout/InvoiceFields.tsx';
import { SellerNotice } from '#app/invoices/SellerNotice.tsx';
import { $seller, checkInvoice, invoiceBody, invoiceRefusal, loadSeller } from '#app/stores/invoice-request.ts';
import { PhoneOrderTime, $ccOrderTime } from '#app/capacity/PhoneOrderTime.tsx';
import { scheduledForBody } from '#app/capacity/order-time.ts';

// Named one by one: a computed message name makes the bundler keep the whole catalogue (app/i18n/allergen-texts.ts).
const COUNTRY_NAMES: Record<Country, typeof m.cc_country_pl> = {
  pl: m.cc_country_pl,
  ua: m.cc_country_ua,
  pt: m.cc_country_pt,
};

const DELIVERY = [
  ['door2door', m.cc_method_door2door],
  ['outside', m.cc_method_outside],
  ['leave@door', m.cc_method_leave],
  ['pickup', m.cc_method_pickup],
] as const;
const PAYMENT_TEXT: Partial<Record<PaymentMethod, typeof m.cc_pay_blik>> = {
  blik: m.cc_pay_blik,
  cashOnDelivery: m.cc_pay_cashOnDelivery,
  cardOnDelivery: m.cc_pay_cardOnDelivery,
};
const CONSENT_TEXT = {
  agree1: m.cc_consent_agree1,
  agree2: m.cc_consent_agree2,
  providerTerms: m.cc_consent_providerTerms,
  orderWithObligation: m.cc_consent_orderWithObligation,
} as const;
const LANGS = [
  ['pl', m.cc_lang_pl],
  ['en', m.cc_lang_en],
  ['ua', m.cc_lang_ua],
] as const;

/** The form's rules (order-form-rules.ts) as react-hook-form's resolver, each error in the screen's language. */
function resolverFor(country: { current: Country }, locale: UiLocale): Resolver<OrderFormValues> {
  return async (values) => {
    const found = orderFormErrors(values, country.current);
    if (Object.keys(found).length === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, rule] of Object.entries(found)) {
      if (!rule) continue;
      const error = { type: rule, message: fieldMessage(rule, locale) };
      const [head, tail] = path.split('.') as [string, string | undefined];
      if (tail) errors[head] = { ...(errors[head] as object | undefined), [tail]: error };
      else errors[head] = error;
    }
    return { values: {}, errors: errors as FieldErrors<OrderFormValues> };
  };
}

type TextName = 'firstname' | 'lastname' | 'phone' | 'email' | 'street' | 'streetNo' | 'aptNo' | 'city' | 'zip';

/** A labelled input of the form (ui/field.tsx) with its error under it. */
function Field(props: {
  name: string;
  label: string;
  error: string | undefined;
  register: UseFormRegisterReturn;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  wide?: boolean;
}) {
  return (
    <TextInput
      id={`cc-order-${props.name}`}
      look="cc"
      className={props.wide ? 'cc-wide' : undefined}
      label={props.label}
      error={props.error}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete ?? 'off'}
      inputMode={props.inputMode}
      {...props.register}
    />
  );
}

/**
 * The caller's details, address, delivery method, payment (channel cc in the basket's country) and consents; sends
 * the order. Checked on change after the first submit and as a whole on submit (spec section 5), by the rules the
 * server applies; what the server still refuses is shown at its field or above the button.
 */
export function OrderForm({ locale, hydrated }: { locale: UiLocale; hydrated: boolean }) {
  const t = inLocale(locale);
  const basket = useStore($basket);
  const methods = useStore($methods);
  const busy = useStore($busy);
  const prefill = useStore($prefill);
  const seller = useStore($seller);
  const country: Country = basket?.country ?? 'pl';
  const restaurantSlug = basket?.restaurant?.slug;
  useEffect(() => {
    if (restaurantSlug) void loadSeller(restaurantSlug);
  }, [restaurantSlug]);
  const [formError, setFormError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  // The rules follow the basket's country (its kitchen's), which can change after the form was made.
  const countryRef = useRef(country);
  countryRef.current = country;
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<OrderFormValues>({
    resolver: resolverFor(countryRef, locale),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: {
      deliveryMethod: 'door2door',
      paymentMethod: '',
      blikCode: '',
      consents: { agree1: false, agree2: false, providerTerms: false, orderWithObligation: false },
      lang: locale,
    },
  });

  useEffect(() => {
    if (!prefill) return;
    for (const [name, value] of Object.entries(prefill.values)) setValue(name as TextName, value ?? '');
  }, [prefill, setValue]);

  const offered = methods?.country === country ? methods.methods : [];
  const hidden = methods?.country === country ? methods.hiddenConsents : [];
  const method = watch('paymentMethod');
  const pickup = watch('deliveryMethod') === 'pickup';
  const chosen = offered.find((o) => o.id === method);
  const consents = (['agree1', 'agree2', 'providerTerms', 'orderWithObligation'] as const).filter(
    (c) => !hidden.includes(c) && (c !== 'providerTerms' || chosen?.providerTermsRequired === true),
  );
  const lines = basket?.lines.length ?? 0;

  const refused = (failure: Refusal) => {
    const { details } = failure;
    const invoiceField = invoiceRefusal(failure);
    if (invoiceField) {
      document.getElementById(`cc-order-${invoiceField}`)?.focus();
      return;
    }
    if (failure.key === 'validation' && Object.keys(details).length > 0) {
      for (const [field, rule] of Object.entries(details)) {
        const message = fieldMessage(rule as FieldRule, locale);
        setError(field as TextName, { type: String(rule), message });
      }
      return;
    }
    if (failure.key === 'consentRequired' && Array.isArray(details['missing'])) {
      for (const consent of details['missing'] as (keyof OrderFormValues['consents'])[]) {
        setError(`consents.${consent}`, { type: 'isTrue', message: fieldMessage('isTrue', locale) });
      }
      return;
    }
    if (failure.key === 'blikCode' || failure.key === 'blikCodeMustBeNumber') {
      setError('blikCode', { type: failure.key, message: errorMessage(failure.key, locale) });
      return;
    }
    setFormError(failure.key === 'internalError' ? m.cc_action_failed({}, t) : errorMessage(failure.key, locale));
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const invoiceProblem = checkInvoice(country === 'pl');
    if (invoiceProblem) {
      document.getElementById(`cc-order-${invoiceProblem}`)?.focus();
      return;
    }
    // One key per attempt: a repeat after a lost answer places one order; an answered refusal frees the key.
    key.current ??= crypto.randomUUID();
    const address = pickup
      ? null
      : {
          street: values.street,
          streetNo: values.streetNo,
          city: values.city,
          zip: values.zip,
          ...(values.aptNo.trim() ? { aptNo: values.aptNo } : {}),
        };
    const input: OrderInput = {
      firstname: values.firstname,
      lastname: values.lastname,
      phone: values.phone,
      email: values.email,
      ...(address ?? {}),
      comment: values.comment,
      paymentMethod: values.paymentMethod as OrderInput['paymentMethod'],
      ...(values.paymentMethod === 'blik' ? { blikCode: values.blikCode } : {}),
      consents: Object.fromEntries(consents.map((c) => [c, values.consents[c]])),
      lang: values.lang,
      ...invoiceBody(country === 'pl'),
      ...scheduledForBody($ccOrderTime.get()),
    };
    const failure = await placeOrder({ deliveryMethod: values.deliveryMethod, address }, input, key.current);
    if (failure?.key !== 'internalError') key.current = null;
    if (failure) refused(failure);
  });

  const text = (name: TextName, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field name={name} label={label} error={errors[name]?.message} register={register(name)} {...extra} />
  );

  return (
    <section className="cc-card" aria-labelledby="cc-details-title">
      <h2 id="cc-details-title">{m.cc_details_title({}, t)}</h2>
      <form method="post" noValidate onSubmit={(event) => void submit(event)} className="cc-form">
        <p className="cc-hint">{m.cc_address_country({ country: COUNTRY_NAMES[country]({}, t) }, t)}</p>
        <div className="cc-grid">
          {text('firstname', m.account_field_firstname({}, t), { autoComplete: 'off' })}
          {text('lastname', m.account_field_lastname({}, t))}
          {text('phone', m.account_field_phone({}, t), { type: 'tel', inputMode: 'tel' })}
          {text('email', m.account_field_email({}, t), { type: 'email', inputMode: 'email' })}
        </div>
        <fieldset className="cc-choices">
          <legend>{m.cc_delivery_method({}, t)}</legend>
          {DELIVERY.map(([value, label]) => (
            <label key={value} className="cc-choice">
              <input type="radio" value={value} {...register('deliveryMethod')} />
              <span>{label({}, t)}</span>
            </label>
          ))}
        </fieldset>
        {!pickup && (
          <div className="cc-grid">
            {text('street', m.account_field_street({}, t), { wide: true })}
            {text('streetNo', m.account_field_streetNo({}, t))}
            {text('aptNo', m.account_field_aptNo({}, t))}
            {text('zip', m.account_field_zip({}, t))}
            {text('city', m.account_field_city({}, t))}
          </div>
        )}
        <TextArea
          id="cc-order-comment"
          look="cc"
          className="cc-wide"
          label={m.cc_comment({}, t)}
          rows={2}
          maxLength={500}
          {...register('comment')}
        />
        <fieldset
          className="cc-choices"
          aria-invalid={errors.paymentMethod ? true : undefined}
          aria-describedby={errors.paymentMethod ? 'cc-order-payment-error' : undefined}
        >
          <legend>{m.cc_payment({}, t)}</legend>
          {offered.length === 0 && <p>{m.cc_no_methods({}, t)}</p>}
          {offered.map((o) => (
            <label key={o.id} className="cc-choice">
              <input type="radio" value={o.id} {...register('paymentMethod')} />
              <span>{PAYMENT_TEXT[o.id]?.({}, t) ?? o.id}</span>
            </label>
          ))}
          {errors.paymentMethod && (
            <p id="cc-order-payment-error" className="cc-error">
              {errors.paymentMethod.message}
            </p>
          )}
        </fieldset>
        {method === 'blik' && (
          <Field
            name="blikCode"
            label={m.cc_blik_code({}, t)}
            error={errors.blikCode?.message}
            register={register('blikCode')}
            inputMode="numeric"
          />
        )}
        <PhoneOrderTime locale={locale} pickup={pickup} />
        <fieldset className="cc-choices">
          <legend>{m.cc_consents({}, t)}</legend>
          {consents.map((c) => (
            <div key={c}>
              <label className="cc-choice">
                <input
                  type="checkbox"
                  aria-invalid={errors.consents?.[c] ? true : undefined}
                  aria-describedby={errors.consents?.[c] ? `cc-order-consent-${c}-error` : undefined}
                  {...register(`consents.${c}`)}
                />
                <span>{CONSENT_TEXT[c]({}, t)}</span>
              </label>
              {errors.consents?.[c] && (
                <p id={`cc-order-consent-${c}-error`} className="cc-error">
                  {errors.consents[c]?.message}
                </p>
              )}
            </div>
          ))}
        </fieldset>
        {basket && <InvoiceFields form="cc-order" locale={locale} offered={country === 'pl'} look="cc" />}
        <Select
          id="cc-order-lang"
          look="cc"
          label={m.cc_lang({}, t)}
          options={LANGS.map(([value, label]) => ({ value, label: label({}, t) }))}
          {...register('lang')}
        />
        {basket && (
          <>
            <p className="cc-hint">{m.seller_ccReadOut({}, t)}</p>
            <SellerNotice seller={seller.seller} country={country} locale={locale} beforeOrdering heading="h3" />
          </>
        )}
        {formError && (
          <Notice tone="error" className="cc-error">
            {formError}
          </Notice>
        )}
        <button type="submit" className="button cc-submit" disabled={!hydrated || busy || lines === 0}>
          {m.cc_place({ total: basket ? formatMoney(basket.summary.totalValue, basket.currency, locale) : '' }, t)}
        </button>
      </form>
    </section>
  );
}
