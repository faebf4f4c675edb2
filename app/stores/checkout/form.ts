import { atom } from 'nanostores';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { adoptFields } from '#app/forms/early-input.ts';
import { createForm } from '#app/forms/form.ts';
import {
  addressValues,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
  EMPTY_CHECKOUT,
} from '#app/checkout/checkout-form.ts';
import { DRAFT_FIELDS, draftOf, keepDraft } from '#app/checkout/checkout-storage.ts';
import { $basket, type Basket } from '#app/stores/basket.ts';
import { $setup, $stage, context, coordinatesOf, pickup } from './state.ts';

// The checkout's form: the islands' form model (app/forms/form.ts, decision 049) over the domain's rules, with what
// the checkout adds to it: the fields typed before the page had loaded, the draft kept for a reload, the saved
// address chosen, and the pricing of the address it names (each address change prices the basket again).

/**
 * The finalize-order form, checked by the rules the API applies (server/domain/checkout-form.ts, the call centre's
 * too with its own channel). They are loaded at the first keystroke (or submit): they are the API's arktype schemas,
 * about 45 KB of JavaScript the page does not need before the customer touches the form (the summary page's budget).
 */
export const checkoutForm = createForm<CheckoutValues>(
  { ...EMPTY_CHECKOUT },
  {
    load: () =>
      import('#domain/checkout-form.ts').then(
        ({ checkoutFormErrors }) =>
          (values) =>
            checkoutFormErrors(values, { ...context(), channel: 'web' }),
      ),
  },
);

/** The errors shown beside the fields: the address as a whole (outside the delivery area) and the basket's recap. */
export const $elsewhere = atom<Pick<CheckoutErrors, 'address' | 'basket'>>({});

const values = () => checkoutForm.$state.get().values;

/** Fields the customer changed: what they typed before the form was filled stays over what it is filled with. */
const touched = new Set<CheckoutField>();
const ADDRESS_FIELDS: readonly CheckoutField[] = ['street', 'streetNo', 'aptNo', 'zip', 'city', 'addressChoice'];

/**
 * What the customer typed before the form was filled: the draft kept on this tab before a reload or a change of
 * language, the fields typed while the page loaded (or before its script ran), and whether any of them is the address.
 */
export function typedBeforeFilling(basketId: string): {
  draft: Partial<CheckoutValues>;
  typed: Partial<CheckoutValues>;
  typedAddress: boolean;
} {
  const draft = draftOf(basketId) ?? {};
  const typed = Object.fromEntries([...touched].map((field) => [field, values()[field]]));
  const typedAddress = ADDRESS_FIELDS.some((field) => touched.has(field) || field in draft);
  return { draft, typed, typedAddress };
}

/** Fills the form once the page has loaded; what was typed meanwhile is kept, and its errors with it. */
export function fillForm(filled: CheckoutValues): void {
  checkoutForm.fill(filled);
  if (touched.size > 0) keepTyped();
}

/** Keeps the customer's typed details for a reload or a change of language (checkout-storage.ts). */
function keepTyped(): void {
  const basket = $setup.get().basket;
  if (basket) keepDraft(basket.id, values());
}

/** The fields changed before the island loaded (useEarlyInput), each as if typed now. */
export function adoptEarlyInput(changed: Record<string, unknown>): void {
  adoptFields(changed, EMPTY_CHECKOUT, setField);
}

/**
 * Sets one field, which the form checks (spec section 5: validate on change), and does what the checkout does on a
 * change: keeps the draft, prices a changed address, and closes the Google Pay notice.
 */
export function setField<F extends CheckoutField>(field: F, value: CheckoutValues[F]): void {
  if ($stage.get() === 'sending') return;
  touched.add(field);
  checkoutForm.setField(field, value);
  if ((DRAFT_FIELDS as readonly string[]).includes(field)) keepTyped();
  if ($stage.get() === 'gpayClosed' || $stage.get() === 'gpayUnavailable') $stage.set('editing');
  if (!ADDRESS_FIELDS.includes(field)) return;
  // A changed address may cure "outside the delivery area": the server decides again on the next submit.
  const { address: _cured, ...rest } = $elsewhere.get();
  $elsewhere.set(rest);
  priceForAddress();
}

/** Picks a saved address (its fields fill the form) or 'new' (the fields are typed). */
export function chooseAddress(choice: string): void {
  const saved = $setup.get().addresses.find((a) => a.id === choice);
  // The address fields' errors were about the address left: the chosen one starts clean.
  const { street: _s, streetNo: _n, aptNo: _a, zip: _z, city: _c, ...errors } = checkoutForm.$state.get().errors;
  checkoutForm.$state.setKey('errors', errors);
  checkoutForm.fill({ addressChoice: choice, ...(saved ? addressValues(saved) : {}) });
  const { address: _left, ...rest } = $elsewhere.get();
  $elsewhere.set(rest);
  // A saved address is not a draft's: a reload starts from the saved addresses again, not from one typed earlier.
  const basket = $setup.get().basket;
  if (basket && saved) keepDraft(basket.id, { ...values(), street: '', streetNo: '', aptNo: '', zip: '', city: '' });
  priceForAddress();
}

/** The address the basket was last priced for, so that each address is sent once. */
let pricedFor = '';
let pricing: ReturnType<typeof setTimeout> | undefined;

/**
 * Prices the basket for the address the form names, once typing pauses (PUT /api/basket/delivery with it): the
 * delivery zone holding it sets the fee and minimum the recap shows (decision 061). The order is priced for its
 * address on the server again whatever happens here, so a lost answer only leaves the recap's fee as it was.
 */
export function priceForAddress(client: ApiClient = api): void {
  clearTimeout(pricing);
  pricing = setTimeout(() => void sendAddress(client), 400);
}

/** Drops the pricing waiting for typing to pause (the order being sent prices its address itself). */
export function stopPricing(): void {
  clearTimeout(pricing);
}

async function sendAddress(client: ApiClient): Promise<void> {
  const { basket } = $setup.get();
  if (!basket || pickup() || $stage.get() === 'sending') return;
  const typed = values();
  const { street, streetNo, aptNo, zip, city } = addressValues(typed);
  if (![street, streetNo, zip, city].every((text) => text.trim())) return;
  const address = {
    street: street.trim(),
    streetNo: streetNo.trim(),
    ...(aptNo.trim() ? { aptNo: aptNo.trim() } : {}),
    city: city.trim(),
    zip: zip.trim(),
    ...(coordinatesOf(typed) ?? {}),
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
