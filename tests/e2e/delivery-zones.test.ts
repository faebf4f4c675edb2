import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { openDatabase, type Database } from '#db/client.ts';
import { restaurants } from '#db/schema/index.ts';
import { adminPath } from '#domain/admin-routes.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { formatMoney } from '#domain/money.ts';
import { axeViolations, launchBrowser, screenshot, urlOn, VIEWPORTS, visitorAddress } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';
import { makeBasket } from '../helpers/orders.ts';

// Issue 38, decision 061: an operator draws a delivery zone on the map and sets its fee; a customer at an address
// inside it sees that fee. A restaurant no other browser test orders from, since its zones change here.
const RESTAURANT = 'pasta-fresca-gdansk-wrzeszcz';

let browser: Browser;
let database: Database;
beforeAll(async () => {
  browser = await launchBrowser();
  database = await openDatabase({ url: inject('databaseUrl'), max: 2 });
});
afterAll(async () => {
  await browser?.close();
  await database?.close();
});

describe('delivery zones drawn on the map', () => {
  it('en: the admin draws a zone around the kitchen with its fee; a customer there pays that fee', async () => {
    const [restaurant] = await database.db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.slug, RESTAURANT));
    const id = String(restaurant!.id);

    const admin = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await signIn(admin, 'admin@example.com');
    const page = await admin.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(urlOn('localhost', adminPath('en', { screen: 'zones', id })));
    await page.getByRole('heading', { name: 'Delivery zones', level: 1 }).waitFor();
    // The migrated zone: the restaurant's former area with its fee. The island loads the zones, then Leaflet: the
    // first admin page of a fresh server on a busy machine takes a while.
    await page.getByRole('button', { name: /Zone 1/ }).waitFor({ timeout: 90_000 });
    await page.waitForSelector('.zone-map.leaflet-container .zone-grid-tile', { timeout: 90_000 });

    await page.getByRole('button', { name: 'Add a zone' }).click();
    await page.getByRole('button', { name: /Zone 2/ }).waitFor();
    // Three clicks around the map's centre, the kitchen: a triangle holding it.
    const box = (await page.locator('.zone-map').boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    for (const [dx, dy] of [
      [-80, 60],
      [80, 60],
      [0, -80],
    ] as const) {
      await page.mouse.click(centre.x + dx, centre.y + dy);
    }
    await page.waitForSelector('.zone-vertex >> nth=2');
    expect(await page.locator('.zone-vertex-row').count()).toBe(3);
    // The same corners as typed boxes: the keyboard's way to the outline.
    const lat = page.getByLabel('Latitude of corner 3');
    const drawn = Number(await lat.inputValue());
    await lat.fill(String(Math.round((drawn + 0.001) * 1e6) / 1e6));
    await page.getByLabel('Zone name').fill('Close by');
    await page.getByLabel(/^Delivery fee/).fill('3.50');
    await page.getByLabel(/^Minimum order/).fill('20');
    await screenshot(page, 'admin-zones-drawn-en');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save the zones' }).click();
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Zones saved.');

    const answer = await admin.request.get(urlOn('localhost', `/api/admin/restaurants/${id}/zones`));
    const { zones } = (await answer.json()) as {
      zones: { name: string; deliveryValue: number; minBasketValue: number; polygon: { coordinates: number[][][] } }[];
    };
    expect(zones.map((z) => z.name)).toEqual(['', 'Close by']);
    expect(zones[1]).toMatchObject({ deliveryValue: 350, minBasketValue: 2000 });
    expect(zones[1]!.polygon.coordinates[0]).toHaveLength(4);
    expect(problems).toEqual([]);
    await admin.close();

    // A customer whose address is the kitchen's point: inside both zones, and the new one is cheaper.
    const basket = await makeBasket(database.db, { restaurant: RESTAURANT, quantity: 2 });
    const customer = await browser.newContext({
      viewport: VIEWPORTS.phone,
      locale: 'en-US',
      extraHTTPHeaders: visitorAddress(),
    });
    await customer.addCookies([{ name: 'basket', value: basket.basketId, url: urlOn('localhost', '/') }]);
    const shop = await customer.newPage();
    await shop.goto(urlOn('localhost', pathFor('restaurant', 'en', { slug: RESTAURANT })));
    // Before the address is known, the restaurant says what delivery costs at least.
    expect(await shop.locator('.hero .facts').textContent()).toContain(
      `Delivery from ${formatMoney(350, 'PLN', 'en')}, minimum order ${formatMoney(2000, 'PLN', 'en')}`,
    );
    const address = {
      street: 'Grunwaldzka',
      streetNo: '1',
      city: 'Gdańsk',
      zip: '80-236',
      lat: basket.lat,
      lng: basket.lng,
    };
    const status = await shop.evaluate(
      (body) =>
        fetch('/api/basket/delivery', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.status),
      { deliveryMethod: 'door2door', address },
    );
    expect(status).toBe(200);
    await shop.goto(urlOn('localhost', pathFor('basket', 'en')));
    await shop.waitForSelector('[data-total="delivery"] dd');
    expect((await shop.textContent('[data-total="delivery"] dd'))?.trim()).toBe(formatMoney(350, 'PLN', 'en'));
    await screenshot(shop, 'basket-zone-fee-en');

    // The address kept in the browser (as the home page keeps it): the restaurant page says what delivery costs there.
    const kept = (at: typeof address) =>
      shop.evaluate((value) => localStorage.setItem('deliveryAddress', JSON.stringify(value)), {
        ...at,
        fullAddress: `${at.street} ${at.streetNo}, ${at.zip} ${at.city}`,
        country: 'pl',
      });
    await kept(address);
    await shop.goto(urlOn('localhost', pathFor('restaurant', 'en', { slug: RESTAURANT })));
    const terms = shop.getByTestId('delivery-terms');
    await expect.poll(() => terms.getAttribute('data-state')).toBe('here');
    expect(await terms.textContent()).toBe(
      `Delivery to your address: ${formatMoney(350, 'PLN', 'en')}, minimum order ${formatMoney(2000, 'PLN', 'en')}`,
    );
    // An address in Warsaw: this Gdańsk kitchen does not deliver there, and says so.
    const warsaw = { street: 'Puławska', streetNo: '150', city: 'Warszawa', zip: '02-715', lat: 52.19, lng: 21.02 };
    await kept(warsaw);
    await shop.reload();
    await expect.poll(() => terms.getAttribute('data-state')).toBe('notHere');
    expect(await terms.textContent()).toBe('No delivery from here to Puławska 150, 02-715 Warszawa');
    await customer.close();
    // Two browsers, the admin's map and a customer's pages: longer than one page's test.
  }, 240_000);
});
