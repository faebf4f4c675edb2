import { addressRules, fullAddress } from '#domain/accounts.ts';
import type { SavedAddressInput } from '#domain/addresses.ts';
import { validate } from '#domain/forms.ts';
import { AppError } from '#server/errors.ts';

/** Checks an address with the checkout form's rules (zip by its country) and gives the row's columns. */
export function addressValues(input: SavedAddressInput) {
  const errors = validate(addressRules, input, { country: input.country });
  if (Object.keys(errors).length > 0) throw new AppError('validation', errors);
  return {
    street: input.street.trim(),
    streetNo: input.streetNo.trim(),
    aptNo: input.aptNo?.trim() || null,
    city: input.city.trim(),
    zip: input.zip.trim(),
    country: input.country,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    fullAddress: fullAddress(input),
  };
}
