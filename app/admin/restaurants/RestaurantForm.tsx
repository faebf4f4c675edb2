import { useEffect, useState } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { MAX_PREPARATION_MINUTES, MIN_PREPARATION_MINUTES } from '#domain/staff-actions.ts';
import AdminForm from '../forms/AdminForm.tsx';
import { answerOf } from '../forms/api-answer.ts';
import {
  CheckField,
  MoneyField,
  NumberField,
  Section,
  SelectField,
  TextAreaField,
  TextField,
} from '../forms/fields.tsx';
import {
  emptyRestaurant,
  restaurantFormSchema,
  toBody,
  toValues,
  type RestaurantFormValues,
} from './restaurant-form.ts';
import { WeekHours } from './WeekHours.tsx';
import { MoreRanges } from './MoreRanges.tsx';
import { Notice } from '#app/ui/notice.tsx';
import { adminPath } from '#domain/admin-routes.ts';
import { FIELD_LABEL, type LabelledField } from '#app/admin/forms/labels.ts';
import '#app/admin/forms/admin-forms.css';

type Choices = {
  concepts: { id: number; name: string }[];
  locations: { id: number; name: string; city: string }[];
};
const endpoint = api.admin.restaurants;

/**
 * Add or show and edit a restaurant: its fields, enabled (off: 'temporarily unavailable' in the shop at once),
 * acceptance and preparation minutes, money rules and the week's hours; a link to its delivery zones' screen.
 */
export default function RestaurantForm({ locale, id }: { locale: UiLocale; id?: string }) {
  const t = inLocale(locale);
  const [choices, setChoices] = useState<Choices | null>(null);
  useEffect(() => {
    void answerOf(endpoint.choices.$get(), (b) => b).then((answer) => {
      if (answer.ok) setChoices(answer.data);
    });
  }, []);
  if (!choices) return <Notice tone="news">{m.admin_forms_loading({}, t)}</Notice>;

  const field = (name: keyof RestaurantFormValues & `${string}`) => ({
    name,
    locale,
    label: FIELD_LABEL[name as LabelledField]({}, t),
  });
  const empty = {
    ...emptyRestaurant,
    conceptId: choices.concepts[0]?.id ?? 0,
    locationId: choices.locations[0]?.id ?? 0,
  };
  const money = { hint: m.admin_forms_moneyHint({}, t) };
  return (
    <AdminForm
      locale={locale}
      entity="restaurants"
      id={id}
      schema={restaurantFormSchema}
      empty={empty}
      load={(key) => answerOf(endpoint[':id'].$get({ param: { id: key } }), (b) => toValues(b.restaurant))}
      save={(values, key) => {
        const json = toBody(values);
        return key
          ? answerOf(endpoint[':id'].$put({ param: { id: key }, json }), (b) => ({
              id: b.restaurant.id,
            }))
          : answerOf(endpoint.$post({ json }), (b) => ({ id: b.restaurant.id }));
      }}
      remove={(key) => answerOf(endpoint[':id'].$delete({ param: { id: key } }), () => null)}
    >
      <Section title={m.admin_entity_restaurants({}, t)}>
        <TextField {...field('name')} required />
        <TextField {...field('slug')} required />
        <SelectField
          {...field('conceptId')}
          numeric
          options={choices.concepts.map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectField
          {...field('locationId')}
          numeric
          options={choices.locations.map((l) => ({ value: l.id, label: `${l.name} (${l.city})` }))}
        />
        <TextField {...field('phone')} type="tel" />
        <CheckField {...field('isEnabled')} />
        <CheckField {...field('active')} />
        <TextAreaField {...field('about')} rows={3} />
      </Section>
      <Section title={m.admin_forms_pricesAndTimes({}, t)}>
        <MoneyField {...field('deliveryValue')} hint={m.zone_restaurantFeeHint({}, t)} />
        <MoneyField {...field('minBasketValue')} hint={m.zone_restaurantMinimumHint({}, t)} />
        <MoneyField {...field('smallOrderThreshold')} {...money} />
        <MoneyField {...field('extraFee')} {...money} />
      </Section>
      <Section title={m.admin_forms_kitchen({}, t)}>
        <NumberField
          {...field('acceptanceMinutes')}
          min={1}
          max={120}
          required
          hint={m.admin_forms_acceptanceMinutesHint({}, t)}
        />
        <NumberField
          {...field('escalationMinutes')}
          min={1}
          max={119}
          required
          hint={m.admin_forms_escalationMinutesHint({}, t)}
        />
        <NumberField
          {...field('preparationMinutes')}
          min={MIN_PREPARATION_MINUTES}
          max={MAX_PREPARATION_MINUTES}
          required
        />
        <CheckField {...field('autoAccept')} hint={m.admin_forms_autoAcceptHint({}, t)} />
      </Section>
      <WeekHours locale={locale} />
      <MoreRanges locale={locale} />
      <Section title={m.zone_title({}, t)}>
        {/* Where it delivers is drawn on a map on a screen of its own (decision 061), once the restaurant exists. */}
        {id ? (
          <p>
            <a href={adminPath(locale, { screen: 'zones', id })}>{m.zone_edit({}, t)}</a>
          </p>
        ) : (
          <p>{m.zone_afterCreate({}, t)}</p>
        )}
      </Section>
    </AdminForm>
  );
}
