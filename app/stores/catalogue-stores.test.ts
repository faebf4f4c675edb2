import { afterEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores } from 'nanostores';
import { createApiClient } from '#app/api-client.ts';
import { $basket } from './basket.ts';
import { $basketConflict, $basketError, addToBasket, clearBasketAndAdd, keepBasket } from './basket-actions.ts';
import { $address, clearAddress, formatAddress, loadAddress, setAddress } from './address.ts';
import { $nearby, countryOfZip, loadNearby } from './nearby.ts';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const clientWith = (fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) =>
  createApiClient({ fetch });
const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
const basket = (itemCount: number) => ({ id: 'b1', itemCount, summary: { totalValue: 3900 }, currency: 'PLN' });

afterEach(() => {
  cleanStores($basket, $basketConflict, $basketError, $nearby, $address);
  $basket.set(null);
  $basketConflict.set(null);
  $basketError.set(null);
  $nearby.set({ status: 'idle' });
});

describe('basket actions', () => {
  it('adding an item replaces the basket with the one the server priced', async () => {
    const fetch = vi.fn(async () => answer(200, basket(1)));
    expect(await addToBasket({ menuItemId: 7, quantity: 1, optionIds: [3] }, clientWith(fetch))).toBe('added');
    expect($basket.get()).toMatchObject({ itemCount: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/basket/items');
    expect(JSON.parse(init.body as string)).toEqual({ menuItemId: 7, quantity: 1, optionIds: [3] });
  });

  it("another restaurant's item becomes a conflict the visitor answers; clearing empties the basket, then adds", async () => {
    const calls: string[] = [];
    let cleared = false;
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = urlOf(input);
      calls.push(url);
      if (url.endsWith('/basket/clear')) {
        cleared = true;
        return answer(200, basket(0));
      }
      return cleared ? answer(200, basket(1)) : answer(409, { error: 'restaurantLocation' });
    });
    const client = clientWith(fetch);
    expect(await addToBasket({ menuItemId: 9, quantity: 2, optionIds: [] }, client)).toBe('conflict');
    expect($basketConflict.get()).toEqual({
      key: 'restaurantLocation',
      pending: { menuItemId: 9, quantity: 2, optionIds: [] },
    });
    expect(await clearBasketAndAdd(client)).toBe('added');
    expect(calls).toEqual(['/api/basket/items', '/api/basket/clear', '/api/basket/items']);
    expect($basketConflict.get()).toBeNull();
    expect($basket.get()).toMatchObject({ itemCount: 1 });
  });

  it('keeping the basket drops the conflict and sends nothing', async () => {
    const fetch = vi.fn(async () => answer(409, { error: 'mishmashedLocations' }));
    await addToBasket({ menuItemId: 9, quantity: 1, optionIds: [] }, clientWith(fetch));
    expect($basketConflict.get()?.key).toBe('mishmashedLocations');
    keepBasket();
    expect($basketConflict.get()).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('any other refusal is kept as its error key for the dialog to translate', async () => {
    const fetch = vi.fn(async () => answer(400, { error: 'requiredOptions' }));
    expect(await addToBasket({ menuItemId: 1, quantity: 1, optionIds: [] }, clientWith(fetch))).toBe('refused');
    expect($basketError.get()).toBe('requiredOptions');
    expect($basket.get()).toBeNull();
  });
});

describe('delivery address and nearby restaurants', () => {
  it('the address is kept in the browser and read back on the next visit', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
    const parts = { street: 'Puławska', streetNo: '145', zip: '02-715', city: 'Warszawa' };
    expect(formatAddress(parts)).toBe('Puławska 145, 02-715 Warszawa');
    const address = { ...parts, fullAddress: formatAddress(parts), country: 'pl' as const };
    setAddress(address);
    $address.set(null);
    expect(loadAddress()).toEqual(address);
    clearAddress();
    expect(loadAddress()).toBeNull();
    vi.unstubAllGlobals();
  });

  it("a postcode's format names its country", () => {
    expect(countryOfZip('02-715')).toBe('pl');
    expect(countryOfZip('04070')).toBe('ua');
    expect(countryOfZip('1100-148')).toBe('pt');
    expect(countryOfZip('2715')).toBeNull();
  });

  it('asks for the restaurants delivering to the postcode in its country', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL) =>
      answer(200, { restaurants: [{ id: 1, name: 'Pasta Fresca' }] }),
    );
    void loadNearby({ street: 'Puławska', streetNo: '145', zip: '02-715', city: 'Warszawa' }, 'en', clientWith(fetch));
    expect($nearby.get()).toEqual({ status: 'loading' });
    await allTasks();
    expect($nearby.get()).toEqual({ status: 'ready', restaurants: [{ id: 1, name: 'Pasta Fresca' }] });
    // Named in the page's language: "Warsaw" on an English page.
    expect(urlOf(fetch.mock.calls[0]![0])).toBe('/api/restaurants?zip=02-715&country=pl&lang=en');
  });

  it('a failed answer is an error state, not an empty list', async () => {
    const fetch = vi.fn(async () => answer(500, { error: 'internalError' }));
    await loadNearby({ street: 'Puławska', streetNo: '145', zip: '02-715', city: 'Warszawa' }, 'pl', clientWith(fetch));
    expect($nearby.get()).toEqual({ status: 'error' });
  });
});
