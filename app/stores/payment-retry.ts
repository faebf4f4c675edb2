import type { Locale } from '#domain/locales.ts';
import { atom, map, task } from 'nanostores';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { checkBlikCode } from '#domain/checkout.ts';
import type { Country, PaymentMethod } from '#domain/country.ts';
import type { FieldRule } from '#domain/errors.ts';
import { RuleError } from '#domain/errors.ts';
import {
  GooglePayClosed,
  googlePayAdapter,
  paymentDataRequest,
  type GooglePayConfig,
  type PaymentDataRequest,
} from '#app/checkout/google-pay.ts';
import type { OfferedMethod } from './checkout.ts';
import { loadOrder, type OrderView, paymentStage, type PaymentStage, waitForPayment } from './payment-flow.ts';

/**
 * Paying again for an order whose payment was declined or canceled, or whose transfer waits at a bank page the
 * customer left (decision 017): POST /api/orders/:id/payments.
 */
export type RetryValues = { method: PaymentMethod | ''; blikCode: string; providerTerms: boolean };
export type RetryErrors = Partial<Record<keyof RetryValues, FieldRule>>;

export type RetryState = {
  status: 'loading' | 'ready' | 'failed';
  order: OrderView | null;
  methods: OfferedMethod[];
  googlePay: GooglePayConfig | null;
  sandbox: boolean;
};

/** One retry island per page, so module stores. */
export const $retry = map<RetryState>({ status: 'loading', order: null, methods: [], googlePay: null, sandbox: false });
export const $retryValues = map<RetryValues>({ method: '', blikCode: '', providerTerms: false });
export const $retryErrors = atom<RetryErrors>({});
export const $retryError = atom<string | null>(null);
export type RetryStage = 'choosing' | 'sending' | 'gpayClosed' | PaymentStage;
export const $retryStage = atom<RetryStage>('choosing');

/** The retry form's errors by the API's rules: a method, a 6-digit Blik code, the provider's terms where needed. */
export function retryErrors(values: RetryValues, methods: OfferedMethod[]): RetryErrors {
  const errors: RetryErrors = {};
  const method = methods.find((m) => m.id === values.method);
  if (!method) errors.method = 'notEmpty';
  if (values.method === 'blik') {
    try {
      checkBlikCode(values.blikCode);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      errors.blikCode = error.key;
    }
  }
  if (method?.providerTermsRequired && !values.providerTerms) errors.providerTerms = 'isTrue';
  return errors;
}

/** Loads the order and the methods its country offers on the web now (the same list the checkout shows). */
export function loadRetry(
  input: { orderId: string; token: string; country: Country },
  client: ApiClient = api,
): Promise<void> {
  return task(async () => {
    try {
      const [order, methodsAnswer, configAnswer] = await Promise.all([
        loadOrder(input.orderId, input.token, client),
        readAnswer(client['payment-methods'].$get({ query: { country: input.country, channel: 'web' } })),
        readAnswer(client.payments.config.$get({ query: { country: input.country } })),
      ]);
      if (!order || methodsAnswer.status !== 200 || !methodsAnswer.ok)
        throw new Error('retry: order or methods missing');
      const { methods } = methodsAnswer.data;
      const config = configAnswer.ok ? configAnswer.data : { googlePay: null, sandbox: false };
      const usable = methods.filter((m) => m.availableNow);
      $retry.set({ status: 'ready', order, methods: usable, googlePay: config.googlePay, sandbox: config.sandbox });
      // The method that failed stays chosen: "try again" is one click away; the Blik code is new each time.
      const failed = usable.find((m) => m.id === order.payment?.method) ?? usable[0];
      $retryValues.set({ method: failed?.id ?? '', blikCode: '', providerTerms: false });
      // A transfer waiting at the bank page is one the customer chose to pay instead of: the form is theirs to fill.
      const stage = paymentStage(order);
      $retryStage.set(stage === 'redirect' ? 'choosing' : stage);
    } catch {
      $retry.setKey('status', 'failed');
    }
  });
}

export function setRetryField<F extends keyof RetryValues>(field: F, value: RetryValues[F]): void {
  if ($retryStage.get() === 'sending') return;
  const values = { ...$retryValues.get(), [field]: value };
  const found = retryErrors(values, $retry.get().methods);
  const shown = $retryErrors.get();
  const errors: RetryErrors = {};
  for (const name of Object.keys(found) as (keyof RetryValues)[]) {
    if (name === field || shown[name]) errors[name] = found[name];
  }
  $retryValues.set(values);
  $retryErrors.set(errors);
  $retryError.set(null);
  if ($retryStage.get() === 'gpayClosed') $retryStage.set('declined');
}

