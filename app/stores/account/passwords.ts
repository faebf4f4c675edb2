import { validateNewPassword } from '#domain/accounts.ts';
import { validate, type FormRules } from '#domain/forms.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import { createForm } from '#app/forms/form.ts';
import type { UiLocale } from '#i18n/messages.ts';

// The forgotten-password and reset-password screens.

const emailRules = { email: ['notEmpty', 'isValidEmail'] } as const satisfies FormRules;
export const forgotForm = createForm<{ email: string }>({ email: '' }, (values) => validate(emailRules, values));

export const forgotPassword = (locale: UiLocale, client: ApiClient = api) =>
  forgotForm.submit((json) => client.auth.forgotPassword.$post({ json: { ...json, lang: locale } }));

export const resetForm = createForm<{ password: string; passwordRepeat: string }, { email: string }>(
  { password: '', passwordRepeat: '' },
  validateNewPassword,
);

export const resetPassword = (token: string, client: ApiClient = api) =>
  resetForm.submit((json) => client.auth.resetPassword.$post({ json: { ...json, token } }));
