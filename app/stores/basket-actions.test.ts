import { afterEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores } from 'nanostores';
import { createApiClient } from '#app/api-client.ts';
import { $basket, type Basket } from './basket.ts';
import {
  $basketBusy,
  $basketError,
  $deliveryChoice,
  $deliveryError,
  $discountError,
  applyDiscountCode,
  changeLineQuantity,
  clearBasket,
  removeDiscountCode,
  removeLine,
  removeLines,
  setDeliveryMethod,
} from './basket-actions.ts';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
type Call = { method: string; url: string; body: unknown };
const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** A fake API that records each call and answers with `reply(call)`. */
function fakeApi(reply: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: urlOf(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return reply(call);
  });
  return { calls, client: createApiClient({ fetch }) };
}

const basketWith = (lines: { id: number; quantity: number }[], extra: Partial<Basket> = {}) =>
  ({ id: 'b1', lines, itemCount: lines.reduce((n, l) => n + l.quantity, 0), discount: null, ...extra }) as Basket;

afterEach(() => {
  cleanStores($basket, $basketError, $deliveryChoice, $deliveryError, $discountError, $basketBusy);
  $deliveryChoice.set(null);
  $deliveryError.set(null);
  $basket.set(null);
  $basketError.set(null);
  $discountError.set(null);
});

