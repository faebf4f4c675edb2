import { describe, expect, it } from 'vitest';
import { request, restaurantMenuItems, useTestApp } from '../helpers/app.ts';

// Issue 40: only failed discount codes count, per basket and per address; the addresses come through
// X-Forwarded-For, which one trusted proxy writes.
const ctx = useTestApp({ TRUST_PROXY: '1' });

type Visitor = { cookie: string; ip: string };

async function call(visitor: Visitor, path: string, method: string, body?: unknown) {
  const response = await request(ctx, path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': visitor.ip,
      ...(visitor.cookie ? { cookie: visitor.cookie } : {}),
    },
  });
  const set = response.headers.get('set-cookie');
  if (set) visitor.cookie = set.split(';')[0]!;
  return response;
}

/** A visitor at `ip` with a basket holding a dish, as a customer has when typing a code at checkout. */
async function shopperAt(ip: string): Promise<Visitor> {
  const items = await restaurantMenuItems<{ id: number; unavailable: boolean; groups: unknown[] }>(
    ctx,
    'pasta-fresca-warszawa-mokotow',
  );
  const dish = items.find((item) => item.groups.length === 0 && !item.unavailable)!;
  const visitor = { cookie: '', ip };
  expect((await call(visitor, '/api/basket/items', 'POST', { menuItemId: dish.id, quantity: 2 })).status).toBe(200);
  return visitor;
}

const tryCode = (visitor: Visitor, code: string) => call(visitor, '/api/basket/discount', 'POST', { code });

describe('discount-code limits', () => {
  it('never blocks people applying real codes, however many share one address', async () => {
    const office = await Promise.all([1, 2, 3].map(() => shopperAt('203.0.113.60')));
    for (let round = 0; round < 15; round += 1) {
      for (const person of office) {
        const response = await tryCode(person, round % 2 ? 'WITAJ10' : 'dostawa0');
        expect(response.status).toBe(200);
      }
    }
    expect((await (await tryCode(office[0]!, 'WITAJ10')).json()).discount).toMatchObject({ code: 'WITAJ10' });
  });

  it('blocks a basket after 5 wrong codes (even its right one, for the window); its neighbours go on', async () => {
    const guesser = await shopperAt('203.0.113.61');
    for (const code of ['NOPE1', 'NOPE2', 'ZIMA2025', 'KYIV100', 'NOPE3']) {
      const response = await tryCode(guesser, code);
      expect(response.status, code).toBe(400);
    }
    const blocked = await tryCode(guesser, 'WITAJ10');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ requestId: expect.any(String), error: 'tooManyRequests' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else behind the same address is not punished for it.
    const sibling = await shopperAt('203.0.113.61');
    expect((await tryCode(sibling, 'NOPE4')).status).toBe(400);
    expect((await tryCode(sibling, 'WITAJ10')).status).toBe(200);
    // The window passes and the basket takes its code.
    ctx.setNow(new Date(Date.now() + 11 * 60 * 1000));
    expect((await tryCode(guesser, 'WITAJ10')).status).toBe(200);
  });

  it('blocks an address after 30 wrong codes spread over many baskets; another address is unaffected', async () => {
    const ip = '203.0.113.62';
    for (let basket = 0; basket < 10; basket += 1) {
      const shopper = await shopperAt(ip);
      for (let guess = 0; guess < 3; guess += 1) {
        // Successes in between count for nothing.
        expect((await tryCode(shopper, 'WITAJ10')).status).toBe(200);
        expect((await tryCode(shopper, `GUESS${basket}X${guess}`)).status).toBe(400);
      }
    }
    const fresh = await shopperAt(ip);
    const blocked = await tryCode(fresh, 'WITAJ10');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ requestId: expect.any(String), error: 'tooManyRequests' });
    // A basket with no cookie at all (the script drops it) meets the same limit.
    expect((await tryCode({ cookie: '', ip }, 'GUESS')).status).toBe(429);

    const elsewhere = await shopperAt('198.51.100.62');
    expect((await tryCode(elsewhere, 'NOPE')).status).toBe(400);
    expect((await tryCode(elsewhere, 'WITAJ10')).status).toBe(200);
  });
});
