import { AccountFormShell } from './AccountFormShell.tsx';
import { useStore } from '#app/stores/use-store.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { profileForm, saveProfile } from '#app/stores/account/profile.ts';
import { type FormCountry } from '#app/stores/account/shared.ts';
import { SelectField, TextField } from '#app/ui/rule-fields.tsx';
import { MarketingConsents } from './MarketingConsents.tsx';
import { inLocale } from './form-helpers.ts';

/** My details: names, phone (by its country's rule) and the marketing consents. */
export default function ProfileForm({ locale }: { locale: UiLocale }) {
  const { values, errors } = useStore(profileForm.$state);
  const t = inLocale(locale);

  return (
    <AccountFormShell
      form={profileForm}
      locale={locale}
      send={saveProfile}
      submitLabel={m.account_profile_save({}, t)}
      slotRole="status"
      done={m.account_profile_saved({}, t)}
    >
      <div className="account-row">
        <TextField
          form="profile"
          name="firstname"
          autoComplete="given-name"
          required
          label={m.account_field_firstname({}, t)}
          locale={locale}
          value={values.firstname}
          error={errors.firstname}
          onChange={(value) => profileForm.setField('firstname', value)}
        />
        <TextField
          form="profile"
          name="lastname"
          autoComplete="family-name"
          required
          label={m.account_field_lastname({}, t)}
          locale={locale}
          value={values.lastname}
          error={errors.lastname}
          onChange={(value) => profileForm.setField('lastname', value)}
        />
      </div>
      <div className="account-row account-row-phone">
        <SelectField
          form="profile"
          name="country"
          label={m.account_field_phoneCountry({}, t)}
          locale={locale}
          value={values.country}
          options={[
            { value: 'pl', label: `${m.account_country_pl({}, t)} (+48)` },
            { value: 'ua', label: `${m.account_country_ua({}, t)} (+380)` },
          ]}
          onChange={(value) => {
            profileForm.setField('country', value as FormCountry);
            profileForm.setField('phone', values.phone);
          }}
        />
        <TextField
          form="profile"
          name="phone"
          type="tel"
          autoComplete="tel-national"
          required
          label={m.account_field_phone({}, t)}
          locale={locale}
          value={values.phone}
          error={errors.phone}
          onChange={(value) => profileForm.setField('phone', value)}
        />
      </div>
      <MarketingConsents
        form="profile"
        locale={locale}
        values={values}
        onChange={(name, checked) => profileForm.setField(name, checked)}
      />
    </AccountFormShell>
  );
}
