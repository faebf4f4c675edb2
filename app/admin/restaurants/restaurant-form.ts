import type { InferResponseType } from 'hono/client';
import type { ApiClient } from '#app/api-client.ts';
import { type } from 'arktype';
import { MAX_OPENING_RANGES, restaurantBody, type RestaurantBody } from '#domain/admin-forms.ts';

/** Monday first, as the week is read (spec section 4); the numbers are the product's 0 = Sunday … 6 = Saturday. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

const FROM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const TO = /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/;

/**
 * A day of the grid: a closed day's times are not read; an open day's are checked each at its own path
 * (`week.1.from`), so the error stands under the box that holds it (a union of open and closed days would report
 * the whole day as one invalid value).
 */
const gridDay = type({ open: 'boolean', from: 'string', to: 'string' }).narrow((day, ctx) => {
  if (!day.open) return true;
  let fits = true;
  for (const [key, pattern] of [
    ['from', FROM],
    ['to', TO],
  ] as const) {
    if (pattern.test(day[key])) continue;
    const expected = day[key].trim() === '' ? 'non-empty' : 'a time (HH:MM)';
    fits = ctx.reject({ expected, path: [...ctx.path, key] });
  }
  return fits;
});

/**
 * A range beyond the week grid (issue 38): a second shift of a weekday, a range for pickup or delivery only, or a
 * special date's ('00:00'–'00:00' closes the date). `on` is a weekday ('0' = Sunday … '6') or 'date'.
 */
const moreRange = type({
  on: "'0' | '1' | '2' | '3' | '4' | '5' | '6' | 'date'",
  date: 'string',
  from: /^([01][0-9]|2[0-3]):[0-5][0-9]$/,
  to: /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/,
  service: "'' | 'pickup' | 'delivery'",
}).narrow((range, ctx) =>
  range.on !== 'date' || /^\d{4}-\d{2}-\d{2}$/.test(range.date)
    ? true
    : ctx.reject({ path: ['date'], expected: 'a date' }),
);
export type MoreRange = typeof moreRange.infer;
export const NEW_RANGE: MoreRange = { on: '1', date: '', from: '17:00', to: '22:00', service: '' };

type Hours = RestaurantBody['hours'];

/**
 * The hours as the form holds them: for each weekday its first range for both services in the grid, everything else
 * (more shifts, service ranges, special dates) in the list below it.
 */
export function hoursToForm(hours: Hours): { week: RestaurantFormValues['week']; more: MoreRange[] } {
  const inGrid = new Set<Hours[number]>();
  const week = Array.from({ length: 7 }, (_, day) => {
    const entry = hours.find((h) => h.day === day && !h.date && !h.service);
    if (entry) inGrid.add(entry);
    return entry
      ? { open: true as const, from: entry.from, to: entry.to }
      : { open: false as const, from: '10:00', to: '22:00' };
  });
  const more = hours
    .filter((h) => !inGrid.has(h))
    .map((h) => ({
      on: (h.date ? 'date' : String(h.day)) as MoreRange['on'],
      date: h.date ?? '',
      from: h.from,
      to: h.to,
      service: (h.service ?? '') as MoreRange['service'],
    }));
  return { week, more };
}

/** The grid's open days and the list's ranges as the API's hours. */
export function formToHours(week: RestaurantFormValues['week'], more: readonly MoreRange[]): Hours {
  return [
    ...week.flatMap((day, index) => (day.open ? [{ day: index, from: day.from, to: day.to }] : [])),
    ...more.map((range) => ({
      // A special date's weekday is the server's to set from the date.
      day: range.on === 'date' ? new Date(`${range.date}T00:00:00Z`).getUTCDay() : Number(range.on),
      from: range.from,
      to: range.to,
      date: range.on === 'date' ? range.date : null,
      service: range.service || null,
    })),
  ];
}

/**
 * The restaurant form's values: the week as seven rows indexed by day and the ranges beyond it. Where it delivers is
 * its delivery zones' screen (decision 061).
 */
export const restaurantFormSchema = restaurantBody.omit('hours').and({
  week: gridDay.array().exactlyLength(7),
  more: moreRange.array().atMostLength(MAX_OPENING_RANGES),
});
export type RestaurantFormValues = typeof restaurantFormSchema.infer;

/** A restaurant as GET /api/admin/restaurants/:id answers it. */
export type RestaurantRow = InferResponseType<ApiClient['admin']['restaurants'][':id']['$get'], 200>['restaurant'];

export function toBody({ week, more, ...fields }: RestaurantFormValues): RestaurantBody {
  return {
    ...fields,
    hours: formToHours(week, more),
  };
}

export function toValues(row: RestaurantRow): RestaurantFormValues {
  const { id: _id, updatedAt: _updatedAt, hours, ...fields } = row;
  const pick = Object.fromEntries(
    Object.keys(emptyRestaurant).map((key) => [key, (fields as Record<string, unknown>)[key]]),
  ) as RestaurantFormValues;
  return {
    ...pick,
    phone: fields.phone ?? '',
    ...hoursToForm(hours),
  };
}

export const emptyRestaurant: RestaurantFormValues = {
  slug: '',
  name: '',
  conceptId: 0,
  locationId: 0,
  isEnabled: true,
  active: true,
  phone: '',
  about: '',
  deliveryValue: 0,
  minBasketValue: 0,
  smallOrderThreshold: 0,
  extraFee: 0,
  acceptanceMinutes: 10,
  preparationMinutes: 30,
  autoAccept: false,
  escalationMinutes: 5,
  week: Array.from({ length: 7 }, () => ({ open: true, from: '10:00', to: '22:00' })),
  more: [],
};
