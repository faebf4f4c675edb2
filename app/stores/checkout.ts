import { atom, map, task } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { adoptFields } from '#app/forms/early-input.ts';
import {
  addressValues,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
  EMPTY_CHECKOUT,
  firstErrorField,
  placeErrors,
  placeOrderBody,
} from '#app/checkout/checkout-form.ts';
import {
  checkoutKey,
  DRAFT_FIELDS,
  draftOf,
  forgetDraft,
  keepDraft,
  placedCheckout,
  rememberPlaced,
  type PlacedCheckout,
  unansweredCheckout,
} from '#app/checkout/checkout-storage.ts';
import {
  GooglePayClosed,
  googlePayAdapter,
  paymentDataRequest,
  type PaymentDataRequest,
  type GooglePayConfig,
} from '#app/checkout/google-pay.ts';
// Type only: the module itself is loaded on demand (loadRules).
import type * as CheckoutRules from '#domain/checkout-form.ts';
import { $address, loadAddress, setAddress } from '#app/stores/address.ts';
import { $basket, loadBasket, type Basket } from '#app/stores/basket.ts';
import type { SavedAddress } from '#app/stores/account/shared.ts';
import { $user, type CurrentUser } from '#app/stores/session.ts';
import { formatAddress } from '#app/stores/address.ts';
import { scheduledForBody } from '#app/capacity/order-time.ts';
import type { Country } from '#domain/country.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { checkInvoice, invoiceBody, invoiceRefusal } from './invoice-request.ts';
import {
  loadOrder,
  type OrderView,
  paymentStage,
  type PaymentStage,
  statusUrl,
  waitForPayment,
} from './payment-flow.ts';

export type PaymentMethods = InferResponseType<ApiClient['payment-methods']['$get'], 200>;
export type OfferedMethod = PaymentMethods['methods'][number];

/** What the page needs before the form can be filled: the basket, its country's payment methods, who orders. */
export type CheckoutSetup = {
  status: 'loading' | 'ready' | 'empty' | 'failed';
  basket: Basket | null;
  methods: OfferedMethod[];
  user: CurrentUser | null;
  addresses: SavedAddress[];
  googlePay: GooglePayConfig | null;
  sandbox: boolean;
  /** The order this browser placed from an earlier basket, when the basket is now empty (back button, second tab). */
  placedEarlier: PlacedCheckout | null;
  /** placedEarlier was found through the API (its answer was lost), not remembered from the answer. */
  recovered?: boolean;
};

export const $setup = map<CheckoutSetup>({
  status: 'loading',
  basket: null,
  methods: [],
  user: null,
  addresses: [],
  googlePay: null,
  sandbox: false,
  placedEarlier: null,
});

export const $values = map<CheckoutValues>({ ...EMPTY_CHECKOUT });
export const $errors = atom<CheckoutErrors>({});
/** An error of the whole form (a key of the error catalogue) that no field caused. */
export const $formError = atom<string | null>(null);

/**
 * Where placing stands: editing, sending (the button is disabled), then the payment's stage once an order exists,
 * or `gpayClosed` when the customer closed Google Pay's sheet before anything was placed.
 */
export type PlaceStage = 'editing' | 'sending' | 'gpayClosed' | 'gpayUnavailable' | PaymentStage;
export const $stage = atom<PlaceStage>('editing');
/** The order placed from this page, once there is one. */
export const $order = atom<(PlacedCheckout & { view: OrderView }) | null>(null);

const country = (): Country => $setup.get().basket?.country ?? 'pl';
const pickup = (): boolean => $setup.get().basket?.deliveryMethod === 'pickup';
const context = () => ({ country: country(), pickup: pickup() });
/** The form's rules are the call centre's too, with its own channel (server/domain/checkout-form.ts). */
const rulesContext = () => ({ ...context(), channel: 'web' as const });

