import { atom, map, task } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { validate, type FormRules } from '#domain/forms.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import { $user, type CurrentUser } from '#app/stores/session.ts';
import { createForm } from '#app/forms/form.ts';
import { readAnswer } from '#app/api-answer.ts';
import type { UiLocale } from '#i18n/messages.ts';

// The login screen: the login form, the activation link's answer, the link sent again, the way back.

/**
 * Where the login page may send the user back to: a path of this site only, so a crafted link cannot make the
 * login page a door to another site ('//evil.example' and 'https://…' are refused). Browsers drop tabs and line
 * breaks from an address and read a backslash as a slash, so '/\t/evil.example' (what `?return=/%09/evil.example`
 * decodes to) would lead to evil.example: a value with any of them is refused, and what is left must resolve to this
 * site's origin.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (!value || !value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const origin = 'https://this-site.invalid';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

const loginRules = { email: ['notEmpty', 'isValidEmail'], password: ['notEmpty'] } as const satisfies FormRules;
export const loginForm = createForm<
  { email: string; password: string },
  InferResponseType<ApiClient['auth']['login']['$post'], 200>
>({ email: '', password: '' }, (values) => validate(loginRules, values));

/** Logs in; on success the session store knows the user. Resolves to the first field with an error, or null. */
export async function logIn(client: ApiClient = api) {
  const first = await loginForm.submit((json) => client.auth.login.$post({ json }));
  const answer = loginForm.$state.get();
  if (answer.status === 'done' && answer.result) $user.set(answer.result.user as CurrentUser);
  return first;
}

/** The activation link's answer (login page, ?activate=) and the "send the link again" offer. */
export const $activation = map<{ status: 'idle' | 'checking' | 'done' | 'failed'; email: string; error: string }>({
  status: 'idle',
  email: '',
  error: '',
});

export function activate(token: string, client: ApiClient = api): Promise<void> {
  return task(async () => {
    $activation.set({ status: 'checking', email: '', error: '' });
    const answer = await readAnswer(client.auth.activate.$post({ json: { token } }));
    if (answer.ok) {
      $activation.set({ status: 'done', email: answer.data.email, error: '' });
      loginForm.setField('email', answer.data.email);
    } else $activation.set({ status: 'failed', email: '', error: answer.key });
  });
}

export const $resend = atom<'idle' | 'sending' | 'sent' | 'failed'>('idle');

/** After UserIsNotActivated: e-mails the activation link again to the address typed in the login form. */
export function resendActivation(locale: UiLocale, client: ApiClient = api): Promise<void> {
  return task(async () => {
    $resend.set('sending');
    const email = loginForm.$state.get().values.email.trim();
    try {
      const response = await client.auth.resendActivation.$post({ json: { email, lang: locale } });
      $resend.set(response.ok ? 'sent' : 'failed');
    } catch {
      $resend.set('failed');
    }
  });
}
