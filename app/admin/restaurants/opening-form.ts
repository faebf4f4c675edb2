import type { RestaurantOpeningBody } from '#domain/admin-forms.ts';
import { formToHours, hoursToForm, restaurantFormSchema } from './restaurant-form.ts';

/** A kitchen manager's opening form (OpeningForm): isEnabled and the hours, as the restaurant form has them. */
export const openingFormSchema = restaurantFormSchema.pick('isEnabled', 'week', 'more');
type OpeningFormValues = typeof openingFormSchema.infer;

export const openingToValues = ({ isEnabled, hours }: RestaurantOpeningBody): OpeningFormValues => ({
  isEnabled,
  ...hoursToForm(hours),
});

export const openingToBody = ({ isEnabled, week, more }: OpeningFormValues): RestaurantOpeningBody => ({
  isEnabled,
  hours: formToHours(week, more),
});
