import { Temporal } from 'temporal-polyfill';
import { type KitchenNow, kitchenNow } from '#domain/kitchen-settings.ts';
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  concepts,
  locations,
  menuCategories,
  menuItems,
  modifierGroups,
  modifierOptions,
  restaurants,
} from '#db/schema/index.ts';
import type { MenuTranslations, RestaurantTranslations } from '#db/schema/catalogue.ts';
import type { RestaurantState, WorkingHours } from '#domain/hours.ts';
import { type Currency, countryOf, currencyOf } from '#domain/money.ts';
import { stripEmoji } from '#domain/orders.ts';
import { allergenInfoOf, type AllergenInfo } from '#domain/allergens.ts';
import {
  cheapestZoneSql,
  hoursByRestaurant,
  locationView,
  restaurantName,
  stateOf,
  type LocationView,
} from './restaurants.ts';
import type { AppDeps } from '#server/context.ts';
import type { Locale } from '#domain/locales.ts';
import { windowOf, type AvailabilityWindow } from '#domain/menu-windows.ts';

/** `allergens` is null when the restaurant has not given them (the shop says "ask the restaurant"). */
export type MenuOption = { id: number; name: string; price: number; unavailable: boolean; allergens: AllergenInfo };
export type MenuGroup = {
  id: number;
  name: string;
  required: boolean;
  min: number;
  max: number;
  options: MenuOption[];
};
export type MenuItem = {
  id: number;
  name: string;
  desc: string;
  price: number;
  photo: string | null;
  resetPrices: boolean;
  unavailable: boolean;
  allergens: AllergenInfo;
  groups: MenuGroup[];
  /**
   * Served only inside these windows of the restaurant's day (issue 38: its category's and its own, all must hold);
   * left out when always. The basket refuses the dish outside them (productUnavailable).
   */
  availability?: AvailabilityWindow[];
};
export type MenuCategory = { id: number; name: string; items: MenuItem[] };

export type RestaurantDetail = {
  id: number;
  slug: string;
  name: string;
  about: string;
  phone: string | null;
  concept: { slug: string; name: string };
  location: LocationView;
  currency: Currency;
  hours: WorkingHours;
  state: RestaurantState;
  deliveryValue: number;
  minBasketValue: number;
  smallOrderThreshold: number;
  extraFee: number;
  preparationMinutes: number;
  /** The kitchen now (issue 34): the preparation time with busy mode's extra minutes, and whether it pauses. */
  kitchen: KitchenNow;
  categories: MenuCategory[];
};

type Row = {
  id: number;
  slug: string;
  name: string;
  about: string;
  translations: RestaurantTranslations;
  phone: string | null;
  isEnabled: boolean;
  deliveryValue: number;
  minBasketValue: number;
  /** The cheapest delivery zone's fee and lowest minimum (decision 061); null without zones. */
  delivery: { deliveryValue: number; minBasketValue: number } | null;
  smallOrderThreshold: number;
  extraFee: number;
  preparationMinutes: number;
  version: string;
  location: typeof locations.$inferSelect;
  conceptSlug: string;
  conceptName: string;
};

/** Only busy mode counts for what the page shows; the settings are place-order's. */
const KITCHEN_DEFAULTS = {
  slotOrders: null,
  slotItems: null,
  preOrdersWhileClosed: false,
  horizonDays: 0,
  deliveryMinutes: 0,
};

/** What a restaurant's menu is built from; cached per process under the restaurant's menu version. */
export type CachedMenu = {
  /** restaurants.updated_at as text (microseconds): a database trigger moves it on every menu or hours write. */
  version: string;
  hours: WorkingHours;
  categories: MenuCategory[];
  /**
   * JSON.stringify(categories) as UTF-8, made once per version rather than once per request: encoding the
   * menu's text for every answer was the largest part of serving it.
   */
  categoriesJson: Uint8Array;
  /** A digest of categoriesJson, so an ETag of the whole answer needs no hashing of the menu per request. */
  categoriesTag: string;
  /**
   * The menu's texts in other languages, by row ('c' category, 'i' item, 'g' group, 'o' option, and its id):
   * only rows that have any, so a menu written in one language costs nothing here.
   */
  translations: Map<string, MenuTranslations>;
};

/** A language of the shop's interface, as the URL and the `lang` cookie name it. */
export type MenuLanguage = Locale;

/** The parts of a menu an answer is made of, in one language. */
export type MenuInLanguage = Pick<CachedMenu, 'categories' | 'categoriesJson' | 'categoriesTag'>;

