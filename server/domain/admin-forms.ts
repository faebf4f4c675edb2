import { type } from 'arktype';
import { isKitchenRole, USER_ROLES } from './roles.ts';
import { EDITED_IN_TENANT_CONFIG, isTenantColumn } from './brand-fields.ts';
import { MAX_PREPARATION_MINUTES, MIN_PREPARATION_MINUTES } from './staff-actions.ts';
import { countryType, localeType } from './list-types.ts';

/**
 * The bodies of the admin's add and edit forms (issue 16), one arktype type per entity. The API validates the
 * request with them and the islands' admin forms check the same types before sending (createAdminForm), so a field's
 * rule is written once. Money is in minor units (grosze, kopiyky), as the database keeps it.
 * Optional texts arrive as '' when left blank; the services store null for them. The routes drop keys a type does not
 * name (`.onUndeclaredKey('delete')`), so a form sending back a row it loaded (id, createdAt…) writes only the
 * fields; the types themselves stay open, so the islands can extend them for their forms.
 */

const country = countryType;
const slug = type(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).and('string <= 80');
const required = (max: number) => type('string > 0').and(`string <= ${max}`);
const optional = (max: number) => type(`string <= ${max}`);
const money = type('0 <= number.integer <= 100000000');

/**
 * An image's address as the admin types it: blank, a path on this site (`/logos/smash-club.svg`) or an https://
 * address. Nothing else reaches an `src` or `href`: not `javascript:`, `data:`, `http:` nor `//other.host`.
 */
