import { useStore } from '#app/stores/use-store.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { CheckField, TextField } from '#app/ui/rule-fields.tsx';
import { inLocale } from '#app/account/form-helpers.ts';
import { $errors, $setup, $values, chooseAddress, savedAddressLine, setField } from '#app/stores/checkout.ts';

type Field = 'street' | 'streetNo' | 'aptNo' | 'zip' | 'city';

/**
 * The delivery address: a logged-in customer picks a saved one or types another (and may save it); a guest types
 * it, and the browser keeps it for the next order (spec section 3). "Outside the delivery area" shows here.
 */
export function AddressFields({ locale }: { locale: UiLocale }) {
  const values = useStore($values);
  const errors = useStore($errors);
  const { user, addresses } = useStore($setup);
  const t = inLocale(locale);
  const typing = !user || values.addressChoice === 'new' || addresses.length === 0;
  const field = (name: Field, label: string, autoComplete: string, required = true) => (
    <TextField
      form="checkout"
      name={name}
      autoComplete={autoComplete}
      required={required}
      label={label}
      locale={locale}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => setField(name, value)}
    />
  );
  return (
    <fieldset className="account-fieldset" aria-describedby={errors.address ? 'checkout-address-error' : undefined}>
      <legend>{m.checkout_section_address({}, t)}</legend>
      {user && addresses.length > 0 && (
        <div className="checkout-choices" role="radiogroup" aria-label={m.checkout_savedAddresses({}, t)}>
          {addresses.map((address) => (
            <label key={address.id} className="checkout-choice">
              <input
                type="radio"
                name="addressChoice"
                value={address.id}
                checked={values.addressChoice === address.id}
                onChange={() => chooseAddress(address.id)}
              />
              <span>{savedAddressLine(address)}</span>
            </label>
          ))}
          <label className="checkout-choice">
            <input
              type="radio"
              name="addressChoice"
              value="new"
              checked={values.addressChoice === 'new'}
              onChange={() => chooseAddress('new')}
            />
            <span>{m.checkout_newAddress({}, t)}</span>
          </label>
        </div>
      )}
      {typing && (
        <>
          <div className="account-row">
            {field('street', m.account_field_street({}, t), 'address-line1')}
            {field('streetNo', m.account_field_streetNo({}, t), 'address-line2')}
            {field('aptNo', m.account_field_aptNo({}, t), 'address-line3', false)}
          </div>
          <div className="account-row">
            {field('zip', m.account_field_zip({}, t), 'postal-code')}
            {field('city', m.account_field_city({}, t), 'address-level2')}
          </div>
          {user ? (
            <CheckField
              form="checkout"
              name="saveAddress"
              label={m.checkout_saveAddress({}, t)}
              locale={locale}
              checked={values.saveAddress}
              onChange={(checked) => setField('saveAddress', checked)}
            />
          ) : (
            <p className="account-field-hint">{m.checkout_guestAddressNote({}, t)}</p>
          )}
        </>
      )}
      {errors.address && (
        <p className="account-field-error" id="checkout-address-error" data-error={errors.address}>
          {errorMessage(errors.address, locale)}
        </p>
      )}
    </fieldset>
  );
}