/** A restaurant page: everything but the menu is read (and the state computed) per request. */
export type RestaurantPage = { head: Omit<RestaurantDetail, 'categories'>; menu: CachedMenu };

// Per database handle (tests open many), per restaurant: the latest menu built, or being built. Bounded by the
// number of restaurants. Correct across N processes because every process checks the version on each request.
const menuCaches = new WeakMap<Db, Map<number, Promise<CachedMenu>>>();

function restaurantQuery(db: Db, byId: boolean) {
  return db
    .select({
      id: restaurants.id,
      slug: restaurants.slug,
      name: restaurants.name,
      about: restaurants.about,
      translations: restaurants.translations,
      phone: restaurants.phone,
      isEnabled: restaurants.isEnabled,
      deliveryValue: restaurants.deliveryValue,
      minBasketValue: restaurants.minBasketValue,
      delivery: cheapestZoneSql,
      smallOrderThreshold: restaurants.smallOrderThreshold,
      extraFee: restaurants.extraFee,
      preparationMinutes: restaurants.preparationMinutes,
      version: sql<string>`${restaurants.updatedAt}::text`,
      location: locations,
      conceptSlug: concepts.slug,
      conceptName: concepts.name,
    })
    .from(restaurants)
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .where(
      and(
        byId ? eq(restaurants.id, sql.placeholder('key')) : eq(restaurants.slug, sql.placeholder('key')),
        eq(restaurants.active, true),
        eq(locations.deleted, false),
        eq(concepts.active, true),
      ),
    )
    .prepare(byId ? 'restaurant_page_by_id' : 'restaurant_page_by_slug');
}

type RowReader = {
  byId: ReturnType<typeof restaurantQuery>;
  bySlug: ReturnType<typeof restaurantQuery>;
  inFlight: Map<string, Promise<Row[]>>;
};
const rowReaders = new WeakMap<Db, RowReader>();

/**
 * The restaurant's row (with its location, concept and menu version). The query is built once per database
 * handle, and requests for the same restaurant that arrive while its query is on the way share that query's
 * answer: under load, one round trip serves every concurrent reader of a restaurant page. The answer is never
 * older than the moment the shared query started (a public answer that says max-age=60 anyway).
 */
function restaurantRow(db: Db, idOrSlug: string): Promise<Row[]> {
  let reader = rowReaders.get(db);
  if (!reader) {
    reader = { byId: restaurantQuery(db, true), bySlug: restaurantQuery(db, false), inFlight: new Map() };
    rowReaders.set(db, reader);
  }
  const { inFlight } = reader;
  const pending = inFlight.get(idOrSlug);
  if (pending) return pending;
  const byId = /^\d{1,9}$/.test(idOrSlug);
  const query = (byId ? reader.byId : reader.bySlug).execute({ key: byId ? Number(idOrSlug) : idOrSlug });
  inFlight.set(idOrSlug, query);
  const done = () => {
    inFlight.delete(idOrSlug);
  };
  query.then(done, done);
  return query;
}

/**
 * The menu of one restaurant in a fixed number of queries (hours, categories, items, groups, options), whatever
 * its size: groups and options are selected by the restaurant through joins, not by lists of ids.
 */
