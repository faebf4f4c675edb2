import { columnLabels } from '#domain/admin-list-columns.ts';
import type { ListLabels } from '#i18n/admin-list-words.ts';
import { ADMIN_LISTS, type ListEntity } from '#domain/admin-lists.ts';
import { USER_ROLES } from '#domain/roles.ts';
import { ORDER_STATUSES } from '#domain/orders.ts';
import { EMAIL_TEMPLATES } from '#domain/order-emails.ts';
import { m } from '#i18n/paraglide/messages.js';

type Options = { locale: 'pl' | 'en' | 'uk' };

/** Payment providers are names, the same in every language. */
export const PROVIDER_NAMES: Record<string, string> = { sandbox: 'Sandbox', payu: 'PayU', przelewy24: 'Przelewy24' };
type Message = (inputs: Record<string, never>, options: Options) => string;
const messages = m as unknown as Record<string, Message | undefined>;
const say = (key: string, options: Options, fallback: string) => messages[key]?.({}, options) ?? fallback;

/** Values whose words already exist elsewhere in the catalogue: order statuses and countries. */
const borrowed: Record<string, string> = {
  'country.pl': 'account_country_pl',
  'country.ua': 'account_country_ua',
  'country.pt': 'brand_countryPt',
  'template.dataRequest': 'rights_template_dataRequest',
};
for (const status of ORDER_STATUSES) borrowed[`status.${status}`] = `account_status_${status}`;

/** The message of an enumeration's value: admin_lists_value_<group>_<value> unless borrowed above. */
const valueKey = (group: string, value: string) =>
  borrowed[`${group}.${value}`] ?? `admin_lists_value_${group}_${value === 'leave@door' ? 'leaveAtDoor' : value}`;

const GROUP_VALUES: Record<string, readonly string[]> = {
  country: ['pl', 'ua', 'pt'],
  status: ORDER_STATUSES,
  source: ['web', 'cc', 'bot'],
  delivery: ['door2door', 'outside', 'leave@door', 'pickup'],
  payment: ['blik', 'googlePay', 'fastTransfer', 'cashOnDelivery', 'cardOnDelivery'],
  discount: ['amount', 'percentage', 'freeDelivery'],
  role: USER_ROLES,
  basket: ['collecting', 'created'],
  paymentStatus: ['pending', 'paid', 'failed', 'canceled', 'refunded'],
  outbox: ['pending', 'sent', 'failed'],
  template: EMAIL_TEMPLATES,
  deleted: ['include', 'only'],
  botKey: ['active', 'revoked'],
};

/** Words added with a later issue, under that issue's own message names. */
const OWN_KEYS: Record<string, string> = { filter_batch: 'promo_list_filter_batch' };

/** The words one section's list island needs, in the page's language (islands take their words as props). */
export function listLabels(entity: ListEntity, locale: Options['locale'], entityTitle: string): ListLabels {
  const options = { locale };
  const ui = (key: string) => say(OWN_KEYS[key] ?? `admin_lists_${key}`, options, key);
  const values: Record<string, string> = {};
  for (const [group, list] of Object.entries(GROUP_VALUES))
    for (const value of list) values[`${group}.${value}`] = say(valueKey(group, value), options, value);
  for (const [code, name] of Object.entries(PROVIDER_NAMES)) values[`provider.${code}`] = name;
  return {
    columns: Object.fromEntries([...columnLabels(entity), 'actions'].map((label) => [label, ui(`col_${label}`)])),
    filters: Object.fromEntries(Object.keys(ADMIN_LISTS[entity].filters).map((name) => [name, ui(`filter_${name}`)])),
    values,
    ui: {
      filters: ui('filters'),
      apply: ui('apply'),
      reset: ui('reset'),
      any: ui('filter_any'),
      add: ui('add'),
      loading: ui('loading'),
      empty: ui('empty'),
      error: ui('error'),
      retry: ui('retry'),
      // Placeholders stay for the island to fill.
      count: m.admin_lists_count({ count: '{count}' }, options),
      pageOf: m.admin_lists_pageOf({ page: '{page}', pages: '{pages}' }, options),
      previous: ui('previous'),
      next: ui('next'),
      pagination: ui('pagination'),
      sortBy: m.admin_lists_sortBy({ column: '{column}' }, options),
      tableLabel: m.admin_lists_tableLabel({ entity: entityTitle }, options),
      open: ui('open'),
      yes: ui('value_yes'),
      no: ui('value_no'),
    },
  };
}
