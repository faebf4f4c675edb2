import type { Db, Tx } from '../client.ts';
import { artId } from '#domain/food-art.ts';
import { photoAddress } from '#domain/media.ts';
import { demoVatRate } from './legal-entities.ts';
import {
  countryConfigs,
  discountCodes,
  locations,
  menuCategories,
  menuItems,
  modifierGroups,
  modifierOptions,
  paymentOptions,
  restaurants,
  deliveryZones,
  users,
  workingHours,
} from '../schema/index.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { CHANNELS, isPaymentAvailable, type PaymentMethod } from '#domain/country.ts';
import type { UserRole } from '#domain/roles.ts';
import type { LocationTranslations, MenuTranslations, RestaurantTranslations } from '../schema/catalogue.ts';
import type { SeedLocation } from './places.ts';
import type { SeedMenu } from './menus.ts';
import type { BrandAllergens, SeedAllergens } from './allergens.ts';
import { LOCALES, type Locale } from '#domain/locales.ts';
import type { Country } from '#domain/money.ts';

// Shared by the seed and the tests: every row the tests need is made the way the seed makes it.
type Writer = Db | Tx;

export type Hours = { day: number; from: string; to: string }[];
export const everyDay = (from: string, to: string): Hours => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from, to }));

export async function insertLocation(
  db: Writer,
  location: Omit<SeedLocation, 'zips' | 'translations'> & { translations?: LocationTranslations },
) {
  const [row] = await db.insert(locations).values(location).returning();
  return row!;
}

/** A square of about ±5 km around a point, as a GeoJSON polygon ([lng, lat]). */
export function areaAround(
  latitude: number,
  longitude: number,
  km = 5,
): { type: 'Polygon'; coordinates: [number, number][][] } {
  const dLat = km / 111;
  const dLng = km / (111 * Math.cos((latitude * Math.PI) / 180));
  const r = (n: number) => Math.round(n * 1e5) / 1e5;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [r(longitude - dLng), r(latitude - dLat)],
        [r(longitude + dLng), r(latitude - dLat)],
        [r(longitude + dLng), r(latitude + dLat)],
        [r(longitude - dLng), r(latitude + dLat)],
        [r(longitude - dLng), r(latitude - dLat)],
      ],
    ],
  };
}

export type RestaurantInput = {
  slug: string;
  name: string;
  conceptId: number;
  locationId: number;
  hours: Hours;
  isEnabled?: boolean;
  deliveryValue?: number;
  minBasketValue?: number;
  smallOrderThreshold?: number;
  extraFee?: number;
  acceptanceMinutes?: number;
  preparationMinutes?: number;
  deliveryPolygon?: { type: 'Polygon'; coordinates: [number, number][][] } | null;
  deliveryZips?: string[];
  about?: string;
  /** The name and "About" text in the shop's other languages. */
  translations?: RestaurantTranslations;
  phone?: string;
};

/**
 * A restaurant with its hours and, when it has a polygon or zips, one delivery zone of them (decision 061) with the
 * restaurant's delivery fee and minimum.
 */
export async function insertRestaurant(db: Writer, input: RestaurantInput) {
  const { hours, deliveryPolygon, deliveryZips, ...values } = input;
  const [row] = await db.insert(restaurants).values(values).returning();
  if (hours.length > 0) await db.insert(workingHours).values(hours.map((h) => ({ ...h, restaurantId: row!.id })));
  if (deliveryPolygon || (deliveryZips && deliveryZips.length > 0)) {
    await db.insert(deliveryZones).values({
      restaurantId: row!.id,
      polygon: deliveryPolygon ?? null,
      zips: deliveryZips ?? [],
      deliveryValue: row!.deliveryValue,
      minBasketValue: row!.minBasketValue,
    });
  }
  return row!;
}

/** The shop's languages, as the URL and MenuTranslations name them. */
const SHOP_LANGUAGES = LOCALES;
type ShopLanguage = Locale;

