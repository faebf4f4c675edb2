import { useEffect } from 'react';
import { AccountFormShell } from './AccountFormShell.tsx';
import { useStore } from '#app/stores/use-store.ts';
import { pathFor } from '#domain/localized-routes.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { register, registerForm } from '#app/stores/account/register.ts';
import { defaultCountry, type FormCountry } from '#app/stores/account/shared.ts';
import { CheckField, SelectField, TextField } from '#app/ui/rule-fields.tsx';
import { MarketingConsents } from './MarketingConsents.tsx';
import { inLocale } from './form-helpers.ts';
import './account-forms.css';

/** Registration (spec sections 3 and 5): on success the activation link is on its way and the form gives way. */
export default function RegisterForm({ locale }: { locale: UiLocale }) {
  const { values, errors, status, result } = useStore(registerForm.$state);
  const t = inLocale(locale);

  useEffect(() => {
    // Ukrainian pages start with Ukraine's phone rule; the visitor can pick the other.
    registerForm.$state.setKey('values', { ...registerForm.$state.get().values, country: defaultCountry(locale) });
  }, [locale]);

  if (status === 'done' && result) {
    return (
      <div role="status" className="account-done">
        <p className="account-alert account-alert-ok">{m.account_register_done({ email: result.email }, t)}</p>
        <p className="account-links">
          <a href={pathFor('login', locale)}>{m.account_goToLogin({}, t)}</a>
        </p>
      </div>
    );
  }

  const text = (
    name: 'firstname' | 'lastname' | 'email' | 'phone' | 'password' | 'passwordRepeat',
    label: string,
    type: 'text' | 'email' | 'tel' | 'password',
    autoComplete: string,
    hint?: string,
  ) => (
    <TextField
      form="register"
      name={name}
      type={type}
      autoComplete={autoComplete}
      required
      label={label}
      hint={hint}
      locale={locale}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => registerForm.setField(name, value)}
    />
  );
  const link = (href: string, label: string) => (
    <>
      {' '}
      <a href={href} target="_blank" rel="noopener">
        ({label})
      </a>
    </>
  );

  return (
    <AccountFormShell
      form={registerForm}
      locale={locale}
      send={() => register(locale)}
      submitLabel={m.account_register_submit({}, t)}
      action={pathFor('register', locale)}
      waitForHydration
      after={
        <p className="account-links">
          {m.account_register_haveAccount({}, t)} <a href={pathFor('login', locale)}>{m.account_login_submit({}, t)}</a>
        </p>
      }
    >
      <div className="account-row">
        {text('firstname', m.account_field_firstname({}, t), 'text', 'given-name')}
        {text('lastname', m.account_field_lastname({}, t), 'text', 'family-name')}
      </div>
      {text('email', m.account_field_email({}, t), 'email', 'email')}
      <div className="account-row account-row-phone">
        <SelectField
          form="register"
          name="country"
          label={m.account_field_phoneCountry({}, t)}
          locale={locale}
          value={values.country}
          options={[
            { value: 'pl', label: `${m.account_country_pl({}, t)} (+48)` },
            { value: 'ua', label: `${m.account_country_ua({}, t)} (+380)` },
          ]}
          onChange={(value) => {
            registerForm.setField('country', value as FormCountry);
            if (values.phone) registerForm.setField('phone', values.phone);
          }}
        />
        {text('phone', m.account_field_phone({}, t), 'tel', 'tel-national')}
      </div>
      {text(
        'password',
        m.account_field_password({}, t),
        'password',
        'new-password',
        m.account_field_passwordHint({}, t),
      )}
      {text('passwordRepeat', m.account_field_passwordRepeat({}, t), 'password', 'new-password')}
      <fieldset className="account-fieldset">
        <legend>{m.account_register_consents({}, t)}</legend>
        <CheckField
          form="register"
          name="shopPolicies"
          required
          label={m.account_field_shopPolicies({}, t)}
          locale={locale}
          checked={values.shopPolicies}
          error={errors.shopPolicies}
          onChange={(checked) => registerForm.setField('shopPolicies', checked)}
          extra={
            <>
              {link(pathFor('terms', locale), m.account_link_terms({}, t))}
              {link(pathFor('privacyPolicy', locale), m.account_link_privacy({}, t))}
            </>
          }
        />
        <CheckField
          form="register"
          name="restaurantPolicies"
          required
          label={m.account_field_restaurantPolicies({}, t)}
          locale={locale}
          checked={values.restaurantPolicies}
          error={errors.restaurantPolicies}
          onChange={(checked) => registerForm.setField('restaurantPolicies', checked)}
          extra={link(pathFor('restaurantTerms', locale), m.account_link_restaurantTerms({}, t))}
        />
        <MarketingConsents
          form="register"
          locale={locale}
          values={values}
          onChange={(name, checked) => registerForm.setField(name, checked)}
        />
      </fieldset>
    </AccountFormShell>
  );
}
