import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '#app/api-client.ts';
import { $user } from '#app/stores/session.ts';
import { $addressEditor, addressForm, openAddressEditor, saveAddress } from './addresses.ts';
import { $resend, logIn, loginForm, resendActivation, safeReturnPath } from './login.ts';
import { $myOrders, loadMyOrders, toggleOrderItems } from './orders.ts';
import { $account, loadAccount, profileForm } from './profile.ts';
import { register, registerForm } from './register.ts';
import { phoneCountry, type SavedAddress } from './shared.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { method: string; path: string; body: unknown };

/** A fake API answering by "METHOD /path"; records every call with its JSON body. */
function fakeApi(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${url.pathname}`];
    return route ? route(call) : json(404, { error: 'notFound' });
  });
  return { client: createApiClient({ fetch }), calls };
}

const anna = { id: 'u1', email: 'anna@example.com', role: 'user', firstname: 'Anna', lastname: 'Nowak', phone: null };
const profile = {
  email: 'anna@example.com',
  firstname: 'Anna',
  lastname: 'Nowak',
  phone: '0501234567',
  role: 'user',
  lang: 'ua',
  marketingSms: true,
  marketingEmail: false,
  shopPolicies: true,
  restaurantPolicies: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const home: SavedAddress = {
  id: '7d3a0c7e-7c43-4c8e-9a0e-0d5b8d1e2f11',
  fullAddress: 'Prosta 1, 00-850 Warszawa',
  street: 'Prosta',
  streetNo: '1',
  aptNo: null,
  city: 'Warszawa',
  zip: '00-850',
  country: 'pl',
  latitude: null,
  longitude: null,
  isDefault: true,
};

afterEach(() => {
  for (const form of [loginForm, registerForm, profileForm, addressForm]) form.reset();
  $user.set(null);
  $resend.set('idle');
  $addressEditor.set(null);
  $account.set({ status: 'loading', profile: null, addresses: [] });
  $myOrders.set({ status: 'loading', orders: [], page: 0, more: false, open: [] });
});

describe('account forms', () => {
  it('checks a field when it changes, and only that field', () => {
    registerForm.setField('email', 'anna@');
    expect(registerForm.$state.get().errors).toEqual({ email: 'isValidEmail' });
    registerForm.setField('email', 'anna@example.com');
    expect(registerForm.$state.get().errors).toEqual({});
  });

  it('re-checks the repeat once it shows an error, so fixing the password clears it', () => {
    registerForm.setField('password', 'secret-one');
    registerForm.setField('passwordRepeat', 'secret-two');
    expect(registerForm.$state.get().errors.passwordRepeat).toBe('isEqual');
    registerForm.setField('password', 'secret-two');
    expect(registerForm.$state.get().errors).toEqual({});
  });

  it('takes what was typed before the island loaded as typed now: checked, and only into fields of its kind', () => {
    registerForm.reset();
    registerForm.adopt({ email: 'anna@', firstname: 'Anna', shopPolicies: true, country: true, unknown: 'x' });
    const { values, errors } = registerForm.$state.get();
    expect(values).toMatchObject({ email: 'anna@', firstname: 'Anna', shopPolicies: true, country: 'pl' });
    expect(values).not.toHaveProperty('unknown');
    expect(errors).toEqual({ email: 'isValidEmail' });
  });

  it('checks the phone by the chosen country, as the server does', () => {
    registerForm.setField('country', 'pl');
    registerForm.setField('phone', '050 123 45 67');
    expect(registerForm.$state.get().errors.phone).toBe('isValidPhoneNo');
    registerForm.setField('country', 'ua');
    registerForm.setField('phone', '050 123 45 67');
    expect(registerForm.$state.get().errors.phone).toBeUndefined();
  });

  it('sends nothing while the form has errors, and names the first field in the form’s order', async () => {
    const { client, calls } = fakeApi({});
    registerForm.setField('email', 'anna@example.com');
    registerForm.setField('password', 'short');
    const first = await register('pl', client);
    expect(first).toBe('firstname');
    expect(calls).toEqual([]);
    expect(registerForm.$state.get().errors).toMatchObject({
      firstname: 'notEmpty',
      password: 'minLength',
      shopPolicies: 'isTrue',
    });
  });

  it('puts the server’s verdict under the fields, and a key of the whole form above them', async () => {
    const values = {
      firstname: 'Anna',
      lastname: 'Nowak',
      email: 'anna@example.com',
      phone: '600100200',
      password: 'long enough',
      passwordRepeat: 'long enough',
      shopPolicies: true,
      restaurantPolicies: true,
    };
    for (const [field, value] of Object.entries(values)) registerForm.setField(field as 'email', value as string);
    let answer = json(400, { error: 'validation', details: { phone: 'isValidPhoneNo' } });
    const { client, calls } = fakeApi({ 'POST /api/auth/register': () => answer });
    expect(await register('en', client)).toBe('phone');
    expect(calls[0]!.body).toMatchObject({ ...values, country: 'pl', lang: 'en' });
    expect(registerForm.$state.get()).toMatchObject({ errors: { phone: 'isValidPhoneNo' }, error: null });

    answer = json(409, { error: 'notUniqueEmail' });
    expect(await register('en', client)).toBeNull();
    expect(registerForm.$state.get()).toMatchObject({ errors: {}, error: 'notUniqueEmail', status: 'editing' });

    answer = json(201, { email: 'anna@example.com' });
    await register('en', client);
    expect(registerForm.$state.get()).toMatchObject({ status: 'done', result: { email: 'anna@example.com' } });
  });
});

describe('login', () => {
  it('knows the user after logging in', async () => {
    const { client } = fakeApi({ 'POST /api/auth/login': () => json(200, { user: anna }) });
    loginForm.setField('email', 'anna@example.com');
    loginForm.setField('password', 'secret-pass');
    expect(await logIn(client)).toBeNull();
    expect($user.get()).toEqual(anna);
  });

  it('after UserIsNotActivated sends the activation link again to the typed address, in the page’s language', async () => {
    const { client, calls } = fakeApi({
      'POST /api/auth/login': () => json(403, { error: 'UserIsNotActivated' }),
      'POST /api/auth/resendActivation': () => json(200, { ok: true }),
    });
    loginForm.setField('email', 'anna@example.com');
    loginForm.setField('password', 'secret-pass');
    await logIn(client);
    expect(loginForm.$state.get().error).toBe('UserIsNotActivated');
    expect($user.get()).toBeNull();
    await resendActivation('ua', client);
    expect(calls[1]).toMatchObject({
      path: '/api/auth/resendActivation',
      body: { email: 'anna@example.com', lang: 'ua' },
    });
    expect($resend.get()).toBe('sent');
  });

  it('sends the user back only to a path of this site', () => {
    expect(safeReturnPath('/en/profile')).toBe('/en/profile');
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
    // What ?return=/%09/evil.example, /%0a/…, /%0d/… and /%5C… decode to: the browser would drop the tab or line break
    // (or read the backslash as a slash) and leave for evil.example.
    for (const crafted of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\\/evil.example',
      '/\t\\evil.example',
    ])
      expect(safeReturnPath(crafted), JSON.stringify(crafted)).toBeNull();
    expect(safeReturnPath('javascript:alert(1)')).toBeNull();
    expect(safeReturnPath(' /en/profile')).toBeNull();
    // An encoded slash stays a character of this site's path; the query and fragment are kept.
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(safeReturnPath('/en/my-orders?page=2#top')).toBe('/en/my-orders?page=2#top');
  });
});

describe('my account', () => {
  it('is a guest’s page on 401, holding nothing personal', async () => {
    const { client } = fakeApi({
      'GET /api/auth/getUser': () => json(200, { user: null }),
      'GET /api/account': () => json(401, { error: 'Unauthorized' }),
      'GET /api/account/addresses': () => json(401, { error: 'Unauthorized' }),
    });
    await loadAccount('pl', client);
    expect($account.get()).toEqual({ status: 'guest', profile: null, addresses: [] });
  });

  it('loads the data and fills the form, picking the phone’s country from the number', async () => {
    const { client } = fakeApi({
      'GET /api/auth/getUser': () => json(200, { user: anna }),
      'GET /api/account': () => json(200, { profile }),
      'GET /api/account/addresses': () => json(200, { addresses: [home] }),
    });
    await loadAccount('pl', client);
    expect($account.get()).toMatchObject({ status: 'ready', profile, addresses: [home] });
    expect($user.get()).toEqual(anna);
    expect(profileForm.$state.get().values).toEqual({
      firstname: 'Anna',
      lastname: 'Nowak',
      phone: '0501234567',
      country: 'ua',
      marketingSms: true,
      marketingEmail: false,
    });
    expect(phoneCountry('600100200', 'ua')).toBe('pl');
    expect(phoneCountry(null, 'ua')).toBe('ua');
  });

  it('saves a new address (an empty flat number as none) and shows the list the server has', async () => {
    const second = { ...home, id: 'a2', fullAddress: 'Chreszczatyk 1, 01001 Kyiv', isDefault: false };
    const { client, calls } = fakeApi({
      'POST /api/account/addresses': () => json(201, { address: second }),
      'GET /api/account/addresses': () => json(200, { addresses: [home, second] }),
    });
    $account.set({ status: 'ready', profile, addresses: [home] });
    openAddressEditor('new', 'ua');
    expect(addressForm.$state.get().values).toMatchObject({ country: 'ua', isDefault: false });
    addressForm.setField('zip', '00-850');
    expect(addressForm.$state.get().errors.zip).toBe('isValidZipCode');
    for (const [field, value] of Object.entries({
      street: 'Chreszczatyk',
      streetNo: '1',
      city: 'Kyiv',
      zip: '01001',
    })) {
      addressForm.setField(field as 'street', value);
    }
    expect(await saveAddress(client)).toBeNull();
    expect(calls[0]!.body).toEqual({
      street: 'Chreszczatyk',
      streetNo: '1',
      aptNo: null,
      city: 'Kyiv',
      zip: '01001',
      country: 'ua',
      isDefault: false,
    });
    expect($account.get().addresses).toEqual([home, second]);
    expect($addressEditor.get()).toBeNull();
  });

  it('makes an edited address the default with the default route (the address itself has no such flag)', async () => {
    const other = { ...home, id: 'a2', isDefault: false };
    const { client, calls } = fakeApi({
      'PUT /api/account/addresses/a2': () => json(200, { address: { ...other, streetNo: '2' } }),
      'POST /api/account/addresses/a2/default': () =>
        json(200, {
          addresses: [
            { ...other, streetNo: '2', isDefault: true },
            { ...home, isDefault: false },
          ],
        }),
    });
    $account.set({ status: 'ready', profile, addresses: [home, other] });
    openAddressEditor(other, 'pl');
    addressForm.setField('streetNo', '2');
    addressForm.setField('isDefault', true);
    await saveAddress(client);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /api/account/addresses/a2',
      'POST /api/account/addresses/a2/default',
    ]);
    expect(calls[0]!.body).not.toHaveProperty('isDefault');
    expect($account.get().addresses[0]).toMatchObject({ id: 'a2', isDefault: true });
  });
});

describe('my orders', () => {
  const order = (id: string) => ({ id, displayId: id.slice(-5), status: 'new', items: [] });

  it('offers older orders after a full page, appends them, and shows or hides items per order', async () => {
    const pages: Record<string, unknown[]> = {
      '1': Array.from({ length: 20 }, (_, i) => order(`order-${i}`)),
      '2': [order('order-20')],
    };
    const { client, calls } = fakeApi({
      'GET /api/auth/getUser': () => json(200, { user: anna }),
      'GET /api/my-orders': (call) =>
        json(200, { orders: pages[new URL(call.path, 'http://x').searchParams.get('page')!], page: 1 }),
    });
    await loadMyOrders(client);
    expect($myOrders.get()).toMatchObject({ status: 'ready', page: 1, more: true });
    await loadMyOrders(client, true);
    expect($myOrders.get().orders).toHaveLength(21);
    expect($myOrders.get().more).toBe(false);
    expect(calls.filter((call) => call.path.startsWith('/api/my-orders')).map((call) => call.path)).toEqual([
      '/api/my-orders?page=1',
      '/api/my-orders?page=2',
    ]);
    toggleOrderItems('order-3');
    expect($myOrders.get().open).toEqual(['order-3']);
    toggleOrderItems('order-3');
    expect($myOrders.get().open).toEqual([]);
  });

  it('is a guest’s page on 401', async () => {
    const { client } = fakeApi({
      'GET /api/auth/getUser': () => json(200, { user: null }),
      'GET /api/my-orders': () => json(401, { error: 'Unauthorized' }),
    });
    await loadMyOrders(client);
    expect($myOrders.get()).toMatchObject({ status: 'guest', orders: [] });
  });
});
