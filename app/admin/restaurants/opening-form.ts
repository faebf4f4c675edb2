import type { RestaurantBody, RestaurantOpeningBody } from '#domain/admin-forms.ts';
import { restaurantFormSchema, type RestaurantFormValues } from './restaurant-form.ts';

/** A kitchen manager's opening form (OpeningForm): isEnabled and the week, as the restaurant form has them. */
export const openingFormSchema = restaurantFormSchema.pick('isEnabled', 'week');
type OpeningFormValues = typeof openingFormSchema.infer;

/** The week grid's seven rows, indexed by day; a closed day offers the usual 10:00–22:00 when ticked. */
const weekOf = (hours: RestaurantBody['hours']): RestaurantFormValues['week'] =>
  Array.from({ length: 7 }, (_, day) => {
    const entry = hours.find((h) => h.day === day);
    return entry ? { open: true, from: entry.from, to: entry.to } : { open: false, from: '10:00', to: '22:00' };
  });

export const openingToValues = ({ isEnabled, hours }: RestaurantOpeningBody): OpeningFormValues => ({
  isEnabled,
  week: weekOf(hours),
});

export const openingToBody = ({ isEnabled, week }: OpeningFormValues): RestaurantOpeningBody => ({
  isEnabled,
  hours: week.flatMap((day, index) => (day.open ? [{ day: index, from: day.from, to: day.to }] : [])),
});
