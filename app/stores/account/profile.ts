import { atom, map, task } from 'nanostores';
import { validateNewPassword } from '#domain/accounts.ts';
import { registrationRules, validate, type FormRules } from '#domain/forms.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import { $user } from '#app/stores/session.ts';
import { createForm } from '#app/forms/form.ts';
import { readAnswer } from '#app/api-answer.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { defaultCountry, phoneCountry, type FormCountry, type Profile, type SavedAddress } from './shared.ts';

// The my-account screen: the customer's data and the forms that change it (details, password, e-mail, deletion).

/**
 * The my-account page's data. `guest` means the server said 401: the page sends the visitor to log in, and has
 * shown nothing personal before that.
 */
export const $account = map<{
  status: 'loading' | 'ready' | 'guest' | 'failed';
  profile: Profile | null;
  addresses: SavedAddress[];
}>({ status: 'loading', profile: null, addresses: [] });

/** Asks who is logged in and their data; a 401 makes the page a guest's. */
export function loadAccount(locale: UiLocale, client: ApiClient = api): Promise<void> {
  return task(async () => {
    try {
      const [who, account, addresses] = await Promise.all([
        readAnswer(client.auth.getUser.$get()),
        readAnswer(client.account.$get()),
        readAnswer(client.account.addresses.$get()),
      ]);
      // The 401 comes from requireRole, not the routes' own answers.
      if (account.status === 401 || addresses.status === 401) {
        $account.set({ status: 'guest', profile: null, addresses: [] });
        return;
      }
      if (!account.ok || !addresses.ok || !who.ok) throw new Error(`my account: ${account.status}`);
      $user.set(who.data.user);
      const { profile } = account.data;
      $account.set({ status: 'ready', profile, addresses: addresses.data.addresses });
      fillProfileForm(profile, locale);
    } catch {
      $account.set({ status: 'failed', profile: null, addresses: [] });
    }
  });
}

export type ProfileValues = {
  firstname: string;
  lastname: string;
  phone: string;
  country: FormCountry;
  marketingSms: boolean;
  marketingEmail: boolean;
};
const profileRules = {
  firstname: registrationRules.firstname,
  lastname: registrationRules.lastname,
  phone: registrationRules.phone,
} as const satisfies FormRules;

export const profileForm = createForm<ProfileValues, { profile: Profile }>(
  { firstname: '', lastname: '', phone: '', country: 'pl', marketingSms: false, marketingEmail: false },
  (values) => validate(profileRules, values, { country: values.country }),
);

function fillProfileForm(profile: Profile, locale: UiLocale) {
  profileForm.reset({
    firstname: profile.firstname,
    lastname: profile.lastname,
    phone: profile.phone ?? '',
    country: phoneCountry(profile.phone, defaultCountry(locale)),
    marketingSms: profile.marketingSms,
    marketingEmail: profile.marketingEmail,
  });
}

export async function saveProfile(client: ApiClient = api) {
  const first = await profileForm.submit((json) => client.account.$patch({ json }));
  const { status, result } = profileForm.$state.get();
  if (status === 'done' && result) $account.setKey('profile', result.profile);
  return first;
}

export const passwordForm = createForm<{ currentPassword: string; password: string; passwordRepeat: string }>(
  { currentPassword: '', password: '', passwordRepeat: '' },
  (values) => ({ ...validate({ currentPassword: ['notEmpty'] }, values), ...validateNewPassword(values) }),
);

export async function changePassword(client: ApiClient = api) {
  const first = await passwordForm.submit((json) => client.account.password.$post({ json }));
  // The passwords are not kept on the page once they have done their job.
  if (passwordForm.$state.get().status === 'done') {
    passwordForm.$state.setKey('values', { currentPassword: '', password: '', passwordRepeat: '' });
  }
  return first;
}

export const emailForm = createForm<{ newEmail: string; password: string }>({ newEmail: '', password: '' }, (values) =>
  validate({ newEmail: ['notEmpty', 'isValidEmail'], password: ['notEmpty'] }, values),
);

export async function requestEmailChange(locale: UiLocale, client: ApiClient = api) {
  const first = await emailForm.submit((json) => client.account.email.$post({ json: { ...json, lang: locale } }));
  if (emailForm.$state.get().status === 'done')
    emailForm.$state.setKey('values', { ...emailForm.$state.get().values, password: '' });
  return first;
}

/** The e-mail change link's answer (profile page, ?confirmEmail=). */
export const $emailConfirmation = map<{
  status: 'idle' | 'checking' | 'done' | 'failed';
  email: string;
  error: string;
}>({ status: 'idle', email: '', error: '' });

export function confirmEmail(token: string, client: ApiClient = api): Promise<void> {
  return task(async () => {
    $emailConfirmation.set({ status: 'checking', email: '', error: '' });
    const answer = await readAnswer(client.auth.confirmEmail.$post({ json: { token } }));
    if (answer.ok) {
      $emailConfirmation.set({ status: 'done', email: answer.data.email, error: '' });
      const profile = $account.get().profile;
      if (profile) $account.setKey('profile', { ...profile, email: answer.data.email });
    } else $emailConfirmation.set({ status: 'failed', email: '', error: answer.key });
  });
}

export const deleteForm = createForm<{ password: string }>({ password: '' }, (values) =>
  validate({ password: ['notEmpty'] }, values),
);

/**
 * True once the user has logged out or deleted the account on purpose: the page then goes home, where a session
 * that simply ended (a 401) sends it to the login page.
 */
export const $leaving = atom(false);

/** Deletes the account; the server ends the session, so the client forgets the user too. */
export async function deleteAccount(client: ApiClient = api) {
  const first = await deleteForm.submit((json) => client.account.$delete({ json }));
  if (deleteForm.$state.get().status === 'done') {
    $leaving.set(true);
    $user.set(null);
  }
  return first;
}

/** Ends the session on the server and forgets the user here; the island then goes home (spec section 6). */
export async function logOut(client: ApiClient = api): Promise<void> {
  $leaving.set(true);
  await client.auth.logout.$get().catch(() => undefined);
  $user.set(null);
}
