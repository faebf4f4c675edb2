import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { WEEK, type RestaurantFormValues } from './restaurant-form.ts';
import { DAY_LABEL } from '#app/admin/forms/labels.ts';
import { ruleAt, useAdminForm, useFormState } from '#app/admin/forms/form-state.tsx';

/** The working hours as a week grid: a row per day (Monday first) with open, from and to. */
export function WeekHours({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const form = useAdminForm();
  const { values, errors } = useFormState();
  const week = values.week as RestaurantFormValues['week'];
  const at = (day: number, key: 'open' | 'from' | 'to') => `week.${day}.${key}`;
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
            const from = ruleAt(errors, at(day, 'from'));
            const to = ruleAt(errors, at(day, 'to'));
            const rule = from ?? to ?? ruleAt(errors, `week.${day}`);
            return (
              <tr key={day}>
                <th scope="row">{dayName}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${dayName}: ${m.admin_forms_hoursOpen({}, t)}`}
                    name={at(day, 'open')}
                    checked={week[day]?.open ?? false}
                    onChange={(event) => form.setAt(at(day, 'open'), event.target.checked)}
                  />
                </td>
                <td>
                  <input
                    type="text"
                    inputMode="numeric"
                    size={5}
                    aria-label={`${dayName}: ${m.admin_forms_hoursFrom({}, t)}`}
                    readOnly={!week[day]?.open}
                    aria-invalid={from ? true : undefined}
                    name={at(day, 'from')}
                    value={week[day]?.from ?? ''}
                    onChange={(event) => form.setAt(at(day, 'from'), event.target.value)}
                  />
                </td>
                <td>
                  <input
                    type="text"
                    inputMode="numeric"
                    size={5}
                    aria-label={`${dayName}: ${m.admin_forms_hoursTo({}, t)}`}
                    readOnly={!week[day]?.open}
                    aria-invalid={to ? true : undefined}
                    name={at(day, 'to')}
                    value={week[day]?.to ?? ''}
                    onChange={(event) => form.setAt(at(day, 'to'), event.target.value)}
                  />
                  {rule && <p className="admin-error">{fieldMessage(rule, locale)}</p>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
