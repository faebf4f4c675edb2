import { addressRules, fullAddress } from '#domain/accounts.ts';
import { validate } from '#domain/forms.ts';
import { AppError } from '#server/errors.ts';

export type AddressInput = {
  street: string;
  streetNo: string;
  aptNo?: string | null;
  city: string;
  zip: string;
  country: 'pl' | 'ua' | 'pt';
  latitude?: number | null;
  longitude?: number | null;
};

/** Checks an address with the checkout form's rules (zip by its country) and gives the row's columns. */
export function addressValues(input: AddressInput) {
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