export const imageAddress = type(/^(?:$|\/(?![/\\])\S*$|https:\/\/[^\s/?#]+(?:[/?#]\S*)?$)/).and('string <= 300');

/** An id in a path: a positive serial. */
export const serialIdParam = type({ id: /^[1-9][0-9]{0,9}$/ });

/**
 * What the admin changes of a concept: only what operators run (decision 043). The brand's texts, pictures, links
 * and domain are written in tenants/<slug>/tenant.json and loaded at every start; a body naming one of them is
 * refused field by field (editedInTenantConfig), so nobody believes a change was kept that the next start undoes.
 */
export const conceptBody = type({
  defaultRestaurantSlug: optional(80),
  showOnCompanyPortfolio: 'boolean',
  active: 'boolean',
  // The seller (issue 36), the operators' data: all empty names none; checked whole by legalEntityProblems.
  'legalEntity?': {
    code: optional(10),
    name: optional(200),
    street: optional(200),
    zip: optional(12),
    city: optional(100),
    taxId: optional(20),
    register: optional(100),
  },
}).narrow((body, ctx) => {
  const marketers = Object.keys(body).filter(isTenantColumn);
  for (const key of marketers) ctx.reject({ path: [key], expected: EDITED_IN_TENANT_CONFIG, actual: '' });
  return marketers.length === 0;
});
export type ConceptBody = typeof conceptBody.infer;

export const locationBody = type({
  slug,
  name: required(100),
  street: required(200),
  no: required(20),
  zip: required(12),
  city: required(100),
  citySlug: slug,
  country,
  latitude: '-90 <= number <= 90',
  longitude: '-180 <= number <= 180',
  pickupEnabled: 'boolean',
  deliveryEnabled: 'boolean',
  /**
   * One basket for every brand cooked here (issue 35, decision 066). Optional so that older callers keep working: a
   * new location without it does not share (the column's default), an edit without it leaves the setting as it is.
   */
  'sharedBaskets?': 'boolean',
});
export type LocationBody = typeof locationBody.infer;

/** A kitchen's capacity settings (issue 34, on its location); null slot limits are no limit. */
export const kitchenSettingsBody = type({
  slotOrders: '1 <= number.integer <= 1000 | null',
  slotItems: '1 <= number.integer <= 10000 | null',
  preOrdersWhileClosed: 'boolean',
  horizonDays: '0 <= number.integer <= 14',
  deliveryMinutes: '0 <= number.integer <= 240',
});
export type KitchenSettingsBody = typeof kitchenSettingsBody.infer;

const time = type(/^([01][0-9]|2[0-3]):[0-5][0-9]$/);
const endTime = type(/^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/);
const calendarDay = type(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/).narrow((text, ctx) =>
  new Date(`${text}T00:00:00Z`).getUTCDate() === Number(text.slice(8, 10))
    ? true
    : ctx.reject({ expected: 'a calendar day' }),
);
/**
 * One opening range (0 = Sunday … 6 = Saturday); `to` before `from` runs past midnight, '24:00' ends the day. A day
 * may have several (split shifts). Issue 38: with a `date`, a special day's range (its `day` is taken from the date;
 * '00:00'–'00:00' closes the date); with a `service`, a range for pickup or delivery only.
 */
export const workingDay = type({
  day: '0 <= number.integer <= 6',
  from: time,
  to: endTime,
  'date?': calendarDay.or('null'),
  'service?': type.enumerated('pickup', 'delivery').or('null'),
});
/** At most this many ranges: a few a day, and the special days of a season. */
export const MAX_OPENING_RANGES = 200;

const position = type(['-180 <= number <= 180', '-90 <= number <= 90']);
/** A GeoJSON Polygon: closed rings ([lng, lat], first = last) of at least four positions; holes after the outline. */
export const deliveryPolygon = type({
  type: "'Polygon'",
  coordinates: position.array().atLeastLength(4).array().atLeastLength(1),
}).narrow((polygon, ctx) =>
  polygon.coordinates.every((ring) => {
    const [first, last] = [ring[0], ring[ring.length - 1]];
    return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
  })
    ? true
    : ctx.reject({ expected: 'closed rings (the first position repeated last)' }),
);

export const restaurantBody = type({
  slug,
  name: required(100),
  conceptId: '1 <= number.integer <= 2147483647',
  locationId: '1 <= number.integer <= 2147483647',
  isEnabled: 'boolean',
  active: 'boolean',
  phone: optional(40),
  about: optional(5000),
  deliveryValue: money,
  minBasketValue: money,
  smallOrderThreshold: money,
  extraFee: money,
  /** The acceptance window: a new order nobody accepts in it is rejected. */
  acceptanceMinutes: '1 <= number.integer <= 120',
  /** The usual preparation time: offered first when accepting, promised by auto-accept; at most what a board may promise. */
  preparationMinutes: `${MIN_PREPARATION_MINUTES} <= number.integer <= ${MAX_PREPARATION_MINUTES}`,
  /** Accept new orders without a tap, promising preparationMinutes. */
  autoAccept: 'boolean',
  /** Still new after this many minutes: the managers and the call centre are told; fewer than acceptanceMinutes. */
  escalationMinutes: '1 <= number.integer <= 119',
  hours: workingDay.array().atMostLength(MAX_OPENING_RANGES),
});
export type RestaurantBody = typeof restaurantBody.infer;

/**
 * What a kitchen manager may change of a restaurant (issue 37): its week's hours and whether it takes orders now
 * (isEnabled), never its fees, delivery area or owners.
 */
export const restaurantOpeningBody = type({ isEnabled: 'boolean', hours: restaurantBody.get('hours') });
export type RestaurantOpeningBody = typeof restaurantOpeningBody.infer;

export const DISCOUNT_TYPES = ['percentage', 'amount', 'freeDelivery'] as const;
export const MAX_GENERATED_CODES = 1000;

const discountFields = {
  type: type.enumerated(...DISCOUNT_TYPES),
  /** percentage: whole percent (1–100); amount: minor units; freeDelivery: 0. */
  value: '0 <= number.integer <= 100000000',
  country,
  /** How many times the code may be used. */
  quantity: '1 <= number.integer <= 1000000',
  active: 'boolean',
} as const;

/**
 * A local date and time on the restaurant's clock ('2026-12-24T18:00', as a datetime-local box gives it), or '' for
 * none: a real calendar day, so that the database never meets a 30 February.
 */
const localDateTime = type(/^(\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d)?$/).narrow(
  (text, ctx) =>
    text === '' || new Date(`${text}:00Z`).getUTCDate() === Number(text.slice(8, 10))
      ? true
      : ctx.reject({ expected: 'a calendar day' }),
);
const scopeIds = type('1 <= number.integer <= 2147483647').array().atMostLength(500);

/**
 * A code's own rules (issue 38, #domain/promotions.ts): its window ('' for no bound), the eligible products' minimum
 * (0: none), once per customer, first order only, and the brands, restaurants and menu categories it is for (empty:
 * all). Optional in a body: left out, a new code has none and an edited one keeps its own.
 */
const promotionFields = {
  'validFrom?': localDateTime.or('null'),
  'validTo?': localDateTime.or('null'),
  'minBasketValue?': money.or('null'),
  'oncePerCustomer?': 'boolean',
  'firstOrderOnly?': 'boolean',
  'conceptIds?': scopeIds.or('null'),
  'restaurantIds?': scopeIds.or('null'),
  'categoryIds?': scopeIds.or('null'),
} as const;

/** The rule a code's window breaks, or null: it ends after it begins (both given). */
export function discountWindowProblem(input: {
  validFrom?: string | null;
  validTo?: string | null;
}): 'outOfRange' | null {
  return input.validFrom && input.validTo && input.validTo <= input.validFrom ? 'outOfRange' : null;
}

const code = type(/^[A-Za-z0-9_-]+$/).and('0 < string <= 40');

/** One code (`code`) or `count` new unique codes starting with `prefix`. */
export const discountCreateBody = type({
  ...discountFields,
  ...promotionFields,
  'code?': code,
  'count?': `1 <= number.integer <= ${MAX_GENERATED_CODES}`,
  'prefix?': type(/^[A-Za-z0-9_-]*$/).and('string <= 20'),
});
export type DiscountCreateBody = typeof discountCreateBody.infer;

export const discountUpdateBody = type({ ...discountFields, ...promotionFields, code });
export type DiscountUpdateBody = typeof discountUpdateBody.infer;

export const userBody = type({
  firstname: optional(100),
  lastname: optional(100),
  email: 'string.email <= 254',
  phone: optional(40),
  role: type.enumerated(...USER_ROLES),
  lang: localeType,
  active: 'boolean',
});
export type UserBody = typeof userBody.infer;

const kitchenIds = type('1 <= number.integer <= 2147483647').array().atMostLength(200);

/**
 * A staff account the admin adds (issue 37): it has no password until the invitee sets one from the invitation
 * e-mail, so there is no active box. A kitchen role needs its kitchens (kitchensRule).
 */
export const userCreateBody = type({
  firstname: optional(100),
  lastname: optional(100),
  email: 'string.email <= 254',
  phone: optional(40),
  role: type.enumerated(...USER_ROLES),
  lang: localeType,
  kitchens: kitchenIds,
});
export type UserCreateBody = typeof userCreateBody.infer;

/** The user form's kitchens: left out, the account's kitchens stay as they are. */
export const userUpdateBody = userBody.and({ 'kitchens?': kitchenIds });
export type UserUpdateBody = typeof userUpdateBody.infer;

/** A kitchen account works in at least one kitchen, or it would see nothing; other roles have none to give. */
export const kitchensRule = (role: string, kitchens: readonly number[]): 'notEmpty' | null =>
  isKitchenRole(role) && kitchens.length === 0 ? 'notEmpty' : null;

/** The rule a discount's value breaks for its type, or null: percent 1–100, an amount above 0, free delivery 0. */
export function discountValueProblem(kind: (typeof DISCOUNT_TYPES)[number], value: number): 'outOfRange' | null {
  if (kind === 'percentage') return value >= 1 && value <= 100 ? null : 'outOfRange';
  if (kind === 'amount') return value >= 1 ? null : 'outOfRange';
  return value === 0 ? null : 'outOfRange';
}

/** The zip list textarea: one code per line (or comma-separated), blanks dropped. */
export const zipList = (text: string): string[] =>
  text
    .split(/[\n,;]+/)
    .map((zip) => zip.trim())
    .filter(Boolean);
