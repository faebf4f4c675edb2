/**
 * The part of a phone number the call centre looks a caller up by: its last nine digits. However the number was
 * typed ('+48 600 100 200', '600-100-200', '(0)67 123 45 67', '+380671234567'), these are the subscriber's number
 * without its country prefix in Poland (9 digits) and Ukraine (0 + 9 digits). The database indexes the same
 * expression (orders_customer_phone_idx, users_phone_idx); null when fewer than nine digits were given.
 */
export function phoneLookupKey(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 9 ? null : digits.slice(-9);
}
