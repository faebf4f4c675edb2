import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { baskets, discountCodes, locations, restaurants } from '#db/schema/index.ts';
import { RuleError } from '#server/domain/errors.ts';
import { checkoutFormRules, validate as validateForm } from '#server/domain/forms.ts';
import type { Country } from '#server/domain/money.ts';
import type { DeliveryMethod } from '#server/domain/pricing.ts';
import { validationError } from '#server/errors.ts';
import type { BasketAddress } from './priced.ts';
import type { BasketRow } from './writable.ts';

const addressRules = {
  street: checkoutFormRules.street,
  streetNo: checkoutFormRules.streetNo,
  city: checkoutFormRules.city,
  zip: checkoutFormRules.zip,
};

async function kitchenOf(tx: Tx, basket: BasketRow) {
  if (basket.restaurantId === null) return null;
  const [row] = await tx
    .select({
      country: locations.country,
      pickupEnabled: locations.pickupEnabled,
      deliveryEnabled: locations.deliveryEnabled,
    })
    .from(restaurants)
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(eq(restaurants.id, basket.restaurantId));
  return row ?? null;
}

/**
 * How and where to deliver. The address is checked with the country's rules (zip pattern), the
 * country must be the kitchen's once the basket holds a restaurant's food (restaurantLocation:
 * clear the basket to switch), and the method must be one the kitchen offers.
 */
export async function setDelivery(
  tx: Tx,
  basket: BasketRow,
  input: { deliveryMethod: DeliveryMethod; country?: Country | undefined; address?: BasketAddress | null | undefined },
): Promise<void> {
  const kitchen = await kitchenOf(tx, basket);
  const country = input.country ?? (kitchen?.country as Country | undefined) ?? (basket.country as Country);
  if (kitchen && kitchen.country !== country) {
    throw new RuleError('restaurantLocation', 'the basket holds food of a restaurant in another country');
  }
  if (kitchen && input.deliveryMethod === 'pickup' && !kitchen.pickupEnabled) {
    throw validationError({ deliveryMethod: 'pickupUnavailable' });
  }
  if (kitchen && input.deliveryMethod !== 'pickup' && !kitchen.deliveryEnabled) {
    throw validationError({ deliveryMethod: 'deliveryUnavailable' });
  }
  let address: BasketAddress | null | undefined = input.address;
  if (address) {
    const errors = validateForm(addressRules, address, { country });
    if (Object.keys(errors).length > 0) {
      throw validationError(
        Object.fromEntries(Object.entries(errors).map(([field, rule]) => [`address.${field}`, rule])),
      );
    }
    address = { ...address, zip: address.zip.trim() };
  }
  await tx
    .update(baskets)
    .set({
      deliveryMethod: input.deliveryMethod,
      country,
      // Leaving the address out keeps the one given before (switching to pickup and back loses nothing).
      ...(address !== undefined ? { address } : {}),
    })
    .where(eq(baskets.id, basket.id));
}

/**
 * Applies a discount code (any case). discountCode: no such code, or a code of another country;
 * discountNotActive: switched off or used up.
 */
export async function applyDiscount(tx: Tx, basket: BasketRow, code: string): Promise<void> {
  const [row] = await tx
    .select()
    .from(discountCodes)
    .where(eq(sql`upper(${discountCodes.code})`, code.trim().toUpperCase()));
  if (!row) throw new RuleError('discountCode', 'no such discount code');
  const kitchen = await kitchenOf(tx, basket);
  const country = kitchen?.country ?? basket.country;
  if (row.country !== country) throw new RuleError('discountCode', `the code is for ${row.country}, not ${country}`);
  if (!row.active || row.used >= row.quantity) throw new RuleError('discountNotActive', 'the code is not active');
  await tx.update(baskets).set({ discountCodeId: row.id }).where(eq(baskets.id, basket.id));
}

export async function removeDiscount(tx: Tx, basket: BasketRow): Promise<void> {
  await tx.update(baskets).set({ discountCodeId: null }).where(eq(baskets.id, basket.id));
}
