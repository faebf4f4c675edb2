import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { createApiClient } from '#app/api-client.ts';
import {
  $menuEditor,
  $priceSelection,
  $selectedItems,
  changePrices,
  clearSelection,
  exportHref,
  loadMenu,
  selectCategory,
  setAvailable,
  toggleSelected,
} from './menu-store.ts';
import type { EditorItem, EditorMenu } from './menu-form.ts';

const item = (id: number, categoryId: number, price: number) =>
  ({ id, categoryId, name: `Dish ${id}`, price, unavailable: false, groups: [] }) as Partial<EditorItem> as EditorItem;
const menu: EditorMenu = {
  restaurant: { id: 7, name: 'Pasta Fresca', currency: 'PLN' },
  categories: [
    {
      id: 1,
      name: 'Pizze',
      translations: {},
      position: 0,
      availability: null,
      items: [item(11, 1, 3200), item(12, 1, 2900)],
    },
    {
      id: 2,
      name: 'Śniadania',
      translations: {},
      position: 1,
      availability: { from: '07:00', to: '11:00' },
      items: [item(21, 2, 1900)],
    },
  ],
  brandRestaurants: [{ id: 8, name: 'Pasta Fresca Gdańsk', currency: 'PLN' }],
};
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { url: string; method: string; body: unknown };
/** A client whose server answers the menu on GET and `write` on anything else, recording every call. */
function fakeServer(write: (call: Call) => Response = () => answer(200, { ok: true })) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    return call.method === 'GET' ? answer(200, menu) : write(call);
  });
  return { calls, client: createApiClient({ fetch }) };
}

afterEach(() => {
  cleanStores($menuEditor, $priceSelection, $selectedItems);
  $menuEditor.set({ status: 'loading' });
  clearSelection();
});

describe('menu editor store', () => {
  it('loads the restaurant’s menu, and says the key of a refusal', async () => {
    const { calls, client } = fakeServer();
    await loadMenu('7', client);
    expect($menuEditor.get()).toEqual({ status: 'ready', menu });
    expect(calls[0]).toMatchObject({ method: 'GET', url: expect.stringContaining('/api/admin/menu/restaurants/7') });

    const refusing = createApiClient({ fetch: async () => answer(404, { error: 'notFound' }) });
    await loadMenu('9', refusing);
    expect($menuEditor.get()).toEqual({ status: 'error', key: 'notFound' });
  });

  it('picks dishes one by one or a category at once, and sends the picked ones with the change', async () => {
    const { calls, client } = fakeServer(() => answer(200, { items: [] }));
    await loadMenu('7', client);
    selectCategory(1, true);
    toggleSelected(21, true);
    toggleSelected(12, false);
    expect($selectedItems.get().map((i) => i.id)).toEqual([11, 21]);

    const result = await changePrices({ kind: 'percent', value: 10 });
    expect(result.ok).toBe(true);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toContain('/api/admin/menu/restaurants/7/prices');
    expect(put.body).toEqual({ itemIds: [11, 21], change: { kind: 'percent', value: 10 } });
    // The menu is read again after the write: the server rounds the prices.
    expect(calls.at(-1)!.method).toBe('GET');
  });

  it('shows an availability change at once, and reloads the menu when the server refuses it', async () => {
    const { calls, client } = fakeServer(() => answer(403, { error: 'Unauthorized' }));
    await loadMenu('7', client);
    const pending = setAvailable(item(11, 1, 3200), false);
    const shown = $menuEditor.get();
    expect(shown.status === 'ready' && shown.menu.categories[0]!.items[0]!.unavailable).toBe(true);
    const result = await pending;
    expect(result).toMatchObject({ ok: false, key: 'Unauthorized' });
    const reloaded = $menuEditor.get();
    expect(reloaded.status === 'ready' && reloaded.menu.categories[0]!.items[0]!.unavailable).toBe(false);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT', 'GET']);
  });

  it('names the export as a link of the restaurant it holds', async () => {
    await loadMenu('7', fakeServer().client);
    expect(exportHref('csv')).toBe('/api/admin/menu/restaurants/7/export?format=csv');
  });
});
