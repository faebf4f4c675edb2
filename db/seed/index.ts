import { eq, sql } from 'drizzle-orm';
import { demoLegalEntities } from './legal-entities.ts';
import { queryRows, type Db, type Tx } from '../client.ts';
import { concepts, locations, restaurants, userKitchens, users } from '../schema/index.ts';
import { loadTenants } from '../../tenants/index.ts';
import type { Tenant } from '../../tenants/schema.ts';
import type { RestaurantTranslations } from '../schema/catalogue.ts';
import { menus } from './menus.ts';
import { seedAllergens } from './allergens.ts';
import { insertKitchenIngredients } from './ingredients.ts';
import { inEnglish } from './menus-en.ts';
import { inUkrainian } from './menus-uk.ts';
import {
  type SeedLocation,
  demoDefaultRestaurant,
  hiddenFromPortfolio,
  seedLocations,
  seedRestaurants,
  sharedBasketLocations,
} from './places.ts';
import { syncTenants } from './tenants.ts';
import { shareSeedGroups, sharedSeedGroups } from './brand-groups.ts';
import {
  areaAround,
  everyDay,
  insertCountryConfigs,
  insertDiscountCode,
  insertLocation,
  insertMenu,
  insertRestaurant,
  insertUser,
  type Hours,
  type MenuDictionary,
} from './factories.ts';
import type { Locale } from '#domain/locales.ts';

/** The demo menus' Polish in each language of the shop: every text has all three (db/seed/seed-texts.test.ts). */
export const menuDictionary: MenuDictionary = { pl: (polish) => polish, en: inEnglish, ua: inUkrainian };

/**
 * A demo restaurant's name and "About" text in each language of the shop: the brand's name with the location's
 * name in that language, and the brand's description in that language (tenants/<slug>/tenant.json `texts`).
 */
export function restaurantTexts(
  tenant: Tenant,
  location: SeedLocation,
): Record<keyof RestaurantTranslations, { name: string; about: string }> {
  const text = (language: Locale) => ({
    name: `${tenant.name} ${location.translations[language]?.name ?? location.name}`,
    about: language === 'pl' ? tenant.description : (tenant.texts?.[language]?.description ?? tenant.description),
  });
  return { pl: text('pl'), en: text('en'), ua: text('ua') };
}

/** The demo logins, also listed in the README: their passwords are public, so they exist only when asked for. */
export const demoUsers = [
  { email: 'admin@example.com', password: 'admin-demo-2026', role: 'admin', firstname: 'Anna', lastname: 'Adminowska' },
  {
    email: 'callcenter@example.com',
    password: 'cc-demo-2026',
    role: 'callCenter',
    firstname: 'Celina',
    lastname: 'Telefoniczna',
    phone: '501234567',
  },
  {
    email: 'kitchen@example.com',
    password: 'kitchen-demo-2026',
    role: 'kitchenStaff',
    firstname: 'Kamil',
    lastname: 'Kucharski',
    kitchens: ['warszawa-mokotow'],
  },
  {
    email: 'manager@example.com',
    password: 'manager-demo-2026',
    role: 'kitchenManager',
    firstname: 'Maria',
    lastname: 'Kierownik',
    kitchens: ['warszawa-mokotow', 'warszawa-wola'],
  },
  {
    email: 'user@example.com',
    password: 'user-demo-2026',
    role: 'user',
    firstname: 'Jan',
    lastname: 'Kowalski',
    phone: '600700800',
  },
] as const;

// Exceptions to the usual 10:00–22:00 that the demo data should show.
const specialHours: Record<string, Hours> = {
  // Open around the clock: '24:00' ends each day, so no minute before midnight is closed.
  'pasta-fresca-warszawa-mokotow': everyDay('00:00', '24:00'),
  // Mokotów's other brands keep its kitchen's hours, so a family's shared basket can be ordered at any hour.
  'pierogi-babci-warszawa-mokotow': everyDay('00:00', '24:00'),
  'sushi-kaizen-warszawa-mokotow': everyDay('00:00', '24:00'),
  // Ukraine's around-the-clock kitchen: the demo (and the tests ordering in Ukraine) can order in hryvnias at any
  // hour, not only between 10:00 and 22:00 in Kyiv.
  'bao-house-kyiv-podil': everyDay('00:00', '24:00'),
  // Open past midnight on Friday and Saturday nights.
  'smash-club-warszawa-mokotow': [
    ...everyDay('12:00', '23:00').filter((h) => h.day !== 5 && h.day !== 6),
    { day: 5, from: '12:00', to: '02:00' },
    { day: 6, from: '12:00', to: '02:00' },
  ],
  // Closed on Mondays.
  'pierogi-babci-krakow-kazimierz': everyDay('11:00', '21:00').filter((h) => h.day !== 1),
};
const disabledRestaurants = new Set(['pierogi-babci-warszawa-wola']);

export type SeedResult = {
  /** Country rules and payment options: what every database needs, production too. */
  reference: 'seeded' | 'skipped';
  /** Demo restaurants with menus, demo logins and discount codes: only when asked, only into an empty shop. */
  demo: 'seeded' | 'skipped' | 'not asked';
};

/**
 * Runs at every start, in one transaction: loads the brands of tenants/ (`tenants`, every valid config by default)
 * into the concepts table (db/seed/tenants.ts, decision 043), seeds the reference data into a database without
 * it, and the demo data when `demo` is asked for and the database has neither restaurants nor users (demo logins
 * never join real accounts). Running it twice changes nothing, and a failure half-way leaves nothing behind.
 * Decision 009 says why production gets no demo data.
 */
