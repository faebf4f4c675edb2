import type { InferResponseType } from 'hono/client';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { locationBody, type LocationBody } from '#domain/admin-forms.ts';
import AdminForm from '../forms/AdminForm.tsx';
import { answerOf, asFormValues } from '../forms/api-answer.ts';
import { countryOptions } from '../forms/choices.ts';
import { CheckField, NumberField, Section, SelectField, TextField } from '../forms/fields.tsx';
import { KitchenSettingsForm } from '#app/capacity/KitchenSettingsForm.tsx';
import { KitchenIngredientsForm } from '#app/admin/ingredients/KitchenIngredientsForm.tsx';
import { FIELD_LABEL } from '#app/admin/forms/labels.ts';
import '#app/admin/forms/admin-forms.css';

const empty: LocationBody = {
  slug: '',
  name: '',
  street: '',
  no: '',
  zip: '',
  city: '',
  citySlug: '',
  country: 'pl',
  latitude: Number.NaN,
  longitude: Number.NaN,
  pickupEnabled: true,
  deliveryEnabled: true,
  sharedBaskets: false,
};

const endpoint = api.admin.locations;
type Row = InferResponseType<(typeof endpoint)[':id']['$get'], 200>['location'];
const toValues = ({ id: _id, deleted: _deleted, ...values }: Row): LocationBody => asFormValues<LocationBody>(values);

/** Add or show and edit a location: address, coordinates, pickup and delivery flags, shared baskets; delete is soft. */
export default function LocationForm({ locale, id }: { locale: UiLocale; id?: string }) {
  const t = inLocale(locale);
  const field = (name: keyof LocationBody) => ({ name, locale, label: FIELD_LABEL[name]({}, t) });
  return (
    <>
      <AdminForm
        locale={locale}
        entity="locations"
        id={id}
        schema={locationBody}
        empty={empty}
        load={(key) => answerOf(endpoint[':id'].$get({ param: { id: key } }), (b) => toValues(b.location))}
        save={(json, key) =>
          key
            ? answerOf(endpoint[':id'].$put({ param: { id: key }, json }), (b) => ({
                id: b.location.id,
              }))
            : answerOf(endpoint.$post({ json }), (b) => ({ id: b.location.id }))
        }
        remove={(key) => answerOf(endpoint[':id'].$delete({ param: { id: key } }), () => null)}
      >
        <Section title={m.admin_entity_locations({}, t)}>
          <TextField {...field('name')} required />
          <TextField {...field('slug')} required />
          <TextField {...field('street')} required />
          <TextField {...field('no')} required />
          <TextField {...field('zip')} required />
          <TextField {...field('city')} required />
          <TextField {...field('citySlug')} required />
          <SelectField {...field('country')} options={countryOptions(locale)} />
          <NumberField {...field('latitude')} step="any" min={-90} max={90} required />
          <NumberField {...field('longitude')} step="any" min={-180} max={180} required />
          <CheckField {...field('pickupEnabled')} />
          <CheckField {...field('deliveryEnabled')} />
          <CheckField {...field('sharedBaskets')} hint={m.admin_locations_sharedBasketsHint({}, t)} />
        </Section>
      </AdminForm>
      {id && <KitchenSettingsForm locale={locale} id={id} />}
      {id && <KitchenIngredientsForm locale={locale} id={id} />}
    </>
  );
}
