import { atom, task } from 'nanostores';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import {
  addressValues,
  type CheckoutField,
  type CheckoutValues,
  firstErrorField,
  placeErrors,
  placeOrderBody,
} from '#app/checkout/checkout-form.ts';
import { checkoutKey, forgetDraft, rememberPlaced, type PlacedCheckout } from '#app/checkout/checkout-storage.ts';
import { GooglePayClosed, googlePayAdapter } from '#app/checkout/google-pay.ts';
import { formatAddress, setAddress } from '#app/stores/address.ts';
import { loadBasket, type Basket } from '#app/stores/basket.ts';
import { scheduledForBody } from '#app/capacity/order-time.ts';
import { checkInvoice, invoiceBody, invoiceRefusal } from '#app/stores/invoice-request.ts';
import { loadOrder, type OrderView, paymentStage, statusUrl, waitForPayment } from '#app/stores/payment-flow.ts';
import type { UiLocale } from '#i18n/messages.ts';
import type { ErrorKey } from '#domain/errors.ts';
import { $elsewhere, checkoutForm, priceForAddress, stopPricing } from './form.ts';
import { findUnanswered, googlePayRequest } from './setup.ts';
import { $setup, $stage, context, coordinatesOf, pickup } from './state.ts';

// Placing the order: the send under the basket's Idempotency-Key, the order found when its answer was lost, and the
// order's payment followed to the bank, the Blik wait or the status page.

/** The order placed from this page, once there is one. */
export const $order = atom<(PlacedCheckout & { view: OrderView }) | null>(null);

/** The order a send placed although its answer was lost, with its view; null when none was placed (or none is found). */
async function placedUnanswered(client: ApiClient): Promise<(PlacedCheckout & { view: OrderView }) | null> {
  const placed = await findUnanswered(client);
  const view = placed && (await loadOrder(placed.orderId, placed.token, client));
  return placed && view ? { ...placed, view } : null;
}

/**
 * The whole form on submit: checks every field (and answers the first with an error, for the page to scroll to),
 * gets a Google Pay token when that is the method, then places the order under the basket's Idempotency-Key.
 * Resolves to the first field with an error, or null.
 */
export function placeOrder(
  locale: UiLocale,
  client: ApiClient = api,
): Promise<CheckoutField | 'address' | 'basket' | string | null> {
  return task(async () => {
    const stage = $stage.get();
    if (stage === 'sending' || stage === 'processing' || stage === 'redirect' || stage === 'settled') return null;
    const { basket, googlePay, sandbox } = $setup.get();
    if (!basket) return null;
    await checkoutForm.ready();
    // Every field's error shows, and each is checked again on change from then on.
    const first = checkoutForm.check();
    $elsewhere.set({});
    const invoiceProblem = checkInvoice(basket.country === 'pl');
    if (first || invoiceProblem) return first ?? invoiceProblem;
    const { values } = checkoutForm.$state.get();
    $stage.set('sending');
    // An address typed just before the click is priced by the order itself. Priced after it, the order placed,
    // it would start the visitor a new basket, and a send whose answer was lost could no longer be found or repeated.
    stopPricing();

    let googlePayToken: string | null = null;
    if (values.paymentMethod === 'googlePay') {
      const adapter = googlePayAdapter({ sandbox, googlePay });
      const request = googlePayRequest();
      if (!request || !(await adapter.isReadyToPay(request))) {
        $stage.set('gpayUnavailable');
        return null;
      }
      try {
        googlePayToken = await adapter.loadPaymentData(request);
      } catch (error) {
        $stage.set(error instanceof GooglePayClosed ? 'gpayClosed' : 'gpayUnavailable');
        return null;
      }
    }

    const key = checkoutKey(basket.id);
    const answer = await readAnswer(
      client.orders.$post(
        {
          json: {
            ...placeOrderBody(values, {
              ...context(),
              lang: locale,
              coordinates: coordinatesOf(values),
              googlePayToken,
            }),
            // The company invoice (issue 36), when asked for: app/stores/invoice-request.ts.
            ...invoiceBody(basket.country === 'pl'),
            ...scheduledForBody(),
          },
        },
        { headers: { 'Idempotency-Key': key } },
      ),
    );
    // No answer at all, or the server failed: the order may have been placed all the same. Found under the key,
    // it is followed as if the answer had come.
    const found = !answer.ok && (answer.status === 0 || answer.status >= 500) ? await placedUnanswered(client) : null;
    if (found) {
      await afterPlacing(found, null, { values, locale, client });
      return null;
    }
    if (!answer.ok) {
      // A refusal, or no answer at all (internalError): the form says where it belongs and may be sent again.
      const invoiceField = invoiceRefusal(answer);
      const placed = invoiceField ? { fields: {}, form: null } : placeErrors(answer);
      const { address, basket: recap, ...fields } = placed.fields;
      checkoutForm.refuse(fields, placed.form as ErrorKey | null);
      $elsewhere.set({ ...(address ? { address } : {}), ...(recap ? { basket: recap } : {}) });
      $stage.set('editing');
      // A refusal placed nothing: the address the send stopped from being priced is priced now.
      if (answer.status >= 400 && answer.status < 500) priceForAddress(client);
      if (recap === 'restaurantClosed' || recap === 'productUnavailable') void refreshRecap(client);
      return invoiceField ?? firstErrorField(placed.fields);
    }

    const body = answer.data;
    const placed = { orderId: body.order.id, token: body.accessToken };
    rememberPlaced(basket.id, placed);
    await afterPlacing({ ...placed, view: body.order }, body.redirectUrl, { values, locale, client });
    return null;
  });
}

