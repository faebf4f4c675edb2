import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { createApiClient } from '#app/api-client.ts';
import {
  $brandGroups,
  $brandGroupsBusy,
  attachBrandGroup,
  deleteBrandGroup,
  loadBrandGroups,
  saveBrandGroup,
  type BrandGroupsList,
} from './brand-groups-store.ts';

const list: BrandGroupsList = {
  brand: { id: 3, name: 'Pasta Fresca', currencies: ['PLN', 'UAH'] },
  groups: [
    {
      id: 5,
      currency: 'PLN',
      name: 'Dodatki',
      translations: {},
      required: false,
      min: 0,
      max: 3,
      options: [{ id: 50, name: 'Parmezan', translations: {}, price: 300, unavailable: false, allergens: null }],
      attachedTo: [{ itemId: 11, name: 'Cacio e Pepe', restaurantId: 7, restaurantName: 'Mokotów' }],
    },
  ],
};
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { url: string; method: string; body: unknown };
/** A client whose server answers the list on GET and `write` on anything else, recording every call. */
function fakeServer(write: (call: Call) => Response = () => answer(200, { ok: true })) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    return call.method === 'GET' ? answer(200, list) : write(call);
  });
  return { calls, client: createApiClient({ fetch }) };
}

const definition = {
  name: 'Sosy',
  translations: {},
  required: false,
  min: 0,
  max: 1,
  options: [{ name: 'Czosnkowy', translations: {}, price: 300, unavailable: false }],
  currency: 'PLN' as const,
};

afterEach(() => {
  cleanStores($brandGroups, $brandGroupsBusy);
  $brandGroups.set({ status: 'loading' });
});

describe('brand groups store', () => {
  it('loads the brand’s groups, and says the key of a refusal', async () => {
    const { calls, client } = fakeServer();
    await loadBrandGroups('3', client);
    expect($brandGroups.get()).toEqual({ status: 'ready', list });
    expect(calls[0]).toMatchObject({ method: 'GET', url: expect.stringContaining('/api/admin/menu/brands/3/groups') });

    await loadBrandGroups('9', createApiClient({ fetch: async () => answer(403, { error: 'Forbidden' }) }));
    expect($brandGroups.get()).toEqual({ status: 'error', key: 'Forbidden' });
  });

  it('creates with the currency, edits without it, deletes, and reads the list again after each', async () => {
    const { calls, client } = fakeServer(() => answer(200, { copies: 2 }));
    await loadBrandGroups('3', client);
    await saveBrandGroup(null, definition);
    await saveBrandGroup(5, definition);
    await deleteBrandGroup(5);
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => [c.method, new URL(c.url, 'http://x').pathname])).toEqual([
      ['POST', '/api/admin/menu/brands/3/groups'],
      ['PUT', '/api/admin/menu/brand-groups/5'],
      ['DELETE', '/api/admin/menu/brand-groups/5'],
    ]);
    expect(writes[0]!.body).toMatchObject({ currency: 'PLN' });
    expect(writes[1]!.body).not.toHaveProperty('currency');
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET', 'PUT', 'GET', 'DELETE', 'GET']);
    expect($brandGroupsBusy.get()).toBe(false);
  });

  it('attaches a group to the dishes picked without reloading the list (the menu editor reloads its menu)', async () => {
    const { calls, client } = fakeServer(() => answer(200, { attached: [11, 12], already: [] }));
    const result = await attachBrandGroup(5, [11, 12], client);
    expect(result).toMatchObject({ ok: true, data: { attached: [11, 12] } });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: expect.stringContaining('/api/admin/menu/brand-groups/5/attach'),
        body: { itemIds: [11, 12] },
      },
    ]);
  });
});