/** Loads the basket, then (at once) the methods of its country, the Google Pay setup and the customer's data. */
export function loadCheckout(client: ApiClient = api): Promise<void> {
  return task(async () => {
    try {
      const [basketAnswer, userAnswer] = await Promise.all([client.basket.$get(), client.auth.getUser.$get()]);
      if (basketAnswer.status !== 200) throw new Error(`basket: ${basketAnswer.status}`);
      const basket = await basketAnswer.json();
      $basket.set(basket);
      const user = userAnswer.ok ? ((await userAnswer.json()) as { user: CurrentUser | null }).user : null;
      $user.set(user);
      if (basket.lines.length === 0) {
        const remembered = placedCheckout();
        const recovered = remembered ? null : await findUnanswered(client);
        $setup.set({
          ...$setup.get(),
          status: 'empty',
          basket,
          user,
          placedEarlier: remembered ?? recovered,
          recovered: recovered !== null,
        });
        return;
      }
      const [methodsAnswer, configAnswer, addressesAnswer, profileAnswer] = await Promise.all([
        client['payment-methods'].$get({ query: { country: basket.country, channel: 'web' } }),
        client.payments.config.$get({ query: { country: basket.country } }),
        user ? client.account.addresses.$get() : null,
        user ? client.account.$get() : null,
      ]);
      if (methodsAnswer.status !== 200) throw new Error(`payment methods: ${methodsAnswer.status}`);
      const { methods } = await methodsAnswer.json();
      const config = configAnswer.ok
        ? ((await configAnswer.json()) as { googlePay: GooglePayConfig | null; sandbox: boolean })
        : { googlePay: null, sandbox: false };
      const addresses = addressesAnswer?.ok ? (await addressesAnswer.json()).addresses : [];
      const profile = profileAnswer?.ok ? (await profileAnswer.json()).profile : null;
      $setup.set({
        status: 'ready',
        basket,
        methods,
        user,
        addresses,
        googlePay: config.googlePay,
        sandbox: config.sandbox,
        placedEarlier: null,
      });
      prefill(basket, methods, addresses, profile ?? user);
      priceForAddress(client);
    } catch {
      $setup.set({ ...$setup.get(), status: 'failed' });
    }
  });
}

/**
 * The order an earlier send placed when its answer never arrived (a reload at that moment): the basket is already
 * spent, and the API finds the order under the kept Idempotency-Key for the basket's holder. Remembered as if the
 * answer had come.
 */
async function findUnanswered(client: ApiClient): Promise<PlacedCheckout | null> {
  const sent = unansweredCheckout();
  if (!sent) return null;
  const answer = await client.orders.placed.$get({}, { headers: { 'Idempotency-Key': sent.key } }).catch(() => null);
  if (answer?.status !== 200) return null;
  const found = await answer.json();
  const placed = { orderId: found.orderId, token: found.accessToken };
  rememberPlaced(sent.basketId, placed);
  return placed;
}

/** The order a send placed although its answer was lost, with its view; null when none was placed (or none is found). */
async function placedUnanswered(client: ApiClient): Promise<(PlacedCheckout & { view: OrderView }) | null> {
  const placed = await findUnanswered(client);
  const view = placed && (await loadOrder(placed.orderId, placed.token, client));
  return placed && view ? { ...placed, view } : null;
}

/** Starts the form from what is known: the customer's profile, their default address or the one kept here. */
function prefill(
  basket: Basket,
  methods: OfferedMethod[],
  addresses: SavedAddress[],
  profile: { email: string; firstname: string; lastname: string; phone: string | null } | null,
): void {
  const values: CheckoutValues = { ...EMPTY_CHECKOUT };
  // What the customer typed on this tab before a reload or a change of language comes back, and what they typed
  // while this loaded (or before the page's script ran) stays; the rest is filled in.
  const draft = draftOf(basket.id) ?? {};
  const typed = Object.fromEntries([...touched].map((field) => [field, $values.get()[field]]));
  const typedAddress = ADDRESS_FIELDS.some((field) => touched.has(field) || field in draft);
  if (profile) {
    values.email = profile.email;
    values.firstname = profile.firstname;
    values.lastname = profile.lastname;
    values.phone = profile.phone ?? '';
  }
  const saved = addresses[0];
  const kept = loadAddress();
  if (typedAddress) values.addressChoice = 'new';
  else if (saved) Object.assign(values, addressValues(saved), { addressChoice: saved.id });
  else if (basket.address) Object.assign(values, addressValues(basket.address));
  else if (kept && kept.country === basket.country) Object.assign(values, addressValues(kept));
  // The highlighted method the API lists first, when it can be used now.
  const first = methods.find((m) => m.availableNow);
  if (first) values.paymentMethod = first.id;
  $values.set({ ...values, ...draft, ...typed });
  $errors.set({});
  if (touched.size > 0) {
    keepTyped();
    void recheck();
  }
}

