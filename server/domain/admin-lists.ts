import type { AdminEntity } from './admin-routes.ts';
import { USER_ROLES } from './roles.ts';
import { PAYMENT_METHODS } from './country.ts';
import { COUNTRIES } from './money.ts';
import type { FieldRule } from './errors.ts';
import { ORDER_SOURCES, ORDER_STATUSES } from './orders.ts';
import { DELIVERY_METHODS, DISCOUNT_TYPES } from './pricing.ts';

/**
 * What each admin list (GET /api/admin/{entity}, spec section 7) may be filtered and sorted by. The server refuses
 * anything else with the validation error, and the list island builds its filter form and sortable headers from the
 * same table, so the two cannot drift apart. Pure: imported by the API and by the browser.
 */
export const ADMIN_LIST_PAGE_SIZE = 25;
/** Far enough for any real page; keeps a typo from asking PostgreSQL to skip a billion rows. */
export const ADMIN_LIST_MAX_PAGE = 100_000;

export type ListFilter =
  { kind: 'text' } | { kind: 'enum'; values: readonly string[] } | { kind: 'id' } | { kind: 'bool' } | { kind: 'date' };

const text = { kind: 'text' } as const;
const id = { kind: 'id' } as const;
const bool = { kind: 'bool' } as const;
const date = { kind: 'date' } as const;
const oneOf = (values: readonly string[]) => ({ kind: 'enum', values }) as const;

const CURRENCIES = ['PLN', 'UAH', 'EUR'] as const;
/** Soft-deleted rows are left out unless the filter asks for them too ('include') or for them alone ('only'). */
const DELETED_FILTER = oneOf(['include', 'only']);

export type ListSpec = {
  filters: Readonly<Record<string, ListFilter>>;
  /** Sortable keys; `sort=key` ascending, `sort=-key` descending. */
  sorts: readonly string[];
  /** The order without a `sort` parameter. */
  defaultSort: string;
};

export const ADMIN_LISTS = {
  concepts: {
    filters: { q: text, country: oneOf(COUNTRIES), active: bool },
    sorts: ['name', 'slug', 'id'],
    defaultSort: 'name',
  },
  locations: {
    filters: { q: text, country: oneOf(COUNTRIES), city: text, deleted: DELETED_FILTER },
    sorts: ['name', 'city', 'id'],
    defaultSort: 'name',
  },
  restaurants: {
    filters: { q: text, concept: id, location: id, country: oneOf(COUNTRIES), enabled: bool, active: bool },
    sorts: ['name', 'slug', 'id'],
    defaultSort: 'name',
  },
  orders: {
    filters: {
      q: text,
      status: oneOf(ORDER_STATUSES),
      restaurant: id,
      concept: id,
      source: oneOf(ORDER_SOURCES),
      paymentMethod: oneOf(PAYMENT_METHODS),
      deliveryType: oneOf(DELIVERY_METHODS),
      currency: oneOf(CURRENCIES),
      from: date,
      to: date,
    },
    sorts: ['createdAt', 'total'],
    defaultSort: '-createdAt',
  },
  discountCodes: {
    // batch: the codes generated together (issue 38), as the form of one of them links to them.
    filters: { q: text, type: oneOf(DISCOUNT_TYPES), country: oneOf(COUNTRIES), active: bool, batch: text },
    sorts: ['code', 'createdAt', 'used', 'id'],
    defaultSort: '-createdAt',
  },
  users: {
    filters: { q: text, role: oneOf(USER_ROLES), activated: bool, deleted: DELETED_FILTER },
    sorts: ['email', 'lastname', 'createdAt'],
    defaultSort: '-createdAt',
  },
  clients: {
    filters: { q: text, hasOrders: bool },
    sorts: ['email', 'lastname', 'createdAt', 'orders', 'lastOrderAt'],
    defaultSort: '-lastOrderAt',
  },
  baskets: {
    filters: {
      status: oneOf(['collecting', 'created']),
      country: oneOf(COUNTRIES),
      restaurant: id,
      from: date,
      to: date,
    },
    sorts: ['createdAt', 'updatedAt'],
    defaultSort: '-createdAt',
  },
  payments: {
    filters: {
      status: oneOf(['pending', 'paid', 'failed', 'canceled', 'refunded']),
      method: oneOf(PAYMENT_METHODS),
      currency: oneOf(CURRENCIES),
      from: date,
      to: date,
    },
    sorts: ['createdAt', 'amount'],
    defaultSort: '-createdAt',
  },
  sales: {
    filters: { currency: oneOf(CURRENCIES), concept: id, restaurant: id, from: date, to: date },
    sorts: ['day', 'orders', 'total'],
    defaultSort: '-day',
  },
  outbox: {
    filters: { q: text, status: oneOf(['pending', 'sent', 'failed']), template: text },
    sorts: ['createdAt', 'sentAt'],
    defaultSort: '-createdAt',
  },
  botKeys: {
    filters: { status: oneOf(['active', 'revoked']) },
    sorts: ['createdAt', 'lastUsedAt', 'name'],
    defaultSort: '-createdAt',
  },
} as const satisfies Partial<Record<AdminEntity, ListSpec>>;

