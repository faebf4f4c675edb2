import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { TextField } from '#app/ui/rule-fields.tsx';
import { inLocale } from '#app/account/form-helpers.ts';
import type { SectionProps } from './section-props.ts';

type Field = 'firstname' | 'lastname' | 'email' | 'phone';

/**
 * Who orders: name, e-mail and phone (checked by the basket country's phone rule). The shop's checkout and the call
 * centre's phone order both show it; the call centre's agent types the caller's details (no autofill, no required
 * marks, the phone before the e-mail, as the agents are used to).
 */
export function CustomerFields({
  form,
  look = 'shop',
  locale,
  values,
  errors,
  setField,
}: SectionProps<Field> & { locale: UiLocale }) {
  const t = inLocale(locale);
  const cc = look === 'cc';
  const field = (name: Field, label: string, type: 'text' | 'email' | 'tel', autoComplete: string) => (
    <TextField
      form={form}
      name={name}
      type={type}
      autoComplete={cc ? 'off' : autoComplete}
      required={!cc}
      look={cc ? 'cc' : undefined}
      label={label}
      locale={locale}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => setField(name, value)}
    />
  );
  const firstname = field('firstname', m.account_field_firstname({}, t), 'text', 'given-name');
  const lastname = field('lastname', m.account_field_lastname({}, t), 'text', 'family-name');
  const email = field('email', m.account_field_email({}, t), 'email', 'email');
  const phone = field('phone', m.account_field_phone({}, t), 'tel', 'tel');
  if (cc)
    return (
      <div className="cc-grid">
        {firstname}
        {lastname}
        {phone}
        {email}
      </div>
    );
  return (
    <fieldset className="account-fieldset">
      <legend>{m.checkout_section_contact({}, t)}</legend>
      <div className="account-row">
        {firstname}
        {lastname}
      </div>
      <div className="account-row">
        {email}
        {phone}
      </div>
    </fieldset>
  );
}
