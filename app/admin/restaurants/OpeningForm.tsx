import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import AdminForm from '../forms/AdminForm.tsx';
import { answerOf } from '../forms/api-answer.ts';
import { CheckField, Section } from '../forms/fields.tsx';
import { openingFormSchema, openingToBody, openingToValues } from './opening-form.ts';
import { WeekHours } from './WeekHours.tsx';
import { MoreRanges } from './MoreRanges.tsx';
import '#app/admin/forms/admin-forms.css';

const endpoint = api.admin.restaurants[':id'].opening;

/**
 * A kitchen manager's part of a restaurant (issue 37): whether it takes orders now and its week's hours, saved
 * through their own call, so nothing else of the restaurant (fees, delivery area, owners) can change from here.
 */
export default function OpeningForm({ locale, id, name }: { locale: UiLocale; id: string; name: string }) {
  const t = inLocale(locale);
  return (
    <AdminForm
      locale={locale}
      entity="restaurants"
      id={id}
      schema={openingFormSchema}
      empty={openingToValues({ isEnabled: true, hours: [] })}
      load={(key) => answerOf(endpoint.$get({ param: { id: key } }), (b) => openingToValues(b.restaurant))}
      save={(values, key) =>
        answerOf(endpoint.$put({ param: { id: key ?? id }, json: openingToBody(values) }), (b) => ({
          id: b.restaurant.id,
        }))
      }
    >
      <Section title={name}>
        <CheckField name="isEnabled" locale={locale} label={m.admin_forms_field_isEnabled({}, t)} />
      </Section>
      <WeekHours locale={locale} />
      <MoreRanges locale={locale} />
    </AdminForm>
  );
}