/** How a seed menu's Polish text reads in each language of the shop (db/seed/menus-en.ts, db/seed/menus-uk.ts). */
export type MenuDictionary = Record<ShopLanguage, (polish: string) => string>;

/**
 * A seed menu into a restaurant; `priceScale` turns the PLN demo prices into another currency's minor units. With
 * a `dictionary`, the rows are written in `language` (Ukrainian for the restaurants in Ukraine, their customers'
 * language) and every other language of the shop goes into each row's `translations`: a Warsaw dish keeps its
 * Polish name and has its English and Ukrainian ones, a Kyiv dish its Polish and English ones.
 */
export async function insertMenu(
  db: Writer,
  restaurantId: number,
  menu: SeedMenu,
  priceScale = 1,
  texts?: { language: ShopLanguage; dictionary: MenuDictionary },
  /** The brand's allergens (db/seed/allergens.ts); a dish or option it leaves out has none given. */
  allergens?: BrandAllergens,
  /** Give every dish its drawn picture (server/domain/food-art.ts): an address only, drawn when first shown. */
  options: { photos?: boolean } = {},
) {
  const allergensOf = (given: SeedAllergens | undefined) =>
    given ? { allergens: given.contains, mayContain: given.mayContain } : {};
  const scale = (price: number) => Math.round((price * priceScale) / 100) * 100;
  const text = (polish: string) => (texts ? texts.dictionary[texts.language](polish) : polish);
  const others = SHOP_LANGUAGES.filter((language) => texts && language !== texts.language);
  const translations = (name: string, desc?: string): MenuTranslations =>
    Object.fromEntries(
      others.map((language) => {
        const inLanguage = texts!.dictionary[language];
        return [language, desc ? { name: inLanguage(name), desc: inLanguage(desc) } : { name: inLanguage(name) }];
      }),
    );
  let itemCount = 0;
  for (const [position, [categoryName, items]] of menu.categories.entries()) {
    const [category] = await db
      .insert(menuCategories)
      .values({ restaurantId, name: text(categoryName), translations: translations(categoryName), position })
      .returning();
    for (const [itemPosition, item] of items.entries()) {
      const unavailable = item.name.endsWith('*');
      const name = unavailable ? item.name.slice(0, -1) : item.name;
      const [menuItem] = await db
        .insert(menuItems)
        .values({
          restaurantId,
          categoryId: category!.id,
          name: text(name),
          description: text(item.desc ?? ''),
          translations: translations(name, item.desc),
          price: scale(item.price),
          resetPrices: item.build ?? false,
          unavailable,
          position: itemPosition,
          ...allergensOf(allergens?.items[name]),
          vatRate: demoVatRate(categoryName, name),
          photo: options.photos ? photoAddress({ kind: 'dish', id: artId(name, categoryName) }) : null,
        })
        .returning();
      itemCount += 1;
      for (const [groupPosition, key] of (item.groups ?? []).entries()) {
        const group = menu.groups[key];
        if (!group) throw new Error(`menu group ${key} is not defined`);
        const [groupRow] = await db
          .insert(modifierGroups)
          .values({
            menuItemId: menuItem!.id,
            name: text(group.name),
            translations: translations(group.name),
            required: group.required,
            min: group.min,
            max: group.max,
            position: groupPosition,
          })
          .returning();
        await db.insert(modifierOptions).values(
          group.options.map(([name, price], i) => ({
            groupId: groupRow!.id,
            name: text(name),
            translations: translations(name),
            price: scale(price),
            position: i,
            ...allergensOf(allergens?.options[key]?.[name]),
          })),
        );
      }
    }
  }
  return itemCount;
}

export type UserInput = {
  email: string;
  password: string;
  role?: UserRole;
  firstname?: string;
  lastname?: string;
  phone?: string;
  activated?: boolean;
};

