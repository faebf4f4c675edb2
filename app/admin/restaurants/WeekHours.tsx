import { useFormContext } from 'react-hook-form';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import type { FieldRule } from '#domain/errors.ts';
import { WEEK, type RestaurantFormValues } from './restaurant-form.ts';
import { DAY_LABEL } from '#app/admin/forms/labels.ts';

/** The working hours as a week grid: a row per day (Monday first) with open, from and to. */
export function WeekHours({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const { register, watch, formState } = useFormContext<RestaurantFormValues>();
  const week = watch('week');
  return (
    <fieldset className="admin-section">
      <legend>{m.admin_forms_hours({}, t)}</legend>
      <table className="admin-week">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{m.admin_forms_hours({}, t)}</span>
            </th>
            <th scope="col">{m.admin_forms_hoursOpen({}, t)}</th>
            <th scope="col">{m.admin_forms_hoursFrom({}, t)}</th>
            <th scope="col">{m.admin_forms_hoursTo({}, t)}</th>
          </tr>
        </thead>
        <tbody>
          {WEEK.map((day) => {
            const dayName = DAY_LABEL[day]({}, t);
            const error = formState.errors.week?.[day];
            const rule = (error?.from ?? error?.to ?? error)?.message;
            return (
              <tr key={day}>
                <th scope="row">{dayName}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${dayName}: ${m.admin_forms_hoursOpen({}, t)}`}
                    {...register(`week.${day}.open`)}
                  />
                </td>
                <td>
                  <input
                    type="text"
                    inputMode="numeric"
                    size={5}
                    aria-label={`${dayName}: ${m.admin_forms_hoursFrom({}, t)}`}
                    readOnly={!week[day]?.open}
                    aria-invalid={error?.from ? true : undefined}
                    {...register(`week.${day}.from`)}
                  />
                </td>
                <td>
                  <input
                    type="text"
                    inputMode="numeric"
                    size={5}
                    aria-label={`${dayName}: ${m.admin_forms_hoursTo({}, t)}`}
                    readOnly={!week[day]?.open}
                    aria-invalid={error?.to ? true : undefined}
                    {...register(`week.${day}.to`)}
                  />
                  {rule && <p className="admin-error">{fieldMessage(rule as FieldRule, locale)}</p>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
