import { phoneLookupKey } from './phone-lookup.ts';

/** The call centre follows up orders of the last week: older ones are the admin's (and the customer's own list). */
export const FOLLOW_UP_DAYS = 7;
/** The most orders one search answers, newest first. */
export const FOLLOW_UP_RESULTS = 20;

export type OrderSearch =
  { by: 'email'; email: string } | { by: 'number'; displayId: string } | { by: 'phone'; key: string };

// An order's number is the last five characters of its basket's id (spec section 3): hexadecimal, as a uuid is.
const DISPLAY_ID = /^[0-9a-f]{5}$/;

/**
 * What the agent typed, read as the customer gives it on the phone: an e-mail address (it has an @), an order number
 * (five letters and digits, a '#' in front allowed), or a phone number however written (its last nine digits, as
 * the caller lookup matches it). Null when it is none of them: fewer than nine digits and no number's shape.
 */
export function orderSearchOf(query: string): OrderSearch | null {
  const text = query.trim();
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? { by: 'email', email } : null;
  }
  const number = text.replace(/^#/, '').toLowerCase();
  if (DISPLAY_ID.test(number)) return { by: 'number', displayId: number };
  const key = phoneLookupKey(text);
  return key ? { by: 'phone', key } : null;
}
