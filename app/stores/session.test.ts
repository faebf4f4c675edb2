import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { createApiClient } from '#app/api-client.ts';
import { $user, loadUser, type CurrentUser } from './session.ts';

const anna: CurrentUser = {
  id: 'u1',
  email: 'anna@example.com',
  role: 'user',
  firstname: 'Anna',
  lastname: 'Nowak',
  phone: null,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanStores($user);
  $user.set(null);
});

describe('session store', () => {
  it('loads the logged-in user from the API', async () => {
    const fetch = vi.fn(async () => json(200, { user: anna }));
    await loadUser(createApiClient({ fetch }));
    expect($user.get()).toEqual(anna);
  });

  it('logs out on any 401 while logged in, and ends the server session too', async () => {
    $user.set(anna);
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/auth/logout') ? json(200, { ok: true }) : json(401, { error: 'Unauthorized' }),
    );
    const response = await createApiClient({ fetch }).account.$get();
    expect(response.status).toBe(401);
    expect($user.get()).toBeNull();
    expect(fetch.mock.calls.map((call) => String(call[0]))).toEqual(['/api/account', '/api/auth/logout']);
  });

  it('stays logged in after a failed login (the form shows it) and after other errors', async () => {
    $user.set(anna);
    const fetch = vi.fn(async () => json(401, { error: 'Unauthorized' }));
    await createApiClient({ fetch }).auth.login.$post({ json: { email: 'anna@example.com', password: 'x' } });
    const other = vi.fn(async () => json(400, { error: 'validation' }));
    await createApiClient({ fetch: other }).account.$patch({ json: { firstname: '' } });
    expect($user.get()).toEqual(anna);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('stays logged in when the forgotten-password form names an address with no account', async () => {
    $user.set(anna);
    const fetch = vi.fn(async () => json(401, { error: 'UserDoesNotExists' }));
    await createApiClient({ fetch }).auth.forgotPassword.$post({ json: { email: 'nobody@example.com' } });
    expect($user.get()).toEqual(anna);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
