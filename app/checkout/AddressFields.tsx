import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { CheckField, TextField } from '#app/ui/rule-fields.tsx';
import { inLocale } from '#app/account/form-helpers.ts';
import type { FieldRule } from '#domain/errors.ts';
import type { SavedAddress } from '#app/stores/account/shared.ts';
import type { SectionProps } from './section-props.ts';

type Field = 'street' | 'streetNo' | 'aptNo' | 'zip' | 'city';

/**
 * The delivery address: a logged-in customer picks a saved one or types another (and may save it); a guest types
 * it, and the browser keeps it for the next order (spec section 3). "Outside the delivery area" shows here.
 * The call centre's agent types the caller's address (its look `cc`: the fields alone, the saved ones and their
 * choice are the shop's).
 */
export function AddressFields({
  form,
  look = 'shop',
  locale,
  values,
  errors,
  setField,
  saved = null,
}: Omit<SectionProps<Field>, 'values' | 'errors' | 'setField'> & {
  locale: UiLocale;
  values: Record<Field, string> & { addressChoice?: string; saveAddress?: boolean };
  errors: Partial<Record<Field | 'address', FieldRule>>;
  setField: {
    (field: Field, value: string): void;
    (field: 'saveAddress', value: boolean): void;
  };
  /** A logged-in customer's saved addresses and how one is chosen; null for a guest (and the call centre). */
  saved?: { addresses: SavedAddress[]; choose: (choice: string) => void } | null;
}) {
  const t = inLocale(locale);
  const cc = look === 'cc';
  const addresses = saved?.addresses ?? [];
  const typing = !saved || values.addressChoice === 'new' || addresses.length === 0;
  const field = (name: Field, label: string, autoComplete: string, required = true, wide = false) => (
    <TextField
      form={form}
      name={name}
      autoComplete={cc ? 'off' : autoComplete}
      required={required && !cc}
      look={cc ? 'cc' : undefined}
      className={cc && wide ? 'cc-wide' : undefined}
      label={label}
      locale={locale}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => setField(name, value)}
    />
  );
  const street = field('street', m.account_field_street({}, t), 'address-line1', true, true);
  const streetNo = field('streetNo', m.account_field_streetNo({}, t), 'address-line2');
  const aptNo = field('aptNo', m.account_field_aptNo({}, t), 'address-line3', false);
  const zip = field('zip', m.account_field_zip({}, t), 'postal-code');
  const city = field('city', m.account_field_city({}, t), 'address-level2');
  if (cc)
    return (
      <div className="cc-grid">
        {street}
        {streetNo}
        {aptNo}
        {zip}
        {city}
      </div>
    );
  const errorId = `${form}-address-error`;
  return (
    <fieldset className="account-fieldset" aria-describedby={errors.address ? errorId : undefined}>
      <legend>{m.checkout_section_address({}, t)}</legend>
      {saved && addresses.length > 0 && (
        <div className="checkout-choices" role="radiogroup" aria-label={m.checkout_savedAddresses({}, t)}>
          {addresses.map((address) => (
            <label key={address.id} className="checkout-choice">
              <input
                type="radio"
                name="addressChoice"
                value={address.id}
                checked={values.addressChoice === address.id}
                onChange={() => saved.choose(address.id)}
              />
              {/* The API stores a saved address with its one-line form. */}
              <span>{address.fullAddress}</span>
            </label>
          ))}
          <label className="checkout-choice">
            <input
              type="radio"
              name="addressChoice"
              value="new"
              checked={values.addressChoice === 'new'}
              onChange={() => saved.choose('new')}
            />
            <span>{m.checkout_newAddress({}, t)}</span>
          </label>
        </div>
      )}
      {typing && (
        <>
          <div className="account-row">
            {street}
            {streetNo}
            {aptNo}
          </div>
          <div className="account-row">
            {zip}
            {city}
          </div>
          {saved ? (
            <CheckField
              form={form}
              name="saveAddress"
              label={m.checkout_saveAddress({}, t)}
              locale={locale}
              checked={values.saveAddress ?? false}
              onChange={(checked) => setField('saveAddress', checked)}
            />
          ) : (
            <p className="account-field-hint">{m.checkout_guestAddressNote({}, t)}</p>
          )}
        </>
      )}
      {errors.address && (
        <p className="account-field-error" id={errorId} data-error={errors.address}>
          {errorMessage(errors.address, locale)}
        </p>
      )}
    </fieldset>
  );
}
