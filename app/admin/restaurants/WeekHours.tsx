import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { WEEK, type RestaurantFormValues } from './restaurant-form.ts';
import { DAY_LABEL } from '#app/admin/forms/labels.ts';
import { controlProps, FieldNotes } from '#app/ui/field.tsx';
import { idOf, ruleAt, useAdminForm, useFormState } from '#app/admin/forms/form-state.tsx';

/**
 * The working hours as a week grid: a row per day (Monday first) with open, from and to. Each cell is wired as every
 * admin field (ui/field.tsx): its id from its path, its aria-label as its label, and the rule the form holds at its
 * path as its error under it; a rule of the whole day (`week.<day>`) is said at the row's end.
 */
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
            const cell = (key: 'open' | 'from' | 'to', label: string) => {
              const rule = ruleAt(errors, at(day, key));
              return {
                id: idOf(at(day, key)),
                label: `${dayName}: ${label}`,
                error: rule ? fieldMessage(rule, locale) : undefined,
                look: 'admin' as const,
              };
            };
            const open = cell('open', m.admin_forms_hoursOpen({}, t));
            const from = cell('from', m.admin_forms_hoursFrom({}, t));
            const to = cell('to', m.admin_forms_hoursTo({}, t));
            const dayRule = ruleAt(errors, `week.${day}`);
            return (
              <tr key={day}>
                <th scope="row">{dayName}</th>
                <td>
                  <input
                    type="checkbox"
                    {...controlProps(open)}
                    aria-label={open.label}
                    name={at(day, 'open')}
                    checked={week[day]?.open ?? false}
                    onChange={(event) => form.setAt(at(day, 'open'), event.target.checked)}
                  />
                  <FieldNotes {...open} />
                </td>
                <td>
                  <input
                    type="text"
                    inputMode="numeric"
                    size={5}
                    {...controlProps(from)}
                    aria-label={from.label}
                    readOnly={!week[day]?.open}
                    name={at(day, 'from')}
                    value={week[day]?.from ?? ''}
                    onChange={(event) => form.setAt(at(day, 'from'), event.target.value)}
                  />
                  <FieldNotes {...from} />
                </td>
                <td>
                  <input
                    type="text"
                    inputMode="numeric"
                    size={5}
                    {...controlProps(to)}
                    aria-label={to.label}
                    readOnly={!week[day]?.open}
                    name={at(day, 'to')}
                    value={week[day]?.to ?? ''}
                    onChange={(event) => form.setAt(at(day, 'to'), event.target.value)}
                  />
                  <FieldNotes {...to} />
                  <FieldNotes
                    id={idOf(`week.${day}`)}
                    label={dayName}
                    look="admin"
                    error={dayRule ? fieldMessage(dayRule, locale) : undefined}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
