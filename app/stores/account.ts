import { atom, map, task } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { addressRules, validateNewPassword } from '#domain/accounts.ts';
import { registrationRules, validate, type FormRules } from '#domain/forms.ts';
import { isValidPhoneNo } from '#domain/country.ts';
import type { FieldRule } from '#domain/errors.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import { $user, type CurrentUser } from '#app/stores/session.ts';
import { createForm, type Reply } from '#app/forms/form.ts';
import { readAnswer } from '#app/api-answer.ts';
import type { UiLocale } from '#app/i18n/messages.ts';
/** The countries whose phone and zip rules a customer can pick (spec section 5). */
export type FormCountry = 'pl' | 'ua';

export type Profile = InferResponseType<ApiClient['account']['$get'], 200>['profile'];
export type SavedAddress = InferResponseType<ApiClient['account']['addresses']['$get'], 200>['addresses'][number];
export type OrderView = InferResponseType<ApiClient['my-orders']['$get'], 200>['orders'][number];

type Errors = Partial<Record<string, FieldRule>>;

/** The shop's country for a language: Ukrainian pages default to Ukraine's phone and zip rules. */
export const defaultCountry = (locale: UiLocale): FormCountry => (locale === 'ua' ? 'ua' : 'pl');

/** Which country's rule a stored phone number passes, so the profile form opens with the right one picked. */
export const phoneCountry = (phone: string | null | undefined, fallback: FormCountry): FormCountry =>
  !phone ? fallback : isValidPhoneNo('ua', phone) ? 'ua' : 'pl';

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

// ---- Login, activation, registration, forgotten and reset password --------------------------------------------

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
const registerCheck = (values: RegisterValues): Errors => ({
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

// ---- My account ---------------------------------------------------------------------------------------------

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
        client.auth.getUser.$get(),
        client.account.$get(),
        client.account.addresses.$get(),
      ]);
      // The routes' types know their 200 only; the 401 comes from requireRole.
      if ((account.status as number) === 401 || (addresses.status as number) === 401) {
        $account.set({ status: 'guest', profile: null, addresses: [] });
        return;
      }
      if (!account.ok || !addresses.ok || !who.ok) throw new Error(`my account: ${account.status}`);
      $user.set(((await who.json()) as { user: CurrentUser | null }).user);
      const { profile } = (await account.json()) as { profile: Profile };
      const list = ((await addresses.json()) as { addresses: SavedAddress[] }).addresses;
      $account.set({ status: 'ready', profile, addresses: list });
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

