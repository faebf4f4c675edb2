import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { NEW_RANGE, WEEK, type MoreRange } from './restaurant-form.ts';
import { DAY_LABEL } from '#app/admin/forms/labels.ts';
import { controlProps, FieldNotes } from '#app/ui/field.tsx';
import { idOf, ruleAt, useAdminForm, useFormState } from '#app/admin/forms/form-state.tsx';
import { useRowKeys } from '#app/admin/forms/rows.ts';

/**
 * The opening ranges beyond the week grid (issue 38): a second shift of a day, a range for pickup or delivery only,
 * and special dates (other hours, or '00:00'–'00:00' to close the date), each a row with its own labelled controls
 * and a remove button; the API refuses an overlap on the row it finds it. Each control is wired as the week's cells
 * (ui/field.tsx: id from its path, its aria-label as its label, the form's rule at its path as its error).
 */
export function MoreRanges({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const form = useAdminForm();
  const { values, errors } = useFormState();
  const more = values.more as MoreRange[];
  const rows = useRowKeys(more, (list) => form.setField('more', list));
  const bind = (index: number, key: keyof MoreRange) => ({
    name: `more.${index}.${key}`,
    value: more[index]?.[key] ?? '',
    onChange: (event: { target: { value: string } }) => form.setAt(`more.${index}.${key}`, event.target.value),
  });
  return (
    <fieldset className="admin-section admin-more-hours">
      <legend>{m.hours_more_title({}, t)}</legend>
      <p className="admin-hint" id="admin-more-hint">
        {m.hours_more_hint({}, t)}
      </p>
      <ol className="admin-ranges">
        {more.map((_, index) => {
          const name = m.hours_more_row({ n: index + 1 }, t);
          const cell = (key: keyof MoreRange, label: string) => {
            const rule = ruleAt(errors, `more.${index}.${key}`);
            return {
              id: idOf(`more.${index}.${key}`),
              label: `${name}: ${label}`,
              error: rule ? fieldMessage(rule, locale) : undefined,
              look: 'admin' as const,
            };
          };
          const on = cell('on', m.hours_more_on({}, t));
          const date = cell('date', m.hours_more_date({}, t));
          const from = cell('from', m.admin_forms_hoursFrom({}, t));
          const to = cell('to', m.admin_forms_hoursTo({}, t));
          const service = cell('service', m.hours_more_service({}, t));
          const rowRule = ruleAt(errors, `more.${index}`);
          return (
            <li key={rows.keys[index]} className="admin-range">
              <select {...controlProps(on)} aria-label={on.label} {...bind(index, 'on')}>
                {WEEK.map((day) => (
                  <option key={day} value={String(day)}>
                    {DAY_LABEL[day]({}, t)}
                  </option>
                ))}
                <option value="date">{m.hours_more_date({}, t)}</option>
              </select>
              {more[index]?.on === 'date' && (
                <input type="date" {...controlProps(date)} aria-label={date.label} {...bind(index, 'date')} />
              )}
              <input
                type="text"
                inputMode="numeric"
                size={5}
                {...controlProps(from)}
                aria-label={from.label}
                {...bind(index, 'from')}
              />
              <input
                type="text"
                inputMode="numeric"
                size={5}
                {...controlProps(to)}
                aria-label={to.label}
                {...bind(index, 'to')}
              />
              <select {...controlProps(service)} aria-label={service.label} {...bind(index, 'service')}>
                <option value="">{m.hours_service_both({}, t)}</option>
                <option value="pickup">{m.hours_service_pickup({}, t)}</option>
                <option value="delivery">{m.hours_service_delivery({}, t)}</option>
              </select>
              <button type="button" className="link-button" onClick={() => rows.remove(index)}>
                {m.hours_more_remove({}, t)}
                <span className="visually-hidden"> {name}</span>
              </button>
              {[on, ...(more[index]?.on === 'date' ? [date] : []), from, to, service].map((frame) => (
                <FieldNotes key={frame.id} {...frame} />
              ))}
              <FieldNotes
                id={idOf(`more.${index}`)}
                label={name}
                look="admin"
                error={rowRule ? fieldMessage(rowRule, locale) : undefined}
              />
            </li>
          );
        })}
      </ol>
      <button type="button" className="button" onClick={() => rows.append({ ...NEW_RANGE })}>
        {m.hours_more_add({}, t)}
      </button>
    </fieldset>
  );
}
