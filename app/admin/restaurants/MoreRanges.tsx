import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { NEW_RANGE, WEEK, type MoreRange } from './restaurant-form.ts';
import { DAY_LABEL } from '#app/admin/forms/labels.ts';
import { ruleAt, useAdminForm, useFormState } from '#app/admin/forms/form-state.tsx';
import { useRowKeys } from '#app/admin/forms/rows.ts';

/**
 * The opening ranges beyond the week grid (issue 38): a second shift of a day, a range for pickup or delivery only,
 * and special dates (other hours, or '00:00'–'00:00' to close the date), each a row with its own labelled controls
 * and a remove button; the API refuses an overlap on the row it finds it.
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
          const error = (key: string) => ruleAt(errors, `more.${index}.${key}`);
          const rule = error('date') ?? error('from') ?? error('to') ?? ruleAt(errors, `more.${index}`);
          return (
            <li key={rows.keys[index]} className="admin-range">
              <select aria-label={`${name}: ${m.hours_more_on({}, t)}`} {...bind(index, 'on')}>
                {WEEK.map((day) => (
                  <option key={day} value={String(day)}>
                    {DAY_LABEL[day]({}, t)}
                  </option>
                ))}
                <option value="date">{m.hours_more_date({}, t)}</option>
              </select>
              {more[index]?.on === 'date' && (
                <input
                  type="date"
                  aria-label={`${name}: ${m.hours_more_date({}, t)}`}
                  aria-invalid={error('date') ? true : undefined}
                  {...bind(index, 'date')}
                />
              )}
              <input
                type="text"
                inputMode="numeric"
                size={5}
                aria-label={`${name}: ${m.admin_forms_hoursFrom({}, t)}`}
                aria-invalid={error('from') ? true : undefined}
                {...bind(index, 'from')}
              />
              <input
                type="text"
                inputMode="numeric"
                size={5}
                aria-label={`${name}: ${m.admin_forms_hoursTo({}, t)}`}
                aria-invalid={error('to') ? true : undefined}
                {...bind(index, 'to')}
              />
              <select aria-label={`${name}: ${m.hours_more_service({}, t)}`} {...bind(index, 'service')}>
                <option value="">{m.hours_service_both({}, t)}</option>
                <option value="pickup">{m.hours_service_pickup({}, t)}</option>
                <option value="delivery">{m.hours_service_delivery({}, t)}</option>
              </select>
              <button type="button" className="link-button" onClick={() => rows.remove(index)}>
                {m.hours_more_remove({}, t)}
                <span className="visually-hidden"> {name}</span>
              </button>
              {rule && <p className="admin-error">{fieldMessage(rule, locale)}</p>}
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