async function loadMenu(db: Db, restaurantId: number, version: string): Promise<CachedMenu> {
  const [hoursMap, categoryRows, itemRows, groupRows, optionRows] = await Promise.all([
    hoursByRestaurant(db, [restaurantId]),
    db
      .select()
      .from(menuCategories)
      .where(and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.active, true)))
      .orderBy(asc(menuCategories.position), asc(menuCategories.id)),
    db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.active, true)))
      .orderBy(asc(menuItems.position), asc(menuItems.id)),
    db
      .select({ group: modifierGroups })
      .from(modifierGroups)
      .innerJoin(menuItems, eq(menuItems.id, modifierGroups.menuItemId))
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.active, true)))
      .orderBy(asc(modifierGroups.position), asc(modifierGroups.id)),
    db
      .select({ option: modifierOptions })
      .from(modifierOptions)
      .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
      .innerJoin(menuItems, eq(menuItems.id, modifierGroups.menuItemId))
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.active, true)))
      .orderBy(asc(modifierOptions.position), asc(modifierOptions.id)),
  ]);

  // Names as every screen shows them, without emoji (stripEmoji, server/domain/orders.ts): stripped here once per
  // menu version, so the restaurant page, the brand sites, the call centre, the bot and the basket (priced.ts) all
  // answer the same name and no island needs the rule.
  const translations = new Map<string, MenuTranslations>();
  const remember = (key: string, texts: MenuTranslations) => {
    if (Object.keys(texts).length === 0) return;
    const shown: MenuTranslations = {};
    for (const [language, text] of Object.entries(texts) as [
      keyof MenuTranslations,
      NonNullable<MenuTranslations['pl']>,
    ][])
      shown[language] = text.name === undefined ? text : { ...text, name: stripEmoji(text.name) };
    translations.set(key, shown);
  };
  for (const c of categoryRows) remember(`c${c.id}`, c.translations);
  for (const i of itemRows) remember(`i${i.id}`, i.translations);
  for (const { group: g } of groupRows) remember(`g${g.id}`, g.translations);
  for (const { option: o } of optionRows) remember(`o${o.id}`, o.translations);

  const optionsByGroup = new Map<number, MenuOption[]>();
  for (const { option: o } of optionRows) {
    const list = optionsByGroup.get(o.groupId) ?? [];
    list.push({
      id: o.id,
      name: stripEmoji(o.name),
      price: o.price,
      unavailable: o.unavailable || o.ingredientsOut,
      allergens: allergenInfoOf(o),
    });
    optionsByGroup.set(o.groupId, list);
  }
  const groupsByItem = new Map<number, MenuGroup[]>();
  for (const { group: g } of groupRows) {
    const list = groupsByItem.get(g.menuItemId) ?? [];
    list.push({
      id: g.id,
      name: stripEmoji(g.name),
      required: g.required,
      min: g.min,
      max: g.max,
      options: optionsByGroup.get(g.id) ?? [],
    });
    groupsByItem.set(g.menuItemId, list);
  }
  const categoryWindows = new Map(categoryRows.map((c) => [c.id, windowOf(c)]));
  const itemsByCategory = new Map<number, MenuItem[]>();
  for (const i of itemRows) {
    const list = itemsByCategory.get(i.categoryId) ?? [];
    const windows = [categoryWindows.get(i.categoryId) ?? null, windowOf(i)].filter((w) => w !== null);
    list.push({
      id: i.id,
      name: stripEmoji(i.name),
      desc: i.description,
      price: i.price,
      photo: i.photo,
      resetPrices: i.resetPrices,
      unavailable: i.unavailable || i.ingredientsOut,
      allergens: allergenInfoOf(i),
      groups: groupsByItem.get(i.id) ?? [],
      ...(windows.length > 0 ? { availability: windows } : {}),
    });
    itemsByCategory.set(i.categoryId, list);
  }
  // A category whose items are all switched off has nothing to show.
  const categories = categoryRows
    .map((cat) => ({ id: cat.id, name: stripEmoji(cat.name), items: itemsByCategory.get(cat.id) ?? [] }))
    .filter((cat) => cat.items.length > 0);
  const categoriesJson = JSON.stringify(categories);
  return {
    version,
    hours: hoursMap.get(restaurantId) ?? [],
    categories,
    categoriesJson: Buffer.from(categoriesJson),
    categoriesTag: createHash('sha256').update(categoriesJson).digest('base64url'),
    translations,
  };
}

const inLanguage = new WeakMap<CachedMenu, Map<MenuLanguage, MenuInLanguage>>();

/**
 * The menu with its names and descriptions in `language` where the data has them, else as written. Built once per
 * menu version and language; a menu with no translations is itself in every language.
 */
export function menuIn(menu: CachedMenu, language: MenuLanguage | undefined): MenuInLanguage {
  if (!language || menu.translations.size === 0) return menu;
  let byLanguage = inLanguage.get(menu);
  if (!byLanguage) {
    byLanguage = new Map();
    inLanguage.set(menu, byLanguage);
  }
  const known = byLanguage.get(language);
  if (known) return known;
  const text = (key: string) => menu.translations.get(key)?.[language];
  const categories = menu.categories.map((c) => ({
    ...c,
    name: text(`c${c.id}`)?.name ?? c.name,
    items: c.items.map((i) => ({
      ...i,
      name: text(`i${i.id}`)?.name ?? i.name,
      desc: text(`i${i.id}`)?.desc ?? i.desc,
      groups: i.groups.map((g) => ({
        ...g,
        name: text(`g${g.id}`)?.name ?? g.name,
        options: g.options.map((o) => ({ ...o, name: text(`o${o.id}`)?.name ?? o.name })),
      })),
    })),
  }));
  const json = JSON.stringify(categories);
  const built = {
    categories,
    categoriesJson: Buffer.from(json),
    categoriesTag: createHash('sha256').update(json).digest('base64url'),
  };
  byLanguage.set(language, built);
  return built;
}

