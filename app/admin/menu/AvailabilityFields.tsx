import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { Checkbox } from '#app/ui/field.tsx';
import { Section, TextField } from '../forms/fields.tsx';
import { useField } from '../forms/form-state.tsx';
import './menu-tools.css';

/** What a new window starts as: breakfast, the most common one. */
const FIRST_WINDOW = { from: '07:00', to: '11:00' };

/**
 * A category's or a dish's time-limited availability (issue 38): a box "only at certain hours", and when ticked,
 * the window's start and end in the restaurant's own time ('availability': null or { from, to }).
 */
export function AvailabilityFields({ locale, kind }: { locale: UiLocale; kind: 'category' | 'item' }) {
  const t = inLocale(locale);
  const availability = useField<{ from: string; to: string } | null | undefined>('availability');
  const limited = availability.value !== null && availability.value !== undefined;
  return (
    <Section title={m.menus_availability_title({}, t)}>
      <p className="admin-hint admin-wide">
        {kind === 'category' ? m.menus_availability_hintCategory({}, t) : m.menus_availability_hintItem({}, t)}
      </p>
      <Checkbox
        id="admin-availability-limited"
        look="admin"
        label={m.menus_availability_limited({}, t)}
        checked={limited}
        onChange={(event) => availability.set(event.target.checked ? FIRST_WINDOW : null)}
      />
      {limited && (
        <>
          <TextField name="availability.from" type="time" locale={locale} label={m.menus_availability_from({}, t)} />
          <TextField name="availability.to" type="time" locale={locale} label={m.menus_availability_to({}, t)} />
        </>
      )}
    </Section>
  );
}
