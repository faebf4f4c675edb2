import { useEffect, useRef, type FormEvent } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { errorMessage, fieldMessage } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import type { Country, PaymentMethod } from '#domain/country.ts';
import { formatMoney } from '#domain/money.ts';
import type { DeliveryMethod } from '#domain/pricing.ts';
import { controlProps, FieldNotes, RadioGroup, Select, TextArea, TextInput } from '#app/ui/field.tsx';
import { $basket, $busy, $methods, $prefill, placeOrder, type Lang, type OrderInput } from './phone-order.ts';
import {
  phoneOrderAddress,
  phoneOrderForm,
  phoneOrderInput,
  prefillPhoneOrder,
  refusePhoneOrder,
  shownConsents,
  startPhoneOrderForm,
  type PhoneOrderField,
} from './order-form.ts';
import { inLocale, type UiLocale } from './texts.ts';
import { Notice } from '#app/ui/notice.tsx';
import { InvoiceFields } from '#app/checkout/InvoiceFields.tsx';
import { SellerNotice } from '#app/invoices/SellerNotice.tsx';
import { $seller, checkInvoice, invoiceBody, invoiceRefusal, loadSeller } from '#app/stores/invoice-request.ts';
import { PhoneOrderTime, $ccOrderTime } from '#app/capacity/PhoneOrderTime.tsx';
import { scheduledForBody } from '#app/capacity/order-time.ts';

// Named one by one: a computed message name makes the bundler keep the whole catalogue (i18n/allergen-texts.ts).
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

type TextName =
  'firstname' | 'lastname' | 'phone' | 'email' | 'street' | 'streetNo' | 'aptNo' | 'city' | 'zip' | 'blikCode';

/** Scrolls to the field the check found first and puts the cursor there (spec section 5). */
function focusFirst(field: PhoneOrderField | null): void {
  if (!field) return;
  const consent = (CONSENTS as readonly string[]).includes(field);
  const element = document.getElementById(consent ? `cc-order-consent-${field}` : `cc-order-${field}`);
  element?.scrollIntoView({ block: 'center' });
  element?.focus();
}

const CONSENTS = ['agree1', 'agree2', 'providerTerms', 'orderWithObligation'] as const;

/**
 * The caller's details, address, delivery method, payment (channel cc in the basket's country) and consents; sends
 * the order. Each field is checked on change and the whole form on submit (spec section 5), by the shop's own rules
 * (server/domain/checkout-form.ts with the channel cc; the form model of decision 049); what the server still
 * refuses is shown at its field or above the button.
 */
