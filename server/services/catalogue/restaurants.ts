import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '#db/client.ts';
import { concepts, locations, restaurants, workingHours } from '#db/schema/index.ts';
import type { LocationBody } from '#domain/admin-forms.ts';
import { timeZoneOf } from '#domain/country.ts';
import { restaurantState, type RestaurantState, type WorkingHours } from '#domain/hours.ts';
import { type Currency, countryOf, currencyOf } from '#domain/money.ts';
import type { Locale } from '#domain/locales.ts';

/** A location as the catalogue (and the basket) shows it: its id and every field the admin edits. */
export type LocationView = { id: number } & LocationBody;

/** A language of the shop's interface, as the URL and the `lang` query name it. */
export type ShopLanguage = Locale;

export type RestaurantSummary = {
  id: number;
  slug: string;
  name: string;
  concept: { slug: string; name: string; logo: string | null };
  location: LocationView;
  currency: Currency;
  hours: WorkingHours;
  state: RestaurantState;
  /** "Delivery from": the cheapest delivery zone's fee and the lowest minimum of its zones (decision 061). */
  deliveryValue: number;
  minBasketValue: number;
  preparationMinutes: number;
};

/**
 * A restaurant's cheapest delivery terms before the address is known (#domain/delivery-zones.ts cheapestTerms, here
 * in SQL beside the row): null for a restaurant without zones, which delivers nowhere.
 */
export const cheapestZoneSql = sql<CheapestZone | null>`(
  select json_build_object('deliveryValue', min(z.delivery_value), 'minBasketValue', min(z.min_basket_value))
  from delivery_zones z where z.restaurant_id = ${restaurants.id} having count(*) > 0)`.mapWith(
  (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as CheapestZone | null,
);
type CheapestZone = { deliveryValue: number; minBasketValue: number };

/**
 * The location's fields; its name, street and city in `language` where the data has them ("Kyiv" for "Київ" on an
 * English page), else as written. Without a language, exactly as the admin wrote them.
 */
export function locationView(l: typeof locations.$inferSelect, language?: ShopLanguage): LocationView {
  const texts = language ? l.translations[language] : undefined;
  return {
    id: l.id,
    slug: l.slug,
    name: texts?.name ?? l.name,
    street: texts?.street ?? l.street,
    no: l.no,
    zip: l.zip,
    city: texts?.city ?? l.city,
    citySlug: l.citySlug,
    country: countryOf(l.country),
    latitude: l.latitude,
    longitude: l.longitude,
    pickupEnabled: l.pickupEnabled,
    deliveryEnabled: l.deliveryEnabled,
    // Shown to every channel: a shop, an agent or a bot can offer the other brands cooked here for the same basket.
    sharedBaskets: l.sharedBaskets,
  };
}

const instantOf = (now: Date) => Temporal.Instant.fromEpochMilliseconds(now.getTime());

/** Working hours of many restaurants in one query, Sunday first. */
export async function hoursByRestaurant(db: Db, ids: number[]): Promise<Map<number, WorkingHours>> {
  const byId = new Map<number, WorkingHours>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = await db
    .select()
    .from(workingHours)
    .where(inArray(workingHours.restaurantId, ids))
    .orderBy(asc(workingHours.day), asc(workingHours.from));
  for (const row of rows)
    byId
      .get(row.restaurantId)
      ?.push({ day: row.day, from: row.from, to: row.to, date: row.date, service: row.service });
  return byId;
}

/** The state a customer sees: a disabled restaurant is "temporarily unavailable" whatever the clock says. */
export function stateOf(
  restaurant: { isEnabled: boolean },
  location: { country: string },
  hours: WorkingHours,
  now: Date,
): RestaurantState {
  return restaurantState(
    { isEnabled: restaurant.isEnabled, hours, timeZone: timeZoneOf(countryOf(location.country)) },
    instantOf(now),
  );
}

const STATE_ORDER: Record<RestaurantState['state'], number> = { open: 0, closed: 1, unavailable: 2 };

/** A restaurant's name in `language` where the data has it, else as written. */
export function restaurantName(
  r: Pick<typeof restaurants.$inferSelect, 'name' | 'translations'>,
  language: ShopLanguage | undefined,
): string {
  return (language && r.translations[language]?.name) || r.name;
}

/**
 * Restaurants customers may see (active, at a location not deleted, of an active concept), with their
 * state at `now`: open first, then closed, then temporarily unavailable; by name within each. Names and
 * addresses are in `language` where the data has them.
 */
export async function restaurantSummaries(
  db: Db,
  where: SQL | undefined,
  now: Date,
  language?: ShopLanguage,
): Promise<RestaurantSummary[]> {
  const rows = await db
    .select({ restaurant: restaurants, location: locations, concept: concepts, delivery: cheapestZoneSql })
    .from(restaurants)
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .where(and(eq(restaurants.active, true), eq(locations.deleted, false), eq(concepts.active, true), where))
    .orderBy(asc(restaurants.name));
  const hours = await hoursByRestaurant(
    db,
    rows.map((r) => r.restaurant.id),
  );
  return rows
    .map(({ restaurant: r, location: l, concept: c, delivery }): RestaurantSummary => {
      const h = hours.get(r.id) ?? [];
      return {
        id: r.id,
        slug: r.slug,
        name: restaurantName(r, language),
        concept: { slug: c.slug, name: c.name, logo: c.logo },
        location: locationView(l, language),
        currency: currencyOf(countryOf(l.country)),
        hours: h,
        state: stateOf(r, l, h, now),
        deliveryValue: delivery?.deliveryValue ?? r.deliveryValue,
        minBasketValue: delivery?.minBasketValue ?? r.minBasketValue,
        preparationMinutes: r.preparationMinutes,
      };
    })
    .sort((a, b) => STATE_ORDER[a.state.state] - STATE_ORDER[b.state.state]);
}