/** Keeps the customer's typed details for a reload or a change of language (checkout-storage.ts). */
function keepTyped(): void {
  const basket = $setup.get().basket;
  if (basket) keepDraft(basket.id, $values.get());
}

/** The fields changed before the island loaded (useEarlyInput), each as if typed now. */
export function adoptEarlyInput(changed: Record<string, unknown>): void {
  adoptFields(changed, EMPTY_CHECKOUT, setField);
}

type Rules = typeof CheckoutRules;
let rules: Promise<Rules> | null = null;
/**
 * The form's rules, loaded at the first keystroke (or submit): they are the API's arktype schemas, about 45 KB of
 * JavaScript the page does not need before the customer touches the form (issue 15's 80 KB budget).
 */
const loadRules = (): Promise<Rules> => (rules ??= import('#domain/checkout-form.ts'));

/** Fields checked on change so far: their errors show (and the whole form's, after a submit). */
const touched = new Set<CheckoutField>();
const ADDRESS_FIELDS: readonly CheckoutField[] = ['street', 'streetNo', 'aptNo', 'zip', 'city', 'addressChoice'];

/** Sets one field and checks it (spec section 5: validate on change); fields checked before are checked again. */
export function setField<F extends CheckoutField>(field: F, value: CheckoutValues[F]): void {
  if ($stage.get() === 'sending') return;
  $values.set({ ...$values.get(), [field]: value });
  touched.add(field);
  if ((DRAFT_FIELDS as readonly string[]).includes(field)) keepTyped();
  // A changed address may cure "outside the delivery area": the server decides again on the next submit.
  if (ADDRESS_FIELDS.includes(field) && $errors.get().address) {
    const { address: _cured, ...rest } = $errors.get();
    $errors.set(rest);
  }
  $formError.set(null);
  if ($stage.get() === 'gpayClosed' || $stage.get() === 'gpayUnavailable') $stage.set('editing');
  if (ADDRESS_FIELDS.includes(field)) priceForAddress();
  void recheck();
}

/** The address the basket was last priced for, so that each address is sent once. */
let pricedFor = '';
let pricing: ReturnType<typeof setTimeout> | undefined;

/**
 * Prices the basket for the address the form names, once typing pauses (PUT /api/basket/delivery with it): the
 * delivery zone holding it sets the fee and minimum the recap shows (decision 061). The order is priced for its
 * address on the server again whatever happens here, so a lost answer only leaves the recap's fee as it was.
 */
function priceForAddress(client: ApiClient = api): void {
  clearTimeout(pricing);
  pricing = setTimeout(() => void sendAddress(client), 400);
}

async function sendAddress(client: ApiClient): Promise<void> {
  const { basket } = $setup.get();
  if (!basket || pickup() || $stage.get() === 'sending') return;
  const values = $values.get();
  const { street, streetNo, aptNo, zip, city } = addressValues(values);
  if (![street, streetNo, zip, city].every((text) => text.trim())) return;
  const address = {
    street: street.trim(),
    streetNo: streetNo.trim(),
    ...(aptNo.trim() ? { aptNo: aptNo.trim() } : {}),
    city: city.trim(),
    zip: zip.trim(),
    ...(coordinatesOf(values) ?? {}),
  };
  const key = JSON.stringify(address);
  if (key === pricedFor) return;
  pricedFor = key;
  const answer = await readAnswer(
    client.basket.delivery.$put({ json: { deliveryMethod: basket.deliveryMethod, address } }),
  );
  if (!answer.ok || $stage.get() === 'sending') return;
  const priced = answer.data as Basket;
  $basket.set(priced);
  $setup.setKey('basket', priced);
}

/** The touched fields' errors for the values as they are once the rules have loaded (typing may have gone on). */
async function recheck(): Promise<void> {
  const { checkoutFormErrors } = await loadRules();
  const found: CheckoutErrors = checkoutFormErrors($values.get(), rulesContext());
  const shown = $errors.get();
  const errors: CheckoutErrors = {};
  for (const name of Object.keys(found) as CheckoutField[]) {
    if (touched.has(name)) errors[name] = found[name];
  }
  if (shown.address) errors.address = shown.address;
  if (shown.basket) errors.basket = shown.basket;
  $errors.set(errors);
}

