import { useStore } from '#app/stores/use-store.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { TextField } from '#app/ui/rule-fields.tsx';
import { inLocale } from '#app/account/form-helpers.ts';
import { $errors, $values, setField } from '#app/stores/checkout.ts';

type Field = 'firstname' | 'lastname' | 'email' | 'phone';

/** Who orders: name, e-mail and phone (checked by the basket country's phone rule). */
export function CustomerFields({ locale }: { locale: UiLocale }) {
  const values = useStore($values);
  const errors = useStore($errors);
  const t = inLocale(locale);
  const field = (name: Field, label: string, type: 'text' | 'email' | 'tel', autoComplete: string) => (
    <TextField
      form="checkout"
      name={name}
      type={type}
      autoComplete={autoComplete}
      required
      label={label}
      locale={locale}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => setField(name, value)}
    />
  );
  return (
    <fieldset className="account-fieldset">
      <legend>{m.checkout_section_contact({}, t)}</legend>
      <div className="account-row">
        {field('firstname', m.account_field_firstname({}, t), 'text', 'given-name')}
        {field('lastname', m.account_field_lastname({}, t), 'text', 'family-name')}
      </div>
      <div className="account-row">
        {field('email', m.account_field_email({}, t), 'email', 'email')}
        {field('phone', m.account_field_phone({}, t), 'tel', 'tel')}
      </div>
    </fieldset>
  );
}