export type ListEntity = keyof typeof ADMIN_LISTS;
export const LIST_ENTITIES = Object.keys(ADMIN_LISTS) as ListEntity[];
export const isListEntity = (value: string): value is ListEntity => Object.hasOwn(ADMIN_LISTS, value);

export type FilterValue = string | number | boolean;
export type ListQuery = {
  page: number;
  /** ADMIN_LIST_PAGE_SIZE unless a CSV export reads larger pages; never taken from a URL. */
  pageSize?: number;
  sort: { key: string; descending: boolean };
  /** Only the filters the request named, each parsed to its kind: ids are numbers, booleans booleans. */
  filters: Record<string, FilterValue>;
};

const MAX_TEXT = 100;

function parseFilter(filter: ListFilter, raw: string): { value: FilterValue } | { rule: FieldRule } {
  switch (filter.kind) {
    case 'text':
      return raw.length > MAX_TEXT ? { rule: 'tooLong' } : { value: raw.trim() };
    case 'enum':
      return filter.values.includes(raw) ? { value: raw } : { rule: 'invalid' };
    case 'id':
      return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2 ** 31 - 1 ? { value: Number(raw) } : { rule: 'isInt' };
    case 'bool':
      return raw === 'true' ? { value: true } : raw === 'false' ? { value: false } : { rule: 'invalid' };
    case 'date':
      return isCalendarDate(raw) ? { value: raw } : { rule: 'invalid' };
  }
}

/** YYYY-MM-DD naming a day that exists (2026-02-30 does not). */
export function isCalendarDate(raw: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return false;
  const day = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(raw);
}

/**
 * Reads a list's query string: page (default 1), sort and the entity's filters. An empty filter value means no
 * filter (a form's untouched field). Anything unknown, repeated or malformed is named in `errors`, per parameter,
 * with the rule it broke (the API's validation answer).
 */
export function parseListQuery(
  entity: ListEntity,
  params: URLSearchParams,
): { ok: true; query: ListQuery } | { ok: false; errors: Record<string, FieldRule> } {
  const spec: ListSpec = ADMIN_LISTS[entity];
  const errors: Record<string, FieldRule> = {};
  const filters: Record<string, FilterValue> = {};
  let page = 1;
  let sort = sortOf(spec.defaultSort);
  const seen = new Set<string>();
  for (const [name, raw] of params) {
    if (seen.has(name)) {
      errors[name] = 'invalid';
      continue;
    }
    seen.add(name);
    if (name === 'page') {
      const n = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
      if (Number.isNaN(n)) errors[name] = 'isInt';
      else if (n < 1 || n > ADMIN_LIST_MAX_PAGE) errors[name] = 'outOfRange';
      else page = n;
    } else if (name === 'sort') {
      const wanted = sortOf(raw);
      if (spec.sorts.includes(wanted.key)) sort = wanted;
      else errors[name] = 'invalid';
    } else {
      const filter = Object.hasOwn(spec.filters, name) ? spec.filters[name] : undefined;
      if (!filter) {
        errors[name] = 'invalid';
        continue;
      }
      if (raw.trim() === '') continue;
      const parsed = parseFilter(filter, raw);
      if ('rule' in parsed) errors[name] = parsed.rule;
      else filters[name] = parsed.value;
    }
  }
  if (typeof filters['from'] === 'string' && typeof filters['to'] === 'string' && filters['from'] > filters['to'])
    errors['to'] = 'outOfRange';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, query: { page, sort, filters } };
}

function sortOf(raw: string): { key: string; descending: boolean } {
  return raw.startsWith('-') ? { key: raw.slice(1), descending: true } : { key: raw, descending: false };
}

/** The query string of a list's state, in a stable order (page travels in the path, /admin/{entity}/{page}). */
export function listSearch(entity: ListEntity, query: Pick<ListQuery, 'sort' | 'filters'>): string {
  const spec: ListSpec = ADMIN_LISTS[entity];
  const params = new URLSearchParams();
  for (const name of Object.keys(spec.filters)) {
    const value = query.filters[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const sort = `${query.sort.descending ? '-' : ''}${query.sort.key}`;
  if (sort !== spec.defaultSort) params.set('sort', sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}
