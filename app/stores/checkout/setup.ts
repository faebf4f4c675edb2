import { task } from 'nanostores';
import { api, type ApiClient } from '#app/api-client.ts';
import { addressValues, type CheckoutValues, EMPTY_CHECKOUT } from '#app/checkout/checkout-form.ts';
import {
  placedCheckout,
  rememberPlaced,
  type PlacedCheckout,
  unansweredCheckout,
} from '#app/checkout/checkout-storage.ts';
import { paymentDataRequest, type PaymentDataRequest } from '#app/checkout/google-pay.ts';
import { loadAddress } from '#app/stores/address.ts';
import { $basket, type Basket } from '#app/stores/basket.ts';
import type { SavedAddress } from '#app/stores/account/shared.ts';
import { $user } from '#app/stores/session.ts';
import { fillForm, priceForAddress, typedBeforeFilling } from './form.ts';
import { $setup, type OfferedMethod } from './state.ts';

// The checkout's set-up: what the page loads before the form can be filled, and the form filled from it.

/** Loads the basket, then (at once) the methods of its country, the Google Pay setup and the customer's data. */
export function loadCheckout(client: ApiClient = api): Promise<void> {
  return task(async () => {
    try {
      const [basketAnswer, userAnswer] = await Promise.all([client.basket.$get(), client.auth.getUser.$get()]);
      if (basketAnswer.status !== 200) throw new Error(`basket: ${basketAnswer.status}`);
      const basket = await basketAnswer.json();
      $basket.set(basket);
      const user = userAnswer.ok ? (await userAnswer.json()).user : null;
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
      const config = configAnswer.ok ? await configAnswer.json() : { googlePay: null, sandbox: false };
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
export async function findUnanswered(client: ApiClient): Promise<PlacedCheckout | null> {
  const sent = unansweredCheckout();
  if (!sent) return null;
  const answer = await client.orders.placed.$get({}, { headers: { 'Idempotency-Key': sent.key } }).catch(() => null);
  if (answer?.status !== 200) return null;
  const found = await answer.json();
  const placed = { orderId: found.orderId, token: found.accessToken };
  rememberPlaced(sent.basketId, placed);
  return placed;
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
  const { draft, typed, typedAddress } = typedBeforeFilling(basket.id);
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
  fillForm({ ...values, ...draft, ...typed });
}

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
