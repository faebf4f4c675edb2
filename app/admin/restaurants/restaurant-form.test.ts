import { describe, expect, it } from 'vitest';
import { rulesOf } from '#app/admin/forms/form-state.tsx';
import { emptyRestaurant, restaurantFormSchema, type RestaurantFormValues } from './restaurant-form.ts';

const weekRules = (week: RestaurantFormValues['week']) =>
  Object.fromEntries(
    Object.entries(rulesOf(restaurantFormSchema, { ...emptyRestaurant, week })).filter(([path]) =>
      path.startsWith('week'),
    ),
  );

describe('the week grid’s hours', () => {
  it('says each wrong time at its own box: an empty one must be filled, a malformed one is invalid', () => {
    const week = emptyRestaurant.week.map((day) => ({ ...day }));
    week[1] = { open: true, from: '', to: '24:00' };
    week[2] = { open: true, from: '10:00', to: '25:00' };
    expect(weekRules(week)).toEqual({ 'week.1.from': 'notEmpty', 'week.2.to': 'invalid' });
  });

  it('does not read a closed day’s times', () => {
    const week = emptyRestaurant.week.map((day) => ({ ...day }));
    week[3] = { open: false, from: '', to: 'whatever' };
    expect(weekRules(week)).toEqual({});
  });
});