export async function seedDatabase(
  db: Db,
  options: { demo: boolean; tenants?: readonly Tenant[] },
): Promise<SeedResult> {
  const tenants = options.tenants ?? loadTenants();
  return db.transaction(async (tx) => {
    // One seeder at a time, even when several processes start together.
    await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(concepts);
    let reference: SeedResult['reference'] = 'skipped';
    if ((existing?.n ?? 0) === 0) {
      await insertCountryConfigs(tx);
      reference = 'seeded';
    }
    await syncTenants(tx, tenants);
    if (!options.demo) return { reference, demo: 'not asked' };
    const [inUse] = await queryRows<{ n: number }>(
      tx,
      sql`select (select count(*) from ${restaurants})::int + (select count(*) from ${users})::int as n`,
    );
    if ((inUse?.n ?? 0) > 0) return { reference, demo: 'skipped' };
    await seedDemo(tx, tenants);
    return { reference, demo: 'seeded' };
  });
}

async function seedDemo(tx: Tx, tenants: readonly Tenant[]): Promise<void> {
  const conceptIds = new Map(
    (await tx.select({ id: concepts.id, slug: concepts.slug }).from(concepts)).map((c) => [c.slug, c.id]),
  );
  const locationRows = new Map<string, SeedLocation & { id: number }>();
  for (const { zips, ...location } of seedLocations) {
    const row = await insertLocation(tx, location);
    locationRows.set(location.slug, { ...location, zips, id: row.id });
    if (sharedBasketLocations.has(location.slug))
      await tx.update(locations).set({ sharedBaskets: true }).where(eq(locations.id, row.id));
  }
  const seeded: { conceptSlug: string; id: number; currency: string; written: (polish: string) => string }[] = [];
  for (const [conceptSlug, locationSlug] of seedRestaurants) {
    const location = locationRows.get(locationSlug)!;
    const tenant = tenants.find((t) => t.slug === conceptSlug)!;
    const slug = `${conceptSlug}-${locationSlug}`;
    const ua = location.country === 'ua';
    // Written in the customers' language of the restaurant's country; the other languages are its translations.
    const language = ua ? 'ua' : 'pl';
    const texts = restaurantTexts(tenant, location);
    const written = texts[language];
    const translations = ua ? { pl: texts.pl, en: texts.en } : { en: texts.en, ua: texts.ua };
    const restaurant = await insertRestaurant(tx, {
      slug,
      name: written.name,
      conceptId: conceptIds.get(conceptSlug)!,
      locationId: location.id,
      hours: specialHours[slug] ?? everyDay('10:00', '22:00'),
      isEnabled: !disabledRestaurants.has(slug),
      deliveryValue: ua ? 6000 : 799,
      minBasketValue: ua ? 25000 : 3000,
      smallOrderThreshold: ua ? 40000 : 5000,
      extraFee: ua ? 3000 : 499,
      acceptanceMinutes: 10,
      preparationMinutes: 25 + (slug.length % 4) * 5,
      deliveryPolygon: areaAround(location.latitude, location.longitude),
      deliveryZips: location.zips,
      about: written.about,
      translations,
      phone: ua ? '0441002030' : '221002030',
    });
    // Ukrainian restaurants' menus are in Ukrainian, their customers' language (Polish and English kept as
    // translations); the Polish restaurants' menus have their English and Ukrainian.
    await insertMenu(
      tx,
      restaurant.id,
      menus[conceptSlug]!,
      ua ? 10 : 1,
      { language, dictionary: menuDictionary },
      seedAllergens[conceptSlug],
      { photos: true },
    );
    seeded.push({ conceptSlug, id: restaurant.id, currency: ua ? 'UAH' : 'PLN', written: menuDictionary[language] });
  }
  // Groups the brand offers on many dishes become its shared groups (decision 058), as an operator would make them.
  for (const [conceptSlug, keys] of Object.entries(sharedSeedGroups)) {
    const brandRestaurants = seeded.filter((r) => r.conceptSlug === conceptSlug);
    if (brandRestaurants.length === 0) continue;
    await shareSeedGroups(tx, conceptIds.get(conceptSlug)!, menus[conceptSlug]!, keys, brandRestaurants);
  }
  await insertKitchenIngredients(tx);
  // What an operator does in the admin once a brand has restaurants: its first one's menu is the brand site's, and
  // it goes live.
  for (const conceptSlug of new Set(seedRestaurants.map(([concept]) => concept))) {
    await tx
      .update(concepts)
      .set({
        active: true,
        defaultRestaurantSlug: demoDefaultRestaurant(conceptSlug),
        showOnCompanyPortfolio: !hiddenFromPortfolio.has(conceptSlug),
        legalEntity: demoLegalEntities[conceptSlug] ?? null,
      })
      .where(eq(concepts.slug, conceptSlug));
  }
  await insertDiscountCode(tx, { code: 'WITAJ10', type: 'percentage', value: 10, quantity: 10000 });
  await insertDiscountCode(tx, { code: 'MINUS15', type: 'amount', value: 1500, quantity: 500 });
  await insertDiscountCode(tx, { code: 'DOSTAWA0', type: 'freeDelivery', value: 0, quantity: 1000 });
  await insertDiscountCode(tx, {
    code: 'ZIMA2025',
    type: 'percentage',
    value: 20,
    quantity: 100,
    used: 12,
    active: false,
  });
  await insertDiscountCode(tx, { code: 'OSTATNI', type: 'amount', value: 2000, quantity: 50, used: 49 });
  await insertDiscountCode(tx, { code: 'KYIV100', type: 'amount', value: 10000, country: 'ua', quantity: 1000 });
  for (const user of demoUsers) {
    const row = await insertUser(tx, user);
    if ('kitchens' in user) {
      await tx
        .insert(userKitchens)
        .values(user.kitchens.map((slug) => ({ userId: row.id, locationId: locationRows.get(slug)!.id })));
    }
  }
}
