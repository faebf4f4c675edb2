import { useEffect, useRef, type FormEvent } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { formatMoney, type Currency } from '#domain/money.ts';
import { isOnlinePayment, isPaymentMethod } from '#domain/country.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { TextField } from '#app/ui/rule-fields.tsx';
import { focusField, inLocale, useHydrated } from '#app/account/form-helpers.ts';
import { useEarlyInput } from '#app/forms/early-input.ts';
import {
  $elsewhere,
  $order,
  $setup,
  $stage,
  adoptEarlyInput,
  checkoutForm,
  chooseAddress,
  googlePayRequest,
  loadCheckout,
  placeOrder,
  resumePlaced,
  setField,
} from '#app/stores/checkout.ts';
import { visibleConsents } from './checkout-form.ts';
import { AddressFields } from './AddressFields.tsx';
import { ConsentFields } from './ConsentFields.tsx';
import { CustomerFields } from './CustomerFields.tsx';
import { GooglePayButton } from './GooglePayButton.tsx';
import { GooglePaySheet } from './GooglePaySheet.tsx';
import { OrderRecap } from './OrderRecap.tsx';
import type { BasketTotalsLabels } from '#app/basket/texts.ts';
import type { BrandLogos } from '#app/basket/basket-view.ts';
import { PaymentMethodPicker } from './PaymentMethodPicker.tsx';
import { PaymentPanel } from './PaymentPanel.tsx';
import { Notice } from '#app/ui/notice.tsx';
import { InvoiceFields } from './InvoiceFields.tsx';
import { SellerNotice } from '#app/invoices/SellerNotice.tsx';
import { $seller, loadSeller } from '#app/stores/invoice-request.ts';
import { CheckoutOrderTime } from '#app/capacity/CheckoutOrderTime.tsx';
import '#app/account/account-forms.css';
import './checkout.css';

/**
 * The summary and checkout page (spec section 2, "Order summary and checkout"): the basket's recap and the
 * finalize-order form, then the payment. Rendered into the static page with its submit button disabled, so nothing
 * can be sent before the island has loaded; the form posts nothing into a URL (method post, and the island sends
 * JSON to the API).
 */
