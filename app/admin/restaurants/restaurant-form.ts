import { type } from 'arktype';
import { restaurantBody, type RestaurantBody } from '#domain/admin-forms.ts';

/** Monday first, as the week is read (spec section 4); the numbers are the product's 0 = Sunday … 6 = Saturday. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

const openDay = type({
  open: 'true',
  from: /^([01][0-9]|2[0-3]):[0-5][0-9]$/,
  to: /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/,
});
const closedDay = type({ open: 'false', from: 'string', to: 'string' });

/**
 * The restaurant form's values: the week as seven rows indexed by day. Where it delivers is its delivery zones'
 * screen (decision 061).
 */
export const restaurantFormSchema = restaurantBody
  .omit('hours')
  .and({ week: openDay.or(closedDay).array().exactlyLength(7) });
export type RestaurantFormValues = typeof restaurantFormSchema.infer;

export type RestaurantRow = RestaurantBody & { id: number; updatedAt: string };

export function toBody({ week, ...fields }: RestaurantFormValues): RestaurantBody {
  return {
    ...fields,
    hours: week.flatMap((day, index) => (day.open ? [{ day: index, from: day.from, to: day.to }] : [])),
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
    week: Array.from({ length: 7 }, (_, day) => {
      const entry = hours.find((h) => h.day === day);
      return entry ? { open: true, from: entry.from, to: entry.to } : { open: false, from: '10:00', to: '22:00' };
    }),
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
};
