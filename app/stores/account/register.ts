import { validateNewPassword } from '#domain/accounts.ts';
import { registrationRules, validate } from '#domain/forms.ts';
import type { FieldRule } from '#domain/errors.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import { createForm } from '#app/forms/form.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { type FormCountry } from './shared.ts';

// The registration screen.

export type RegisterValues = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  country: FormCountry;
  password: string;
  passwordRepeat: string;
  shopPolicies: boolean;
  restaurantPolicies: boolean;
  marketingSms: boolean;
  marketingEmail: boolean;
};

// The server's own checks (server/services/accounts/register.ts): the spec's rules, then the password's length.
const registerCheck = (values: RegisterValues): Partial<Record<string, FieldRule>> => ({
  ...validate(registrationRules, values, { country: values.country }),
  ...validateNewPassword(values),
});

export const registerForm = createForm<RegisterValues, { email: string }>(
  {
    firstname: '',
    lastname: '',
    email: '',
    phone: '',
    country: 'pl',
    password: '',
    passwordRepeat: '',
    shopPolicies: false,
    restaurantPolicies: false,
    marketingSms: false,
    marketingEmail: false,
  },
  registerCheck,
);

export const register = (locale: UiLocale, client: ApiClient = api) =>
  registerForm.submit((json) => client.auth.register.$post({ json: { ...json, lang: locale } }));
