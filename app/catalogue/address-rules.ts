import type { AddressParts } from '#app/stores/address.ts';
import { countryOfZip } from '#app/stores/nearby.ts';

export type AddressField = keyof AddressParts;
export const ADDRESS_FIELDS: readonly AddressField[] = ['street', 'streetNo', 'zip', 'city'];

/** The form rule (server/domain/forms.ts names) a field breaks, or null: every field is needed, the zip in a known format. */
export function addressFieldRule(field: AddressField, value: string): 'notEmpty' | 'isValidZipCode' | null {
  if (value.trim() === '') return 'notEmpty';
  if (field === 'zip' && !countryOfZip(value.trim())) return 'isValidZipCode';
  return null;
}

/** Every field's broken rule, in the form's order. */
export function addressErrors(address: AddressParts): Partial<Record<AddressField, 'notEmpty' | 'isValidZipCode'>> {
  const errors: Partial<Record<AddressField, 'notEmpty' | 'isValidZipCode'>> = {};
  for (const field of ADDRESS_FIELDS) {
    const rule = addressFieldRule(field, address[field]);
    if (rule) errors[field] = rule;
  }
  return errors;
}
