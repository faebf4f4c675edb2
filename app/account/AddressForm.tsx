import { AccountFormShell } from './AccountFormShell.tsx';
import { useStore } from '#app/stores/use-store.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $addressEditor, addressForm, closeAddressEditor, saveAddress } from '#app/stores/account/addresses.ts';
import { $account } from '#app/stores/account/profile.ts';
import { type FormCountry } from '#app/stores/account/shared.ts';
import { CheckField, SelectField, TextField } from '#app/ui/rule-fields.tsx';
import { inLocale } from './form-helpers.ts';

/** A new address or changes to a saved one; the zip is checked by the chosen country's rule (spec section 5). */
export default function AddressForm({ locale }: { locale: UiLocale }) {
  const { values, errors } = useStore(addressForm.$state);
  const editing = useStore($addressEditor);
  const { addresses } = useStore($account);
  // The default stays the default until another one is chosen: its form has nothing to untick.
  const isDefaultNow = addresses.some((address) => address.id === editing && address.isDefault);
  const t = inLocale(locale);

  const text = (name: 'street' | 'streetNo' | 'aptNo' | 'city' | 'zip', label: string, autoComplete: string) => (
    <TextField
      form="address"
      name={name}
      autoComplete={autoComplete}
      required={name !== 'aptNo'}
      label={label}
      locale={locale}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => addressForm.setField(name, value)}
    />
  );
  const title = editing === 'new' ? m.account_addresses_newTitle({}, t) : m.account_addresses_editTitle({}, t);

  return (
    <AccountFormShell
      form={addressForm}
      locale={locale}
      send={saveAddress}
      submitLabel={m.account_addresses_save({}, t)}
      className="account-form account-address-form"
      ariaLabel={title}
      beside={
        <button type="button" className="account-button account-button-secondary" onClick={closeAddressEditor}>
          {m.account_cancel({}, t)}
        </button>
      }
    >
      <h3>{title}</h3>
      <div className="account-row account-row-street">
        {text('street', m.account_field_street({}, t), 'address-line1')}
        {text('streetNo', m.account_field_streetNo({}, t), 'off')}
        {text('aptNo', m.account_field_aptNo({}, t), 'address-line2')}
      </div>
      <div className="account-row">
        {text('zip', m.account_field_zip({}, t), 'postal-code')}
        {text('city', m.account_field_city({}, t), 'address-level2')}
        <SelectField
          form="address"
          name="country"
          label={m.account_field_country({}, t)}
          locale={locale}
          value={values.country}
          options={[
            { value: 'pl', label: m.account_country_pl({}, t) },
            { value: 'ua', label: m.account_country_ua({}, t) },
          ]}
          onChange={(value) => {
            addressForm.setField('country', value as FormCountry);
            if (values.zip) addressForm.setField('zip', values.zip);
          }}
        />
      </div>
      {!isDefaultNow && (
        <CheckField
          form="address"
          name="isDefault"
          label={m.account_addresses_makeDefault({}, t)}
          locale={locale}
          checked={values.isDefault}
          onChange={(checked) => addressForm.setField('isDefault', checked)}
        />
      )}
    </AccountFormShell>
  );
}