export function OrderForm({ locale, hydrated }: { locale: UiLocale; hydrated: boolean }) {
  const t = inLocale(locale);
  const basket = useStore($basket);
  const methods = useStore($methods);
  const busy = useStore($busy);
  const prefill = useStore($prefill);
  const seller = useStore($seller);
  const { values, errors, error } = useStore(phoneOrderForm.$state);
  const country: Country = basket?.country ?? 'pl';
  const restaurantSlug = basket?.restaurant?.slug;
  useEffect(() => {
    if (restaurantSlug) void loadSeller(restaurantSlug);
  }, [restaurantSlug]);
  const key = useRef<string | null>(null);

  // A new call starts from an empty form (the details copied in come after).
  useEffect(() => startPhoneOrderForm(locale), [locale]);
  useEffect(() => {
    if (prefill) prefillPhoneOrder(prefill.values);
  }, [prefill]);

  const offered = methods?.country === country ? methods.methods : [];
  const pickup = values.deliveryMethod === 'pickup';
  const consents = shownConsents(values);
  const lines = basket?.lines.length ?? 0;
  const set = phoneOrderForm.setField;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const first = phoneOrderForm.check();
    if (first) return focusFirst(first);
    const invoiceProblem = checkInvoice(country === 'pl');
    if (invoiceProblem) {
      document.getElementById(`cc-order-${invoiceProblem}`)?.focus();
      return;
    }
    // One key per attempt: a repeat after a lost answer places one order; an answered refusal frees the key.
    key.current ??= crypto.randomUUID();
    const input: OrderInput = {
      ...phoneOrderInput(values),
      ...invoiceBody(country === 'pl'),
      ...scheduledForBody($ccOrderTime.get()),
    };
    const address = phoneOrderAddress(values);
    const failure = await placeOrder({ deliveryMethod: values.deliveryMethod, address }, input, key.current);
    if (failure?.key !== 'internalError') key.current = null;
    if (!failure) return;
    const invoiceField = invoiceRefusal(failure);
    if (invoiceField) document.getElementById(`cc-order-${invoiceField}`)?.focus();
    else focusFirst(refusePhoneOrder(failure));
  };

  const text = (
    name: TextName,
    label: string,
    extra: { type?: 'text' | 'email' | 'tel'; inputMode?: 'numeric' | 'tel' | 'email'; wide?: boolean } = {},
  ) => (
    <TextInput
      id={`cc-order-${name}`}
      name={name}
      look="cc"
      className={extra.wide ? 'cc-wide' : undefined}
      label={label}
      error={errors[name] && fieldMessage(errors[name], locale)}
      type={extra.type ?? 'text'}
      autoComplete="off"
      inputMode={extra.inputMode}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
    />
  );

  return (
    <section className="cc-card" aria-labelledby="cc-details-title">
      <h2 id="cc-details-title">{m.cc_details_title({}, t)}</h2>
      <form method="post" noValidate onSubmit={(event) => void submit(event)} className="cc-form">
        <p className="cc-hint">{m.cc_address_country({ country: COUNTRY_NAMES[country]({}, t) }, t)}</p>
        <div className="cc-grid">
          {text('firstname', m.account_field_firstname({}, t))}
          {text('lastname', m.account_field_lastname({}, t))}
          {text('phone', m.account_field_phone({}, t), { type: 'tel', inputMode: 'tel' })}
          {text('email', m.account_field_email({}, t), { type: 'email', inputMode: 'email' })}
        </div>
        <RadioGroup<DeliveryMethod>
          id="cc-order-deliveryMethod"
          look="cc"
          className="cc-choices"
          optionClassName="cc-choice"
          name="deliveryMethod"
          label={m.cc_delivery_method({}, t)}
          value={values.deliveryMethod}
          options={DELIVERY.map(([value, label]) => ({ value, label: label({}, t) }))}
          onChange={(value) => set('deliveryMethod', value)}
        />
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
          name="comment"
          look="cc"
          className="cc-wide"
          label={m.cc_comment({}, t)}
          rows={2}
          maxLength={500}
          value={values.comment}
          onChange={(event) => set('comment', event.target.value)}
        />
        <RadioGroup<PaymentMethod>
          id="cc-order-paymentMethod"
          look="cc"
          className="cc-choices"
          optionClassName="cc-choice"
          name="paymentMethod"
          label={m.cc_payment({}, t)}
          value={values.paymentMethod || null}
          error={errors.paymentMethod && fieldMessage(errors.paymentMethod, locale)}
          options={offered.map((o) => ({ value: o.id, label: PAYMENT_TEXT[o.id]?.({}, t) ?? o.id }))}
          onChange={(value) => set('paymentMethod', value)}
        >
          {offered.length === 0 && <p>{m.cc_no_methods({}, t)}</p>}
        </RadioGroup>
        {values.paymentMethod === 'blik' && text('blikCode', m.cc_blik_code({}, t), { inputMode: 'numeric' })}
        <PhoneOrderTime locale={locale} pickup={pickup} />
        <fieldset className="cc-choices">
          <legend>{m.cc_consents({}, t)}</legend>
          {consents.map((c) => {
            const frame = {
              id: `cc-order-consent-${c}`,
              label: CONSENT_TEXT[c]({}, t),
              error: errors[c] && fieldMessage(errors[c], locale),
              look: 'cc' as const,
            };
            return (
              <div key={c}>
                <label className="cc-choice">
                  <input
                    type="checkbox"
                    name={`consents.${c}`}
                    checked={values[c]}
                    onChange={(event) => set(c, event.target.checked)}
                    {...controlProps(frame)}
                  />
                  <span>{frame.label}</span>
                </label>
                <FieldNotes {...frame} />
              </div>
            );
          })}
        </fieldset>
        {basket && <InvoiceFields form="cc-order" locale={locale} offered={country === 'pl'} look="cc" />}
        <Select
          id="cc-order-lang"
          name="lang"
          look="cc"
          label={m.cc_lang({}, t)}
          options={LANGS.map(([value, label]) => ({ value, label: label({}, t) }))}
          value={values.lang}
          onChange={(event) => set('lang', event.target.value as Lang)}
        />
        {basket && (
          <>
            <p className="cc-hint">{m.seller_ccReadOut({}, t)}</p>
            <SellerNotice seller={seller.seller} country={country} locale={locale} beforeOrdering heading="h3" />
          </>
        )}
        {error && (
          <Notice tone="error" className="cc-error">
            {error === 'internalError' ? m.cc_action_failed({}, t) : errorMessage(error, locale)}
          </Notice>
        )}
        <button type="submit" className="button cc-submit" disabled={!hydrated || busy || lines === 0}>
          {m.cc_place({ total: basket ? formatMoney(basket.summary.totalValue, basket.currency, locale) : '' }, t)}
        </button>
      </form>
    </section>
  );
}
