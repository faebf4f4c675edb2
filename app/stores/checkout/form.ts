import { atom, map } from 'nanostores';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { adoptFields } from '#app/forms/early-input.ts';
import {
  addressValues,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
  EMPTY_CHECKOUT,
} from '#app/checkout/checkout-form.ts';
import { DRAFT_FIELDS, draftOf, keepDraft } from '#app/checkout/checkout-storage.ts';
// Type only: the module itself is loaded on demand (loadRules).
import type * as CheckoutRules from '#domain/checkout-form.ts';
import { $basket, type Basket } from '#app/stores/basket.ts';
import { $setup, $stage, context, coordinatesOf, pickup } from './state.ts';

// The checkout's form: its values, the fields touched so far and their errors, the draft kept for a reload, the
// saved address chosen, and the pricing of the address it names (each address change prices the basket again).

export const $values = map<CheckoutValues>({ ...EMPTY_CHECKOUT });
export const $errors = atom<CheckoutErrors>({});
/** An error of the whole form (a key of the error catalogue) that no field caused. */
export const $formError = atom<string | null>(null);

/** The form's rules are the call centre's too, with its own channel (server/domain/checkout-form.ts). */
const rulesContext = () => ({ ...context(), channel: 'web' as const });

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
  const typed = Object.fromEntries([...touched].map((field) => [field, $values.get()[field]]));
  const typedAddress = ADDRESS_FIELDS.some((field) => touched.has(field) || field in draft);
  return { draft, typed, typedAddress };
}

/** Fills the form once the page has loaded; what was typed meanwhile is kept, and checked as typed. */
export function fillForm(values: CheckoutValues): void {
  $values.set(values);
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

/**
 * The whole form on submit, once the rules have loaded: its values and every field's error; every field counts as
 * touched from then on, so that its error shows and is checked again on change.
 */
export async function checkWholeForm(): Promise<{ values: CheckoutValues; errors: CheckoutErrors }> {
  const { checkoutFormErrors } = await loadRules();
  const values = $values.get();
  const errors: CheckoutErrors = checkoutFormErrors(values, rulesContext());
  for (const field of Object.keys(values) as CheckoutField[]) touched.add(field);
  return { values, errors };
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