/**
 * The restaurant's state at `now`, remembered for the rest of the current second. Working hours have whole-second
 * ends and open/closed are exclusive at both ends, so the state can only change exactly on a whole second: inside
 * one (not on its first millisecond, which is computed afresh) the answer is the same for every request.
 */
function stateNow(
  menu: CachedMenu,
  restaurant: { isEnabled: boolean },
  location: { country: string },
  now: Date,
): RestaurantState {
  const ms = now.getTime();
  if (ms % 1000 === 0) return stateOf(restaurant, location, menu.hours, now);
  const key = `${Math.floor(ms / 1000)}|${restaurant.isEnabled}|${location.country}`;
  const memo = stateMemos.get(menu);
  if (memo?.key === key) return memo.state;
  const state = stateOf(restaurant, location, menu.hours, now);
  stateMemos.set(menu, { key, state });
  return state;
}
const stateMemos = new WeakMap<CachedMenu, { key: string; state: RestaurantState }>();

/** The menu for this version: from the process cache, or built once however many requests ask at the same time. */
async function menuOf(db: Db, restaurantId: number, version: string): Promise<CachedMenu> {
  let cache = menuCaches.get(db);
  if (!cache) {
    cache = new Map();
    menuCaches.set(db, cache);
  }
  const cached = cache.get(restaurantId);
  if (cached) {
    const menu = await cached.catch(() => null);
    if (menu?.version === version) return menu;
  }
  const loading = loadMenu(db, restaurantId, version);
  cache.set(restaurantId, loading);
  // A failed build is not remembered; the next request tries again.
  loading.catch(() => {
    if (cache.get(restaurantId) === loading) cache.delete(restaurantId);
  });
  return loading;
}

/**
 * A restaurant with its menu: active categories and active items only (spec section 3), in their
 * positions; an item the kitchen ran out of stays listed, marked unavailable. `idOrSlug` is the
 * numeric id or the slug, since brand sites link by slug and older links by id.
 *
 * One query per request reads the restaurant, its location, its concept and its menu version; the menu itself
 * comes from the process cache unless the version moved. The state is computed from `now` every time. The
 * restaurant's name, "About" text and address are in `language` where the data has them, else as written (the
 * menu's language is menuIn's).
 */
export async function getRestaurantPage(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { idOrSlug, language }: { idOrSlug: string; language?: MenuLanguage },
): Promise<RestaurantPage | null> {
  const now = clock();
  const [r] = await restaurantRow(db, idOrSlug);
  if (!r) return null;
  const menu = await menuOf(db, r.id, r.version);
  const l = r.location;
  return {
    head: {
      id: r.id,
      slug: r.slug,
      name: restaurantName(r, language),
      about: (language && r.translations[language]?.about) || r.about,
      phone: r.phone,
      concept: { slug: r.conceptSlug, name: r.conceptName },
      location: locationView(l, language),
      currency: currencyOf(countryOf(l.country)),
      hours: menu.hours,
      state: stateNow(menu, r, l, now),
      // "Delivery from" (decision 061): the cheapest zone's; the address's zone prices the basket.
      deliveryValue: r.delivery?.deliveryValue ?? r.deliveryValue,
      minBasketValue: r.delivery?.minBasketValue ?? r.minBasketValue,
      smallOrderThreshold: r.smallOrderThreshold,
      extraFee: r.extraFee,
      preparationMinutes: r.preparationMinutes,
      kitchen: kitchenNow(
        { ...KITCHEN_DEFAULTS, busy: l.busy ?? null },
        r.preparationMinutes,
        Temporal.Instant.fromEpochMilliseconds(now.getTime()),
      ),
    },
    menu,
  };
}

/** The same answer as one object (for callers that want the data rather than the cached JSON). */
export async function getRestaurant(
  ctx: Pick<AppDeps, 'db' | 'now'>,
  { idOrSlug, language }: { idOrSlug: string; language?: MenuLanguage },
): Promise<RestaurantDetail | null> {
  const page = await getRestaurantPage(ctx, { idOrSlug, language });
  return page ? { ...page.head, categories: menuIn(page.menu, language).categories } : null;
}