/** Picks a saved address (its fields fill the form) or 'new' (the fields are typed). */
export function chooseAddress(choice: string): void {
  const saved = $setup.get().addresses.find((a) => a.id === choice);
  const values = { ...$values.get(), addressChoice: choice, ...(saved ? addressValues(saved) : {}) };
  $values.set(values);
  // A saved address is not a draft's: a reload starts from the saved addresses again, not from one typed earlier.
  const basket = $setup.get().basket;
  if (basket && saved) keepDraft(basket.id, { ...values, street: '', streetNo: '', aptNo: '', zip: '', city: '' });
  const errors = { ...$errors.get() };
  delete errors.address;
  for (const field of ['street', 'streetNo', 'aptNo', 'zip', 'city'] as const) delete errors[field];
  $errors.set(errors);
  priceForAddress();
}

/** The coordinates of a known address: the saved one chosen, or the one kept in the browser when unchanged. */
function coordinatesOf(values: CheckoutValues): { lat: number; lng: number } | null {
  const saved = $setup.get().addresses.find((a) => a.id === values.addressChoice);
  if (saved?.latitude != null && saved.longitude != null) return { lat: saved.latitude, lng: saved.longitude };
  const kept = $address.get();
  if (kept?.lat !== undefined && kept.lng !== undefined && kept.zip.trim() === values.zip.trim())
    return { lat: kept.lat, lng: kept.lng };
  return null;
}

/**
 * The whole form on submit: checks every field (and answers the first with an error, for the page to scroll to),
 * gets a Google Pay token when that is the method, then places the order under the basket's Idempotency-Key.
 * Resolves to the first field with an error, or null.
 */
/** Google's PaymentDataRequest for the basket on the page, with its provider's gateway; null without Google Pay. */
export function googlePayRequest(): PaymentDataRequest | null {
  const { basket, googlePay } = $setup.get();
  if (!basket || !googlePay) return null;
  return paymentDataRequest(googlePay, {
    total: basket.summary.totalValue,
    currency: basket.currency,
    country: basket.country,
    merchantName: basket.restaurant?.conceptName ?? basket.restaurant?.name ?? '',
  });
}

export function placeOrder(
  locale: UiLocale,
  client: ApiClient = api,
): Promise<CheckoutField | 'address' | 'basket' | string | null> {
  return task(async () => {
    const stage = $stage.get();
    if (stage === 'sending' || stage === 'processing' || stage === 'redirect' || stage === 'settled') return null;
    const { basket, googlePay, sandbox } = $setup.get();
    if (!basket) return null;
    const { checkoutFormErrors } = await loadRules();
    const values = $values.get();
    const errors: CheckoutErrors = checkoutFormErrors(values, rulesContext());
    for (const field of Object.keys(values) as CheckoutField[]) touched.add(field);
    $formError.set(null);
    const invoiceProblem = checkInvoice(basket.country === 'pl');
    if (firstErrorField(errors) || invoiceProblem) {
      $errors.set(errors);
      return firstErrorField(errors) ?? invoiceProblem;
    }
    $errors.set({});
    $stage.set('sending');
    // An address typed just before the click is priced by the order itself. Priced after it, the order placed,
    // it would start the visitor a new basket, and a send whose answer was lost could no longer be found or repeated.
    clearTimeout(pricing);

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
      $errors.set(placed.fields);
      $formError.set(placed.form);
      $stage.set('editing');
      // A refusal placed nothing: the address the send stopped from being priced is priced now.
      if (answer.status >= 400 && answer.status < 500) priceForAddress(client);
      return invoiceField ?? firstErrorField(placed.fields);
    }

    const body = answer.data;
    const placed = { orderId: body.order.id, token: body.accessToken };
    rememberPlaced(basket.id, placed);
    await afterPlacing({ ...placed, view: body.order }, body.redirectUrl, { values, locale, client });
    return null;
  });
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

/** A saved address as one line, for the address picker (the API stores it with the address). */
export const savedAddressLine = (address: SavedAddress): string => address.fullAddress;
