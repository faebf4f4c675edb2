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

/**
 * A number as the checkout's country rules take it (spec section 5): without separators and without the +48 / +38
 * (or 0048 / 0038) in front, so '+48 600 100 200' becomes '600100200' and '+380 67 123 45 67' '0671234567'.
 */
export function nationalPhone(phone: string): string {
  const compact = phone.replace(/[\s\-()]/g, '');
  return compact.replace(/^(?:\+|00)(?:48|38(?=0))/, '');
}
