import { useEffect, useRef, type FormEvent } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import type { Country } from '#domain/country.ts';
import { formatMoney } from '#domain/money.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { CheckField } from '#app/ui/rule-fields.tsx';
import { focusField, inLocale, useHydrated } from '#app/account/form-helpers.ts';
import {
  $retry,
  $retryError,
  $retryErrors,
  $retryStage,
  $retryValues,
  loadRetry,
  retryGooglePayRequest,
  retryPayment,
  setRetryField,
} from '#app/stores/payment-retry.ts';
import { statusUrl } from '#app/stores/payment-flow.ts';
import { GooglePayButton } from './GooglePayButton.tsx';
import { GooglePaySheet } from './GooglePaySheet.tsx';
import { PaymentMethodPicker } from './PaymentMethodPicker.tsx';
import { Notice } from '#app/ui/notice.tsx';

/**
 * Paying again for an order waiting for its payment after a declined or canceled one, or instead of a transfer left
 * at the bank page (decision 017): the same
 * methods as the checkout, a new Blik code, the provider's terms where the method needs them. Self-contained: the
 * status page mounts it with the order's id and token, and the summary page shows it at once after a declined Blik.
 * Once paid, the customer is on (or is sent to) the order's status page.
 */
export default function PaymentRetry({
  locale,
  orderId,
  token,
  country,
}: {
  locale: UiLocale;
  orderId: string;
  token: string;
  country: Country;
}) {
  const retry = useStore($retry);
  const { status, methods, order } = retry;
  const values = useStore($retryValues);
  const errors = useStore($retryErrors);
  const error = useStore($retryError);
  const stage = useStore($retryStage);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const t = inLocale(locale);

  useEffect(() => {
    void loadRetry({ orderId, token, country });
  }, [orderId, token, country]);

  useEffect(() => {
    if (stage !== 'settled') return;
    const target = statusUrl(locale, orderId, token);
    if (globalThis.location.pathname !== target) globalThis.location.assign(target);
  }, [stage, locale, orderId, token]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    focusField(form.current, await retryPayment({ orderId, token, lang: locale }));
  };

  if (stage === 'settled') return <p className="account-alert account-alert-ok">{m.checkout_paid({}, t)}</p>;
  if (stage === 'processing')
    return (
      <div className="checkout-processing" role="status">
        <span className="checkout-spinner" aria-hidden="true" />
        <p>
          <strong>{m.checkout_processing({}, t)}</strong>
          {values.method === 'blik' && <br />}
          {values.method === 'blik' && m.checkout_processingBlik({}, t)}
        </p>
      </div>
    );
  if (stage === 'redirect') return <Notice tone="news">{m.checkout_redirecting({}, t)}</Notice>;
  if (status === 'failed')
    return <p className="account-alert account-alert-error">{errorMessage('internalError', locale)}</p>;
  if (stage === 'closed')
    return <p className="account-alert account-alert-error">{errorMessage('orderNotAwaitingPayment', locale)}</p>;

  const method = methods.find((candidate) => candidate.id === values.method);
  const total = order ? formatMoney(order.total, order.currency, locale) : '';
  const submit = (
    <button type="submit" className="account-button" disabled={!hydrated || status !== 'ready' || stage === 'sending'}>
      {stage === 'sending'
        ? m.checkout_retry_sending({}, t)
        : total
          ? m.checkout_retry_submit({ total }, t)
          : m.checkout_retry_submitPlain({}, t)}
    </button>
  );
  return (
    <form
      ref={form}
      className="account-form checkout-retry"
      method="post"
      noValidate
      aria-labelledby="checkout-retry-title"
      onSubmit={onSubmit}
    >
      <h2 id="checkout-retry-title">{m.checkout_retry_title({}, t)}</h2>
      {/* What became of the last payment: declined, canceled, or a transfer left at the bank page. */}
      {!order ? null : order.payment?.status === 'pending' ? (
        <p className="account-alert">{m.checkout_retry_leaveTransfer({}, t)}</p>
      ) : (
        <Notice tone="error" className="account-alert account-alert-error">
          {order.payment?.status === 'canceled' ? m.checkout_canceled({}, t) : m.checkout_declined({}, t)}
        </Notice>
      )}
      {stage === 'gpayClosed' && <Notice tone="news">{m.checkout_gpay_closed({}, t)}</Notice>}
      <PaymentMethodPicker
        form="retry"
        locale={locale}
        methods={status === 'loading' ? null : methods}
        value={values.method}
        error={errors.method}
        blikCode={values.blikCode}
        blikError={errors.blikCode}
        onChange={(id) => setRetryField('method', id)}
        onBlikChange={(code) => setRetryField('blikCode', code)}
      />
      {method?.providerTermsRequired && (
        <CheckField
          form="retry"
          name="providerTerms"
          required
          label={m.checkout_consent_providerTerms({}, t)}
          locale={locale}
          checked={values.providerTerms}
          error={errors.providerTerms}
          onChange={(checked) => setRetryField('providerTerms', checked)}
        />
      )}
      {error && (
        <Notice tone="error" className="account-alert account-alert-error">
          {errorMessage(error, locale)}
        </Notice>
      )}
      {values.method === 'googlePay' && status === 'ready' ? (
        <GooglePayButton
          config={retry}
          request={retryGooglePayRequest()}
          locale={locale}
          disabled={stage === 'sending'}
          onClick={() => form.current?.requestSubmit()}
        >
          {submit}
        </GooglePayButton>
      ) : (
        submit
      )}
      <GooglePaySheet locale={locale} />
    </form>
  );
}
