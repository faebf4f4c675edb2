import { atom, map } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import type { ApiClient } from '#app/api-client.ts';
import type { PlacedCheckout } from '#app/checkout/checkout-storage.ts';
import type { GooglePayConfig } from '#app/checkout/google-pay.ts';
import { $address } from '#app/stores/address.ts';
import type { Basket } from '#app/stores/basket.ts';
import type { SavedAddress } from '#app/stores/account/shared.ts';
import type { CurrentUser } from '#app/stores/session.ts';
import type { CheckoutValues } from '#app/checkout/checkout-form.ts';
import type { Country } from '#domain/country.ts';
import type { PaymentStage } from '#app/stores/payment-flow.ts';

// The stores the form, the set-up and the placement share. They live apart from all three so that the form (which
// reads the basket's country and whether an order is being sent) needs neither the loading nor the placing code.

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

/**
 * Where placing stands: editing, sending (the button is disabled), then the payment's stage once an order exists,
 * or `gpayClosed` when the customer closed Google Pay's sheet before anything was placed.
 */
export type PlaceStage = 'editing' | 'sending' | 'gpayClosed' | 'gpayUnavailable' | PaymentStage;
export const $stage = atom<PlaceStage>('editing');

export const country = (): Country => $setup.get().basket?.country ?? 'pl';
export const pickup = (): boolean => $setup.get().basket?.deliveryMethod === 'pickup';
export const context = () => ({ country: country(), pickup: pickup() });

/** The coordinates of a known address: the saved one chosen, or the one kept in the browser when unchanged. */
export function coordinatesOf(values: CheckoutValues): { lat: number; lng: number } | null {
  const saved = $setup.get().addresses.find((a) => a.id === values.addressChoice);
  if (saved?.latitude != null && saved.longitude != null) return { lat: saved.latitude, lng: saved.longitude };
  const kept = $address.get();
  if (kept?.lat !== undefined && kept.lng !== undefined && kept.zip.trim() === values.zip.trim())
    return { lat: kept.lat, lng: kept.lng };
  return null;
}
