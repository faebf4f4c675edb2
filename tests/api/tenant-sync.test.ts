import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDatabase } from '#db/seed/index.ts';
import { concepts, locations } from '#db/schema/index.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { createApp } from '#server/app.ts';
import { loadTenants } from '#tenants/index.ts';
import { useTestApp, type TestContext } from '../helpers/app.ts';

// Decision 043: tenants/ is loaded into the database at every start. A "restart" here is what server/main.ts does
// at start-up, over the same database: load the configs of a folder (TENANTS_DIR), seed, build a new app.
const ctx = useTestApp();
let dir: string;
let app: TestContext['app'];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tenant-sync-brands-'));
  cpSync('tenants', dir, { recursive: true });
  app = ctx.app;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function restart() {
  const tenants = loadTenants(dir);
  await seedDatabase(ctx.database.db, { demo: true, tenants });
  app = createApp({ ...ctx.deps, tenants });
}

const call = (urlPath: string, init: { method?: string; body?: unknown; cookie?: string; host?: string } = {}) =>
  app.request(`http://${init.host ?? 'localhost'}${urlPath}`, {
    method: init.method ?? 'GET',
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    headers: {
      host: init.host ?? 'localhost',
      origin: 'http://localhost',
      'content-type': 'application/json',
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });
const json = async <T>(response: Response) => (await response.json()) as T;
async function asAdmin(): Promise<string> {
  const response = await call('/api/auth/login', {
    method: 'POST',
    body: { email: 'admin@example.com', password: 'admin-demo-2026' },
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** Changes one brand's tenant.json in the temporary copy, as a marketer would. */
function edit(slug: string, change: (json: Record<string, unknown>) => void) {
  const file = path.join(dir, slug, 'tenant.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(config);
  writeFileSync(file, JSON.stringify(config, null, 2));
}

const conceptId = async (slug: string) =>
  (await ctx.database.db.select({ id: concepts.id }).from(concepts).where(eq(concepts.slug, slug)))[0]!.id;

type ShopConcept = {
  name: string;
  shortDescription: string;
  chef: string | null;
  active?: boolean;
  defaultRestaurant: string | null;
  showOnCompanyPortfolio: boolean;
  reviews: { author: string; text: string }[];
  restaurants: { slug: string }[];
};

describe('brands loaded from tenants/ at every start', () => {
  it("shows a marketer's change of tenant.json in the shop after a restart, and the admin cannot overwrite it", async () => {
    edit('pasta-fresca', (config) => {
      config['shortDescription'] = 'Makaron prosto z Bolonii, codziennie';
      config['chef'] = 'Marco Bianchi';
      config['reviews'] = [{ id: 1, author: 'Ola', city: 'Gdańsk', text: 'Pappardelle jak we Włoszech.' }];
    });
    // Before the restart the shop still shows what the database held.
    expect((await json<ShopConcept>(await call('/api/concepts/pasta-fresca'))).chef).toBe('Giulia Rossi');
    await restart();
    const shown = await json<ShopConcept>(await call('/api/concepts/pasta-fresca'));
    expect(shown).toMatchObject({
      shortDescription: 'Makaron prosto z Bolonii, codziennie',
      chef: 'Marco Bianchi',
      reviews: [{ author: 'Ola', text: 'Pappardelle jak we Włoszech.' }],
    });

    const admin = await asAdmin();
    const id = await conceptId('pasta-fresca');
    const refused = await call(`/api/admin/concepts/${id}`, {
      method: 'PUT',
      cookie: admin,
      body: {
        chef: 'Ktoś z panelu',
        shortDescription: 'Z panelu',
        defaultRestaurantSlug: 'pasta-fresca-warszawa-mokotow',
        showOnCompanyPortfolio: true,
        active: true,
      },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { chef: 'editedInTenantConfig', shortDescription: 'editedInTenantConfig' },
    });
    expect((await json<ShopConcept>(await call('/api/concepts/pasta-fresca'))).chef).toBe('Marco Bianchi');
  });

  it('keeps what the admin set of a brand across a restart', async () => {
    const admin = await asAdmin();
    const id = await conceptId('smash-club');
    const saved = await call(`/api/admin/concepts/${id}`, {
      method: 'PUT',
      cookie: admin,
      body: { defaultRestaurantSlug: 'smash-club-wroclaw-centrum', showOnCompanyPortfolio: false, active: true },
    });
    expect(saved.status).toBe(200);
    edit('smash-club', (config) => {
      config['name'] = 'Smash Club Burgers';
    });
    await restart();
    expect(await json<ShopConcept>(await call('/api/concepts/smash-club'))).toMatchObject({
      name: 'Smash Club Burgers',
      defaultRestaurant: 'smash-club-wroclaw-centrum',
      showOnCompanyPortfolio: false,
    });
    // The brand site asks for its menu by brand, on its own host, and gets the restaurant the admin chose.
    const menu = await call('/api/concepts/smash-club/menu', { host: 'smash-club.localhost' });
    expect(menu.status).toBe(200);
    expect((await json<{ slug: string }>(menu)).slug).toBe('smash-club-wroclaw-centrum');
  });

  it('adds a brand whose folder is new, following tenants/README.md: off until it has a restaurant, then its own', async () => {
    // Steps 1–2: copy a brand close to the new one and make it the new brand.
    cpSync(path.join(dir, 'taco-loco'), path.join(dir, 'zupa-dnia'), { recursive: true });
    edit('zupa-dnia', (config) => {
      Object.assign(config, {
        slug: 'zupa-dnia',
        domain: 'zupadnia.pl',
        name: 'Zupa Dnia',
        shortDescription: 'Codziennie inna zupa',
        description: 'Gotujemy jedną zupę dziennie, za to porządnie.',
        chef: 'Halina Wójcik',
        reviews: [],
      });
      delete config['texts'];
    });
    // Step 5: the check counts the new brand.
    expect(loadTenants(dir).map((t) => t.slug)).toContain('zupa-dnia');
    await restart();
    // A brand with no restaurant has no shop page and no menu yet, rather than empty ones.
    expect((await call('/api/concepts/zupa-dnia')).status).toBe(404);
    expect((await call('/api/concepts/zupa-dnia/menu', { host: 'zupa-dnia.localhost' })).status).toBe(404);
    const [row] = await ctx.database.db.select().from(concepts).where(eq(concepts.slug, 'zupa-dnia'));
    expect(row).toMatchObject({ name: 'Zupa Dnia', domain: 'zupadnia.pl', active: false, defaultRestaurantSlug: null });

    // Step 6: its restaurant in the admin, then its default restaurant, and it goes live.
    const admin = await asAdmin();
    const [location] = await ctx.database.db.select().from(locations).where(eq(locations.slug, 'wroclaw-centrum'));
    const restaurant = await call('/api/admin/restaurants', {
      method: 'POST',
      cookie: admin,
      body: {
        slug: 'zupa-dnia-wroclaw-centrum',
        name: 'Zupa Dnia Wrocław',
        conceptId: row!.id,
        locationId: location!.id,
        isEnabled: true,
        active: true,
        phone: '',
        about: 'Zupy na wynos.',
        deliveryValue: 599,
        minBasketValue: 2000,
        smallOrderThreshold: 3000,
        extraFee: 300,
        acceptanceMinutes: 10,
        preparationMinutes: 20,
        autoAccept: false,
        escalationMinutes: 5,
        hours: [{ day: 1, from: '10:00', to: '20:00' }],
      },
    });
    expect(restaurant.status).toBe(201);
    const live = await call(`/api/admin/concepts/${row!.id}`, {
      method: 'PUT',
      cookie: admin,
      body: { defaultRestaurantSlug: 'zupa-dnia-wroclaw-centrum', showOnCompanyPortfolio: true, active: true },
    });
    expect(live.status).toBe(200);

    const page = await json<ShopConcept>(await call('/api/concepts/zupa-dnia'));
    expect(page).toMatchObject({ name: 'Zupa Dnia', chef: 'Halina Wójcik', reviews: [] });
    expect(page.restaurants.map((r) => r.slug)).toEqual(['zupa-dnia-wroclaw-centrum']);
    // Its site's menu is its own restaurant's, not the copied brand's.
    const menu = await json<{ slug: string; name: string; categories: unknown[] }>(
      await call('/api/concepts/zupa-dnia/menu', { host: 'zupa-dnia.localhost' }),
    );
    expect(menu).toMatchObject({ slug: 'zupa-dnia-wroclaw-centrum', name: 'Zupa Dnia Wrocław', categories: [] });
  });
});

// The shop's concept pages are rendered by the built Astro bundle (decision 018).
describe.skipIf(!existsSync('dist/server/entry.mjs'))("the shop's brand page after a restart", () => {
  it("says what tenant.json says, shows the admin's default restaurant's menu and lists only the portfolio", async () => {
    const admin = await asAdmin();
    const saved = await call(`/api/admin/concepts/${await conceptId('smash-club')}`, {
      method: 'PUT',
      cookie: admin,
      body: { defaultRestaurantSlug: 'smash-club-wroclaw-centrum', showOnCompanyPortfolio: false, active: true },
    });
    expect(saved.status).toBe(200);
    edit('smash-club', (config) => {
      config['chef'] = 'Bartek Grill';
    });
    await restart();
    const smash = await (await call(pathFor('concept', 'pl', { slug: 'smash-club' }))).text();
    expect(smash).toContain('Bartek Grill');
    expect(smash).toContain('data-menu="/api/restaurants/smash-club-wroclaw-centrum"');
    const pasta = await (await call(pathFor('concept', 'pl', { slug: 'pasta-fresca' }))).text();
    expect(pasta).toContain('data-brand="sushi-kaizen"');
    expect(pasta).not.toContain('data-brand="smash-club"');
    // Hidden by the seed, as an operator would.
    expect(pasta).not.toContain('data-brand="green-bowl"');
  });
});