describe('basket page actions', () => {
  it('two quick clicks on + make two more: the second starts from the quantity the first one’s answer set', async () => {
    $basket.set(basketWith([{ id: 7, quantity: 1 }]));
    const { calls, client } = fakeApi(async (call) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer(200, basketWith([{ id: 7, quantity: (call.body as { quantity: number }).quantity }]));
    });
    const first = changeLineQuantity(7, 1, client);
    const second = changeLineQuantity(7, 1, client);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    await allTasks();
    expect(calls).toEqual([
      { method: 'PATCH', url: '/api/basket/items/7', body: { quantity: 2 } },
      { method: 'PATCH', url: '/api/basket/items/7', body: { quantity: 3 } },
    ]);
    expect($basket.get()?.lines[0]?.quantity).toBe(3);
  });

  it('keeps a line between 1 and 99 without asking the server', async () => {
    $basket.set(
      basketWith([
        { id: 1, quantity: 1 },
        { id: 2, quantity: 99 },
      ]),
    );
    const { calls, client } = fakeApi(() => answer(500, {}));
    expect(await changeLineQuantity(1, -1, client)).toBe(true);
    expect(await changeLineQuantity(2, 1, client)).toBe(true);
    expect(calls).toEqual([]);
  });

  it('a refused change leaves the basket as it was and keeps the error key for the page', async () => {
    $basket.set(basketWith([{ id: 3, quantity: 2 }]));
    const { client } = fakeApi(() => answer(404, { error: 'notFound' }));
    expect(await changeLineQuantity(3, 1, client)).toBe(false);
    expect($basketError.get()).toBe('notFound');
    expect($basket.get()?.lines[0]?.quantity).toBe(2);
    expect($basketBusy.get()).toBe(false);
  });

  it('a network failure reads as internalError', async () => {
    $basket.set(basketWith([{ id: 3, quantity: 2 }]));
    const client = createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) });
    expect(await removeLine(3, client)).toBe(false);
    expect($basketError.get()).toBe('internalError');
  });

  it('removes a line with the spec’s GET /api/basket/remove/{itemId}; the answer replaces the basket', async () => {
    $basket.set(basketWith([{ id: 3, quantity: 2 }]));
    const { calls, client } = fakeApi(() => answer(200, basketWith([])));
    expect(await removeLine(3, client)).toBe(true);
    expect(calls).toEqual([{ method: 'GET', url: '/api/basket/remove/3', body: undefined }]);
    expect($basket.get()?.lines).toEqual([]);
  });

  it('removes just the lines given, one after another, each answer replacing the basket', async () => {
    $basket.set(basketWith([1, 2, 3, 4].map((id) => ({ id, quantity: 1 }))));
    let left = [1, 2, 3, 4];
    const { calls, client } = fakeApi((call) => {
      left = left.filter((id) => !call.url.endsWith(`/${id}`));
      return answer(200, basketWith(left.map((id) => ({ id, quantity: 1 }))));
    });
    expect(await removeLines([2, 4], client)).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/basket/remove/2', '/api/basket/remove/4']);
    expect($basket.get()?.lines.map((l) => l.id)).toEqual([1, 3]);
  });

  it('stops removing lines at the first refusal, which the page shows', async () => {
    $basket.set(basketWith([1, 2].map((id) => ({ id, quantity: 1 }))));
    const { calls, client } = fakeApi(() => answer(404, { error: 'notFound' }));
    expect(await removeLines([1, 2], client)).toBe(false);
    expect(calls).toHaveLength(1);
    expect($basketError.get()).toBe('notFound');
  });

  it('sets the delivery method with PUT /api/basket/delivery', async () => {
    const { calls, client } = fakeApi(() => answer(200, basketWith([], { deliveryMethod: 'pickup' })));
    expect(await setDeliveryMethod('pickup', client)).toBe(true);
    expect(calls).toEqual([{ method: 'PUT', url: '/api/basket/delivery', body: { deliveryMethod: 'pickup' } }]);
    expect($basket.get()?.deliveryMethod).toBe('pickup');
  });

  it('a refused delivery method answers the rule the API names for it, beside the methods', async () => {
    const { client } = fakeApi(() =>
      answer(400, { error: 'validation', details: { deliveryMethod: 'pickupUnavailable' } }),
    );
    expect(await setDeliveryMethod('pickup', client)).toBe(false);
    expect($deliveryError.get()).toBe('pickupUnavailable');
    expect($basketError.get()).toBeNull();
  });

  it('a delivery method is the chosen one at once; a refusal brings the basket’s method back with the reason', async () => {
    $basket.set(basketWith([], { deliveryMethod: 'door2door' }));
    let answerNow = () => {};
    const { client } = fakeApi(
      () =>
        new Promise<Response>((resolve) => {
          answerNow = () =>
            resolve(answer(400, { error: 'validation', details: { deliveryMethod: 'pickupUnavailable' } }));
        }),
    );
    const done = setDeliveryMethod('pickup', client);
    // Before the server has answered.
    expect($deliveryChoice.get()).toBe('pickup');
    await vi.waitFor(() => expect($basketBusy.get()).toBe(true));
    answerNow();
    expect(await done).toBe(false);
    expect($deliveryChoice.get()).toBeNull();
    expect($basket.get()?.deliveryMethod).toBe('door2door');
    expect($deliveryError.get()).toBe('pickupUnavailable');
  });

  it('an impatient double change ends in the last choice, whatever the first one’s answer says meanwhile', async () => {
    $basket.set(basketWith([], { deliveryMethod: 'door2door' }));
    let changedMeanwhile = () => {};
    const meanwhile = new Promise<void>((resolve) => (changedMeanwhile = resolve));
    const { calls, client } = fakeApi(async (call) => {
      // The first answer comes once the customer has changed their mind twice.
      await meanwhile;
      return answer(
        200,
        basketWith([], { deliveryMethod: (call.body as Pick<Basket, 'deliveryMethod'>).deliveryMethod }),
      );
    });
    // What the picker shows each time the basket changes: the choice, else the basket's method.
    const shown: (string | undefined)[] = [];
    const unsubscribe = $basket.listen((basket) => shown.push($deliveryChoice.get() ?? basket?.deliveryMethod));
    const first = setDeliveryMethod('pickup', client);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const second = setDeliveryMethod('outside', client);
    const third = setDeliveryMethod('leave@door', client);
    expect($deliveryChoice.get()).toBe('leave@door');
    changedMeanwhile();
    expect(await Promise.all([first, second, third])).toEqual([true, true, true]);
    unsubscribe();
    await allTasks();
    // The first was on its way; the second, overtaken while it waited, was never sent.
    expect(calls.map((c) => c.body)).toEqual([{ deliveryMethod: 'pickup' }, { deliveryMethod: 'leave@door' }]);
    expect(shown).toEqual(['leave@door', 'leave@door']);
    expect($deliveryChoice.get()).toBeNull();
    expect($basket.get()?.deliveryMethod).toBe('leave@door');
    expect($deliveryError.get()).toBeNull();
  });

  it('applies a code (trimmed); a refusal is the discount form’s error, not the page’s', async () => {
    const { calls, client } = fakeApi((call) =>
      (call.body as { code: string }).code === 'WITAJ10'
        ? answer(200, basketWith([], { discount: { code: 'WITAJ10' } } as Partial<Basket>))
        : answer(400, { error: 'discountCode' }),
    );
    expect(await applyDiscountCode('nope', client)).toBe(false);
    expect($discountError.get()).toBe('discountCode');
    expect($basketError.get()).toBeNull();
    expect(await applyDiscountCode('  WITAJ10 ', client)).toBe(true);
    expect($discountError.get()).toBeNull();
    expect($basket.get()?.discount?.code).toBe('WITAJ10');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/basket/discount', { code: 'nope' }],
      ['POST', '/api/basket/discount', { code: 'WITAJ10' }],
    ]);
  });

  it('removes the code with DELETE /api/basket/discount', async () => {
    $discountError.set('discountNotActive');
    const { calls, client } = fakeApi(() => answer(200, basketWith([])));
    expect(await removeDiscountCode(client)).toBe(true);
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/basket/discount', body: undefined }]);
    expect($discountError.get()).toBeNull();
  });

  it('clearing answers the empty basket, which the page takes as its cue to go home', async () => {
    $basket.set(basketWith([{ id: 3, quantity: 2 }]));
    const { calls, client } = fakeApi(() => answer(200, basketWith([])));
    expect(await clearBasket(client)).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/basket/clear']);
    expect($basket.get()?.lines).toEqual([]);
  });
});