export const emailForm = createForm<{ newEmail: string; password: string }>(
  { newEmail: '', password: '' },
  (values) => validate({ newEmail: ['notEmpty', 'isValidEmail'], password: ['notEmpty'] }, values),
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

// ---- My addresses -------------------------------------------------------------------------------------------

export type AddressValues = {
  street: string;
  streetNo: string;
  aptNo: string;
  city: string;
  zip: string;
  country: FormCountry;
  isDefault: boolean;
};

/** Which address the form edits: none (closed), a new one, or a saved one by id. */
export const $addressEditor = atom<null | 'new' | string>(null);

export const addressForm = createForm<AddressValues, { address: SavedAddress }>(
  { street: '', streetNo: '', aptNo: '', city: '', zip: '', country: 'pl', isDefault: false },
  (values) => validate(addressRules, values, { country: values.country }),
);

export function openAddressEditor(target: 'new' | SavedAddress, locale: UiLocale): void {
  if (target === 'new') {
    addressForm.reset({ country: defaultCountry(locale), isDefault: $account.get().addresses.length === 0 });
    $addressEditor.set('new');
    return;
  }
  addressForm.reset({
    street: target.street,
    streetNo: target.streetNo,
    aptNo: target.aptNo ?? '',
    city: target.city,
    zip: target.zip,
    country: target.country === 'ua' ? 'ua' : 'pl',
    isDefault: target.isDefault,
  });
  $addressEditor.set(target.id);
}

export const closeAddressEditor = (): void => $addressEditor.set(null);

/** Saves the open address form (a new address, or changes to a saved one) and refreshes the list. */
export async function saveAddress(client: ApiClient = api) {
  const editing = $addressEditor.get();
  if (!editing) return null;
  const first = await addressForm.submit(({ isDefault, aptNo, ...fields }) => {
    const json = { ...fields, aptNo: aptNo.trim() || null };
    return editing === 'new'
      ? client.account.addresses.$post({ json: { ...json, isDefault } })
      : client.account.addresses[':id'].$put({ param: { id: editing }, json });
  });
  if (addressForm.$state.get().status !== 'done') return first;
  const { isDefault } = addressForm.$state.get().values;
  const saved = addressForm.$state.get().result?.address;
  // A saved address made default here is one more call: the address itself has no default flag to PUT.
  if (editing !== 'new' && isDefault && saved && !saved.isDefault) await makeDefaultAddress(saved.id, client);
  else await reloadAddresses(client);
  $addressEditor.set(null);
  return null;
}

export const $addressError = atom<string | null>(null);

async function reloadAddresses(client: ApiClient) {
  const response = await client.account.addresses.$get();
  if (response.ok) $account.setKey('addresses', (await response.json()).addresses);
}

async function addressListCall<R extends Reply>(call: Promise<R>) {
  // Both calls answer the whole address book.
  const answer = await readAnswer(call);
  if (answer.ok) {
    $account.setKey('addresses', (answer.data as { addresses: SavedAddress[] }).addresses);
    $addressError.set(null);
  } else $addressError.set(answer.key);
}

export const makeDefaultAddress = (id: string, client: ApiClient = api): Promise<void> =>
  task(() => addressListCall(client.account.addresses[':id'].default.$post({ param: { id } })));

export const removeAddress = (id: string, client: ApiClient = api): Promise<void> =>
  task(async () => {
    await addressListCall(client.account.addresses[':id'].$delete({ param: { id } }));
    if ($addressEditor.get() === id) $addressEditor.set(null);
  });

// ---- My orders ----------------------------------------------------------------------------------------------

/** The API answers 20 orders a page; a full page means there may be older ones. */
const ORDERS_PAGE_SIZE = 20;

export const $myOrders = map<{
  status: 'loading' | 'ready' | 'guest' | 'failed';
  orders: OrderView[];
  page: number;
  more: boolean;
  /** Orders whose items are shown. */
  open: string[];
}>({ status: 'loading', orders: [], page: 0, more: false, open: [] });

/** Loads the first page, or the next one after those shown. */
export function loadMyOrders(client: ApiClient = api, next = false): Promise<void> {
  return task(async () => {
    const state = $myOrders.get();
    const page = next ? state.page + 1 : 1;
    try {
      const [who, response] = await Promise.all([
        next ? null : client.auth.getUser.$get(),
        client['my-orders'].$get({ query: { page: String(page) } }),
      ]);
      if ((response.status as number) === 401) {
        $myOrders.set({ ...state, status: 'guest', orders: [] });
        return;
      }
      if (!response.ok) throw new Error(`my orders: ${response.status}`);
      if (who?.ok) $user.set(((await who.json()) as { user: CurrentUser | null }).user);
      const { orders } = (await response.json()) as { orders: OrderView[] };
      $myOrders.set({
        status: 'ready',
        orders: next ? [...state.orders, ...orders] : orders,
        page,
        more: orders.length === ORDERS_PAGE_SIZE,
        open: next ? state.open : [],
      });
    } catch {
      $myOrders.setKey('status', state.orders.length > 0 ? 'ready' : 'failed');
    }
  });
}

export function toggleOrderItems(id: string): void {
  const { open } = $myOrders.get();
  $myOrders.setKey('open', open.includes(id) ? open.filter((o) => o !== id) : [...open, id]);
}
