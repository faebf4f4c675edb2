import { useFieldArray, useFormContext } from 'react-hook-form';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import type { FieldRule } from '#domain/errors.ts';
import { NEW_RANGE, WEEK, type MoreRange } from './restaurant-form.ts';
import { DAY_LABEL } from '#app/admin/forms/labels.ts';

/**
 * The opening ranges beyond the week grid (issue 38): a second shift of a day, a range for pickup or delivery only,
 * and special dates (other hours, or '00:00'–'00:00' to close the date), each a row with its own labelled controls
 * and a remove button; the API refuses an overlap on the row it finds it.
 */
export function MoreRanges({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const { control, register, watch, formState } = useFormContext<{ more: MoreRange[] }>();
  const { fields, append, remove } = useFieldArray({ control, name: 'more' });
  const more = watch('more');
  return (
    <fieldset className="admin-section admin-more-hours">
      <legend>{m.hours_more_title({}, t)}</legend>
      <p className="admin-hint" id="admin-more-hint">
        {m.hours_more_hint({}, t)}
      </p>
      <ol className="admin-ranges">
        {fields.map((field, index) => {
          const name = m.hours_more_row({ n: index + 1 }, t);
          const error = formState.errors.more?.[index];
          const rule = (error?.date ?? error?.from ?? error?.to ?? error)?.message;
          return (
            <li key={field.id} className="admin-range">
              <select aria-label={`${name}: ${m.hours_more_on({}, t)}`} {...register(`more.${index}.on`)}>
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
                  aria-invalid={error?.date ? true : undefined}
                  {...register(`more.${index}.date`)}
                />
              )}
              <input
                type="text"
                inputMode="numeric"
                size={5}
                aria-label={`${name}: ${m.admin_forms_hoursFrom({}, t)}`}
                aria-invalid={error?.from ? true : undefined}
                {...register(`more.${index}.from`)}
              />
              <input
                type="text"
                inputMode="numeric"
                size={5}
                aria-label={`${name}: ${m.admin_forms_hoursTo({}, t)}`}
                aria-invalid={error?.to ? true : undefined}
                {...register(`more.${index}.to`)}
              />
              <select aria-label={`${name}: ${m.hours_more_service({}, t)}`} {...register(`more.${index}.service`)}>
                <option value="">{m.hours_service_both({}, t)}</option>
                <option value="pickup">{m.hours_service_pickup({}, t)}</option>
                <option value="delivery">{m.hours_service_delivery({}, t)}</option>
              </select>
              <button type="button" className="link-button" onClick={() => remove(index)}>
                {m.hours_more_remove({}, t)}
                <span className="visually-hidden"> {name}</span>
              </button>
              {rule && <p className="admin-error">{fieldMessage(rule as FieldRule, locale)}</p>}
            </li>
          );
        })}
      </ol>
      <button type="button" className="button" onClick={() => append({ ...NEW_RANGE })}>
        {m.hours_more_add({}, t)}
      </button>
    </fieldset>
  );
}
