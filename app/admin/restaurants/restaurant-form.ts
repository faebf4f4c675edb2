import { type } from 'arktype';
import { deliveryPolygon, restaurantBody, zipList, type RestaurantBody } from '#domain/admin-forms.ts';

/** Monday first, as the week is read (spec section 4); the numbers are the product's 0 = Sunday … 6 = Saturday. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

const openDay = type({
  open: 'true',
  from: /^([01][0-9]|2[0-3]):[0-5][0-9]$/,
  to: /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/,
});
const closedDay = type({ open: 'false', from: 'string', to: 'string' });

/** The delivery polygon as typed into its textarea: empty, or GeoJSON the API's polygon type accepts. */
const polygonText = type('string <= 100000').narrow((text, ctx) => {
  if (text.trim() === '') return true;
  try {
    return !(deliveryPolygon(JSON.parse(text)) instanceof type.errors) || ctx.reject({ expected: 'a GeoJSON Polygon' });
  } catch {
    return ctx.reject({ expected: 'a GeoJSON Polygon' });
  }
});

/** The restaurant form's values: the zip list and the polygon as text, the week as seven rows indexed by day. */
export const restaurantFormSchema = restaurantBody
  .omit('deliveryZips', 'deliveryPolygon', 'hours')
  .and({ zips: 'string <= 30000', polygon: polygonText, week: openDay.or(closedDay).array().exactlyLength(7) });
export type RestaurantFormValues = typeof restaurantFormSchema.infer;

export type RestaurantRow = RestaurantBody & { id: number; updatedAt: string };

export function toBody({ zips, polygon, week, ...fields }: RestaurantFormValues): RestaurantBody {
  return {
    ...fields,
    deliveryZips: zipList(zips),
    deliveryPolygon: polygon.trim() ? (JSON.parse(polygon) as RestaurantBody['deliveryPolygon']) : null,
    hours: week.flatMap((day, index) => (day.open ? [{ day: index, from: day.from, to: day.to }] : [])),
  };
}

export function toValues(row: RestaurantRow): RestaurantFormValues {
  const { id: _id, updatedAt: _updatedAt, deliveryZips, deliveryPolygon: area, hours, ...fields } = row;
  const pick = Object.fromEntries(
    Object.keys(emptyRestaurant).map((key) => [key, (fields as Record<string, unknown>)[key]]),
  ) as RestaurantFormValues;
  return {
    ...pick,
    phone: fields.phone ?? '',
    zips: deliveryZips.join('\n'),
    polygon: area ? JSON.stringify(area) : '',
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
  zips: '',
  polygon: '',
  week: Array.from({ length: 7 }, () => ({ open: true, from: '10:00', to: '22:00' })),
};