const CONSENT_FIELD = 'consents.providerTerms';

/**
 * Pays again: checks the form, gets a Google Pay token when that is the method, and posts the attempt under a new
 * Idempotency-Key (decision 017: a key answers its first attempt, so each attempt needs its own; the button is
 * disabled while one is sent, so a double click is one attempt). Then follows the payment like the checkout does.
 * Resolves to the first field with an error, or null; `onStage` hears every stage (the summary page mirrors it).
 */
/** Google's PaymentDataRequest for the order being paid again; null without Google Pay. */
export function retryGooglePayRequest(): PaymentDataRequest | null {
  const { order, googlePay } = $retry.get();
  if (!order || !googlePay) return null;
  return paymentDataRequest(googlePay, {
    total: order.total,
    currency: order.currency,
    country: order.restaurant.country,
    merchantName: order.restaurant.name,
  });
}

export function retryPayment(
  input: { orderId: string; token: string; lang: Locale },
  client: ApiClient = api,
): Promise<keyof RetryValues | null> {
  return task(async () => {
    const stage = $retryStage.get();
    if (stage === 'sending' || stage === 'processing' || stage === 'settled') return null;
    const { methods, order, googlePay, sandbox } = $retry.get();
    const values = $retryValues.get();
    const errors = retryErrors(values, methods);
    $retryError.set(null);
    const first = (['method', 'blikCode', 'providerTerms'] as const).find((f) => errors[f]) ?? null;
    if (first) {
      $retryErrors.set(errors);
      return first;
    }
    $retryErrors.set({});
    if (!order || !values.method) return null;
    $retryStage.set('sending');

    let googlePayToken: string | undefined;
    if (values.method === 'googlePay') {
      const request = retryGooglePayRequest();
      try {
        if (!request) throw new Error('Google Pay is not configured');
        googlePayToken = await googlePayAdapter({ sandbox, googlePay }).loadPaymentData(request);
      } catch (error) {
        $retryStage.set(error instanceof GooglePayClosed ? 'gpayClosed' : 'declined');
        if (!(error instanceof GooglePayClosed)) $retryError.set('paymentMethodUnavailable');
        return null;
      }
    }

    const answer = await readAnswer(
      client.orders[':id'].payments.$post(
        {
          param: { id: input.orderId },
          query: { token: input.token },
          json: {
            method: values.method,
            ...(values.method === 'blik' ? { blikCode: values.blikCode } : {}),
            ...(googlePayToken ? { googlePayToken } : {}),
            consents: { providerTerms: values.providerTerms },
            lang: input.lang,
          },
        },
        { headers: { 'Idempotency-Key': crypto.randomUUID() } },
      ),
    );
    if (!answer.ok) {
      if (answer.status === 0) {
        // No answer at all: the customer may pay again.
        $retryStage.set(paymentStage(order));
        $retryError.set('internalError');
        return null;
      }
      const { key, details: detail } = answer;
      const missing = detail['missing'];
      if (key === 'blikCode' || key === 'blikCodeMustBeNumber') $retryErrors.set({ blikCode: key });
      else if (key === 'paymentMethodUnavailable') $retryErrors.set({ method: key });
      else if (key === 'consentRequired' && Array.isArray(missing) && missing.includes('providerTerms'))
        $retryErrors.set({ providerTerms: 'isTrue' });
      else if (key === 'validation' && typeof detail[CONSENT_FIELD] === 'string')
        $retryErrors.set({ providerTerms: 'isTrue' });
      else $retryError.set(key);
      $retryStage.set(key === 'orderNotAwaitingPayment' ? 'closed' : paymentStage(order));
      return (Object.keys($retryErrors.get())[0] as keyof RetryValues | undefined) ?? null;
    }
    const body = answer.data;
    $retry.setKey('order', body.order);
    let next = paymentStage(body.order);
    $retryStage.set(next);
    const bank = body.redirectUrl ?? body.order.payment?.redirectUrl ?? null;
    if (next === 'redirect' && bank) {
      globalThis.location.assign(bank);
      return null;
    }
    if (next === 'processing') {
      const settled = await waitForPayment(input.orderId, input.token, { client });
      if (settled) {
        $retry.setKey('order', settled);
        next = paymentStage(settled);
        $retryStage.set(next);
      }
    }
    // A new Blik code is typed for the next attempt.
    if (next === 'declined' || next === 'canceled') $retryValues.setKey('blikCode', '');
    return null;
  });
}