export default function CheckoutScreen({
  locale,
  totals,
  logos,
}: {
  locale: UiLocale;
  totals: BasketTotalsLabels;
  /** Where the shop serves each brand's logo, heading a shared basket's lines in the recap (issue 35). */
  logos: BrandLogos;
}) {
  const setup = useStore($setup);
  const { values, errors: fieldErrors, error: formError } = useStore(checkoutForm.$state);
  const elsewhere = useStore($elsewhere);
  const errors = { ...fieldErrors, ...elsewhere };
  const stage = useStore($stage);
  const order = useStore($order);
  const seller = useStore($seller);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, adoptEarlyInput);
  const t = inLocale(locale);

  useEffect(() => {
    void loadCheckout().then(() => resumePlaced(locale));
  }, [locale]);
  const restaurantSlug = setup.basket?.restaurant?.slug;
  useEffect(() => {
    if (restaurantSlug) void loadSeller(restaurantSlug);
  }, [restaurantSlug]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const first = await placeOrder(locale);
    if (first === 'basket') document.getElementById('checkout-basket-error')?.scrollIntoView({ block: 'center' });
    else if (first === 'address') focusField(form.current, 'street');
    else focusField(form.current, first);
  };

  if (order) return <PaymentPanel locale={locale} />;
  if (setup.status === 'failed')
    return <p className="account-alert account-alert-error">{m.checkout_loadFailed({}, t)}</p>;
  if (setup.status === 'empty')
    return (
      <div className="checkout-empty">
        <p>{m.checkout_empty({}, t)}</p>
        <p>
          <a className="account-button" href={pathFor('home', locale)}>
            {m.checkout_emptyLink({}, t)}
          </a>
        </p>
      </div>
    );

  const basket = setup.basket;
  const pickup = basket?.deliveryMethod === 'pickup';
  const location = basket?.location;
  const sending = stage === 'sending';
  const total = basket ? formatMoney(basket.summary.totalValue, basket.currency as Currency, locale) : '';
  // "Order and pay" only when the next step is paying (issue 40): cash or card on delivery (or no choice yet) orders.
  const paysNow = isPaymentMethod(values.paymentMethod) && isOnlinePayment(values.paymentMethod);
  const submit = (
    <button
      type="submit"
      className="account-button checkout-submit"
      disabled={!hydrated || setup.status !== 'ready' || sending}
    >
      {sending
        ? m.checkout_sending({}, t)
        : paysNow
          ? m.checkout_submit({ total }, t)
          : m.checkout_submitOnDelivery({ total }, t)}
    </button>
  );
  return (
    <div className="checkout-layout">
      {/* Before the form in the document, where a phone shows it: a phone painting the page as it arrives would
      otherwise draw the form first and move it down when the recap came (a layout shift of 0.27 in Lighthouse). */}
      {basket ? (
        <OrderRecap basket={basket} locale={locale} totals={totals} problem={errors.basket} logos={logos} />
      ) : (
        // The recap's place is kept while the basket loads, so the form does not jump when it arrives.
        <section
          className="checkout-recap checkout-recap-loading"
          aria-busy="true"
          aria-labelledby="checkout-recap-title"
        >
          <h2 id="checkout-recap-title">{m.checkout_recap_title({}, t)}</h2>
          <Notice tone="news" className="account-loading">
            {m.checkout_loading({}, t)}
          </Notice>
        </section>
      )}
      <form
        ref={form}
        className="account-form checkout-form"
        method="post"
        noValidate
        aria-busy={setup.status === 'loading' || sending}
        onSubmit={onSubmit}
      >
        <CustomerFields form="checkout" locale={locale} values={values} errors={errors} setField={setField} />
        {pickup ? (
          <fieldset className="account-fieldset">
            <legend>{m.checkout_section_pickup({}, t)}</legend>
            {location && (
              <p>
                {m.checkout_pickupAt(
                  { address: `${location.name}, ${location.street} ${location.no}, ${location.zip} ${location.city}` },
                  t,
                )}
              </p>
            )}
          </fieldset>
        ) : (
          <AddressFields
            form="checkout"
            locale={locale}
            values={values}
            errors={errors}
            setField={setField}
            saved={setup.user ? { addresses: setup.addresses, choose: chooseAddress } : null}
          />
        )}
        <CheckoutOrderTime locale={locale} basket={basket} />
        <TextField
          form="checkout"
          name="comment"
          label={m.checkout_field_comment({}, t)}
          locale={locale}
          value={values.comment}
          onChange={(value) => setField('comment', value)}
        />
        <PaymentMethodPicker
          form="checkout"
          locale={locale}
          methods={setup.status === 'ready' ? setup.methods : null}
          value={values.paymentMethod}
          error={errors.paymentMethod}
          blikCode={values.blikCode}
          blikError={errors.blikCode}
          onChange={(method) => setField('paymentMethod', method)}
          onBlikChange={(code) => setField('blikCode', code)}
        />
        {basket && <InvoiceFields form="checkout" locale={locale} offered={basket.country === 'pl'} />}
        <ConsentFields
          form="checkout"
          locale={locale}
          consents={visibleConsents(basket?.country ?? 'pl', values.paymentMethod)}
          values={values}
          errors={errors}
          setField={setField}
          marketing={{ values, set: setField }}
        />
        {basket && <SellerNotice seller={seller.seller} country={basket.country} locale={locale} beforeOrdering />}
        <div className="account-alert-slot" aria-live="polite">
          {formError && (
            <Notice tone="error" className="account-alert account-alert-error">
              {errorMessage(formError, locale)}
            </Notice>
          )}
          {stage === 'gpayClosed' && <p className="account-alert">{m.checkout_gpay_closed({}, t)}</p>}
          {stage === 'gpayUnavailable' && (
            <p className="account-alert account-alert-error">{m.checkout_gpay_unavailable({}, t)}</p>
          )}
        </div>
        {values.paymentMethod === 'googlePay' && setup.status === 'ready' ? (
          <GooglePayButton
            config={setup}
            request={googlePayRequest()}
            locale={locale}
            disabled={sending}
            onClick={() => form.current?.requestSubmit()}
          >
            {submit}
          </GooglePayButton>
        ) : (
          submit
        )}
      </form>
      <GooglePaySheet locale={locale} />
    </div>
  );
}