export async function insertUser(db: Writer, input: UserInput) {
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash: await hashPassword(input.password),
      role: input.role ?? 'user',
      firstname: input.firstname ?? '',
      lastname: input.lastname ?? '',
      phone: input.phone ?? null,
      shopPolicies: true,
      restaurantPolicies: true,
      activatedAt: input.activated === false ? null : new Date(),
    })
    .returning();
  return row!;
}

export async function insertDiscountCode(
  db: Writer,
  input: {
    code: string;
    type: 'amount' | 'percentage' | 'freeDelivery';
    value: number;
    country?: Country;
    quantity: number;
    used?: number;
    active?: boolean;
  },
) {
  const [row] = await db.insert(discountCodes).values(input).returning();
  return row!;
}

const allDays = {
  mondayToFriday: { from: '00:00', to: '24:00' },
  saturday: { from: '00:00', to: '24:00' },
  sunday: { from: '00:00', to: '24:00' },
};

/** The channels a payment method is offered on, from the one rule in server/domain/country.ts. */
const channelsFor = (method: PaymentMethod, country: 'pl' | 'ua') =>
  CHANNELS.filter((channel) => isPaymentAvailable(method, channel, country));

/** Country rules and payment options; which channel may use which method follows spec section 6. */
export async function insertCountryConfigs(db: Writer) {
  await db.insert(countryConfigs).values([
    { country: 'pl', currency: 'PLN', serviceFee: 299, callCenterPhone: '+48 22 100 20 30' },
    { country: 'ua', currency: 'UAH', serviceFee: 1500, callCenterPhone: '+380 44 100 20 30' },
    { country: 'pt', currency: 'EUR', serviceFee: 99, callCenterPhone: '+351 21 100 20 30' },
  ]);
  await db.insert(paymentOptions).values([
    {
      country: 'pl',
      name: 'blik',
      group: 'online',
      subgroup: 'blik',
      translateKey: 'payment.blik',
      availableFor: channelsFor('blik', 'pl'),
      highlighted: true,
      availabilityHours: allDays,
      position: 0,
    },
    {
      country: 'pl',
      name: 'googlePay',
      group: 'online',
      subgroup: 'wallet',
      translateKey: 'payment.googlePay',
      availableFor: channelsFor('googlePay', 'pl'),
      availabilityHours: allDays,
      position: 1,
      config: {
        merchantId: 'BCR2DN4TWW3Y7ZQK',
        gateway: 'sandbox',
        gatewayMerchantId: 'marketplace-pl',
        paymentMethodSpecification: {
          type: 'CARD',
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: ['VISA', 'MASTERCARD'],
          },
        },
      },
    },
    {
      country: 'pl',
      name: 'fastTransfer',
      group: 'online',
      subgroup: 'transfer',
      translateKey: 'payment.fastTransfer',
      availableFor: channelsFor('fastTransfer', 'pl'),
      availabilityHours: allDays,
      position: 2,
    },
    {
      country: 'pl',
      name: 'cashOnDelivery',
      group: 'cash',
      translateKey: 'payment.cashOnDelivery',
      availableFor: channelsFor('cashOnDelivery', 'pl'),
      availabilityHours: allDays,
      position: 3,
    },
    {
      country: 'pl',
      name: 'cardOnDelivery',
      group: 'card',
      translateKey: 'payment.cardOnDelivery',
      availableFor: channelsFor('cardOnDelivery', 'pl'),
      availabilityHours: allDays,
      position: 4,
    },
    {
      country: 'ua',
      name: 'cashOnDelivery',
      group: 'cash',
      translateKey: 'payment.cashOnDelivery',
      availableFor: channelsFor('cashOnDelivery', 'ua'),
      highlighted: true,
      availabilityHours: allDays,
      position: 0,
    },
    {
      country: 'ua',
      name: 'cardOnDelivery',
      group: 'card',
      translateKey: 'payment.cardOnDelivery',
      availableFor: channelsFor('cardOnDelivery', 'ua'),
      availabilityHours: allDays,
      position: 1,
    },
  ]);
}
