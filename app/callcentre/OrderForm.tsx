import { useEffect, useRef, type FormEvent } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { errorMessage } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import type { Country, PaymentMethod } from '#domain/country.ts';
import { formatMoney } from '#domain/money.ts';
import type { DeliveryMethod } from '#domain/pricing.ts';
import { RadioGroup, Select, TextArea } from '#app/ui/field.tsx';
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
import { AddressFields } from '#app/checkout/AddressFields.tsx';
import { ConsentFields } from '#app/checkout/ConsentFields.tsx';
import { CustomerFields } from '#app/checkout/CustomerFields.tsx';
import { PaymentMethodPicker } from '#app/checkout/PaymentMethodPicker.tsx';
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

  return (
    <section className="cc-card" aria-labelledby="cc-details-title">
      <h2 id="cc-details-title">{m.cc_details_title({}, t)}</h2>
      <form method="post" noValidate onSubmit={(event) => void submit(event)} className="cc-form">
        <p className="cc-hint">{m.cc_address_country({ country: COUNTRY_NAMES[country]({}, t) }, t)}</p>
        <CustomerFields form="cc-order" look="cc" locale={locale} values={values} errors={errors} setField={set} />
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
          <AddressFields form="cc-order" look="cc" locale={locale} values={values} errors={errors} setField={set} />
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
        <PaymentMethodPicker
          form="cc-order"
          look="cc"
          texts={{
            legend: m.cc_payment({}, t),
            none: m.cc_no_methods({}, t),
            blik: m.cc_blik_code({}, t),
            methods: Object.fromEntries(
              Object.entries(PAYMENT_TEXT).map(([method, text]) => [method, text({}, t)]),
            ) as Partial<Record<PaymentMethod, string>>,
          }}
          locale={locale}
          methods={offered}
          value={values.paymentMethod}
          error={errors.paymentMethod}
          blikCode={values.blikCode}
          blikError={errors.blikCode}
          onChange={(method) => set('paymentMethod', method)}
          onBlikChange={(code) => set('blikCode', code)}
        />
        <PhoneOrderTime locale={locale} pickup={pickup} />
        <ConsentFields
          form="cc-order"
          look="cc"
          texts={{
            legend: m.cc_consents({}, t),
            labels: {
              agree1: CONSENT_TEXT.agree1({}, t),
              agree2: CONSENT_TEXT.agree2({}, t),
              providerTerms: CONSENT_TEXT.providerTerms({}, t),
              orderWithObligation: CONSENT_TEXT.orderWithObligation({}, t),
            },
          }}
          locale={locale}
          consents={consents}
          values={values}
          errors={errors}
          setField={set}
        />
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