/**
 * After a closed restaurant or an unavailable dish refused the order, the recap shows the basket as it is now: the
 * lines that stop it (a shared basket's brand that closed meanwhile, issue 35) say why, beside the refusal's sentence.
 */
async function refreshRecap(client: ApiClient): Promise<void> {
  const answer = await readAnswer(client.basket.$get());
  if (answer.ok && $stage.get() === 'editing') $setup.setKey('basket', answer.data as Basket);
}

/** Once the order is placed: the page forgets the draft, keeps the address and follows the order's payment. */
async function afterPlacing(
  placed: PlacedCheckout & { view: OrderView },
  redirectUrl: string | null,
  { values, locale, client }: { values: CheckoutValues; locale: UiLocale; client: ApiClient },
): Promise<void> {
  forgetDraft();
  // The order holds the items now and the server's basket is empty (a declined payment is paid again as the
  // order, never from the basket): the navbar's basket is read again so that it says so, as a reload would.
  void loadBasket(client);
  await keepAddress(values, client);
  $order.set(placed);
  await follow(placed.view, redirectUrl, locale);
}

/** After an order: a guest's address stays in the browser (spec section 3), a customer may save it to their account. */
async function keepAddress(values: CheckoutValues, client: ApiClient): Promise<void> {
  const { basket, user } = $setup.get();
  if (!basket || pickup()) return;
  const fields = addressValues(values);
  if (!user) {
    const coordinates = coordinatesOf(values);
    setAddress({
      fullAddress: formatAddress(fields),
      ...fields,
      country: basket.country,
      ...(coordinates ? coordinates : {}),
    });
    return;
  }
  if (values.addressChoice !== 'new' || !values.saveAddress) return;
  // The order is placed whatever happens here: a refused save (too many addresses) only loses the shortcut.
  await client.account.addresses
    .$post({ json: { ...fields, aptNo: fields.aptNo || null, country: basket.country } })
    .catch(() => null);
}

/**
 * Follows the placed order's payment: the bank page, the wait for a Blik approval, or the status page once nothing
 * is left to pay here. A resumed order (reload, back button) is not sent to the bank again by itself: the page
 * offers the link.
 */
async function follow(
  order: OrderView,
  redirectUrl: string | null,
  locale: UiLocale,
  options: { resume?: boolean } = {},
): Promise<void> {
  const placed = $order.get();
  if (!placed) return;
  let stage = paymentStage(order);
  $stage.set(stage);
  const bank = redirectUrl ?? order.payment?.redirectUrl ?? null;
  if (stage === 'redirect' && bank && !options.resume) {
    globalThis.location.assign(bank);
    return;
  }
  if (stage === 'processing') {
    const settled = await waitForPayment(placed.orderId, placed.token);
    if (!settled) return;
    $order.set({ ...placed, view: settled });
    stage = paymentStage(settled);
    $stage.set(stage);
  }
  if (stage === 'settled') goToStatus(locale);
}

/** The order's status page, where the customer follows it (built by the status page's island). */
function goToStatus(locale: UiLocale): void {
  const placed = $order.get();
  if (placed) globalThis.location.assign(statusUrl(locale, placed.orderId, placed.token));
}

/**
 * A reload (or the back button) after this browser placed an order: when the basket is empty and the order is
 * still waiting for its payment, the page shows that payment again instead of an empty basket.
 */
export function resumePlaced(locale: UiLocale, client: ApiClient = api): Promise<void> {
  return task(async () => {
    const { placedEarlier: placed, recovered } = $setup.get();
    if (!placed) return;
    const view = await loadOrder(placed.orderId, placed.token, client);
    if (!view) return;
    $order.set({ ...placed, view });
    const stage = paymentStage(view);
    // Paid or on delivery: the status page tells the rest; the summary only says it was placed (the back button
    // from the status page lands here). An order whose answer was lost has not been to its status page yet: go.
    if (stage === 'settled') {
      $stage.set('settled');
      if (recovered) goToStatus(locale);
      return;
    }
    await follow(view, null, locale, { resume: true });
  });
}
