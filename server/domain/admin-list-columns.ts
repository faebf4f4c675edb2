import type { ListEntity } from '#domain/admin-lists.ts';

/**
 * How a cell shows its value: text as it is, money in minor units with the row's currency, a time, a yes/no, an
 * enumeration's translated label (`values` in the labels, keyed `<group>.<value>`), or a discount's value (percent
 * or money by its type).
 */
export type CellKind =
  | { kind: 'text' }
  | { kind: 'number' }
  | { kind: 'money'; currencyField: string }
  | { kind: 'time' }
  | { kind: 'day' }
  | { kind: 'yesNo' }
  | { kind: 'value'; group: string }
  | { kind: 'discount' }
  | { kind: 'name' };

export type ListColumn = { field: string; label: string } & CellKind;

const text = (field: string, label = field): ListColumn => ({ field, label, kind: 'text' });
const number = (field: string, label = field): ListColumn => ({ field, label, kind: 'number' });
const money = (field: string, label = field, currencyField = 'currency'): ListColumn => ({
  field,
  label,
  kind: 'money',
  currencyField,
});
const time = (field: string, label = field): ListColumn => ({ field, label, kind: 'time' });
const yesNo = (field: string, label = field): ListColumn => ({ field, label, kind: 'yesNo' });
const value = (field: string, group: string, label = field): ListColumn => ({ field, label, kind: 'value', group });

/**
 * The columns of each list, in order; `label` names the column's message (admin_lists_col_<label>). The first
 * column links to the row's page where the row has one (rowLink); a bot key has none, its one action is revoking.
 */
export const LIST_COLUMNS: Record<ListEntity, ListColumn[]> = {
  concepts: [
    text('name'),
    text('slug'),
    text('domain'),
    value('country', 'country'),
    number('restaurants'),
    yesNo('active'),
  ],
  locations: [
    text('name'),
    text('street'),
    text('city'),
    text('zip'),
    value('country', 'country'),
    yesNo('pickupEnabled', 'pickup'),
    yesNo('deliveryEnabled', 'delivery'),
    yesNo('sharedBaskets'),
    number('restaurants'),
    yesNo('deleted'),
  ],
  restaurants: [
    text('name'),
    text('concept'),
    text('location'),
    text('city'),
    value('country', 'country'),
    yesNo('isEnabled', 'enabled'),
    yesNo('active'),
  ],
  orders: [
    text('displayId'),
    time('createdAt'),
    value('status', 'status'),
    text('restaurant'),
    text('concept'),
    text('customer'),
    value('source', 'source'),
    value('deliveryType', 'delivery'),
    value('paymentMethod', 'payment'),
    money('total'),
  ],
  discountCodes: [
    text('code'),
    value('type', 'discount'),
    { field: 'value', label: 'value', kind: 'discount' },
    value('country', 'country'),
    number('used'),
    number('quantity'),
    yesNo('active'),
    time('createdAt'),
  ],
  users: [
    text('email'),
    { field: 'lastname', label: 'person', kind: 'name' },
    text('phone'),
    value('role', 'role'),
    { field: 'activatedAt', label: 'activated', kind: 'yesNo' },
    time('createdAt'),
  ],
  clients: [
    text('email'),
    { field: 'lastname', label: 'person', kind: 'name' },
    text('phone'),
    number('orders'),
    time('lastOrderAt'),
    time('createdAt'),
  ],
  baskets: [
    time('createdAt'),
    value('status', 'basket'),
    value('country', 'country'),
    text('restaurant'),
    text('userEmail', 'email'),
    number('lines'),
    text('orderDisplayId', 'order'),
    time('updatedAt'),
  ],
  payments: [
    time('createdAt'),
    text('orderDisplayId', 'order'),
    value('provider', 'provider'),
    value('method', 'payment'),
    value('status', 'paymentStatus'),
    money('amount'),
  ],
  sales: [
    { field: 'day', label: 'day', kind: 'day' },
    text('currency'),
    number('orders'),
    money('value'),
    money('deliveryCosts'),
    money('discountValue'),
    money('serviceFee'),
    money('extraFee'),
    money('total'),
    number('rejected'),
    money('rejectedTotal'),
    number('missed'),
    money('missedTotal'),
    number('canceled'),
    money('canceledTotal'),
  ],
  outbox: [
    time('createdAt'),
    text('to'),
    text('subject'),
    value('template', 'template'),
    value('status', 'outbox'),
    number('attempts'),
    time('sentAt'),
  ],
  botKeys: [
    text('name'),
    text('prefix', 'keyStart'),
    text('createdBy'),
    time('createdAt'),
    time('lastUsedAt', 'lastUsed'),
    value('status', 'botKey'),
  ],
};

/** Every column label an entity's list needs (the page passes just these words to the island). */
export const columnLabels = (entity: ListEntity): string[] => [...new Set(LIST_COLUMNS[entity].map((c) => c.label))];

type Row = Record<string, unknown>;

/**
 * Where a row leads: its own show page (/admin/{entity}/show/{id}), or the page of what it stands for: a client
 * is a user, a payment or an ordered basket leads to its order. Sales rows are days and lead nowhere.
 */
export function rowLink(entity: ListEntity, row: Row): { entity: string; id: string } | null {
  const link = (to: string, field: string) =>
    row[field] === null || row[field] === undefined ? null : { entity: to, id: String(row[field]) };
  switch (entity) {
    case 'sales':
    case 'botKeys':
      return null;
    case 'clients':
      return link('users', 'id');
    case 'payments':
    case 'baskets':
      return link('orders', 'orderId');
    default:
      return link(entity, 'id');
  }
}

/** The sections whose list offers an Add link (/admin/{entity}/add; spec section 2). */
export const ADDABLE: readonly ListEntity[] = ['concepts', 'locations', 'restaurants', 'discountCodes', 'users'];

/** Which labels (`values`) an enumeration filter's options take, per list; currencies show as their codes. */
export function filterGroup(entity: ListEntity, filter: string): string | null {
  if (filter === 'status')
    return (
      { orders: 'status', baskets: 'basket', payments: 'paymentStatus', outbox: 'outbox', botKeys: 'botKey' }[
        entity as string
      ] ?? null
    );
  const groups: Record<string, string> = {
    country: 'country',
    source: 'source',
    paymentMethod: 'payment',
    method: 'payment',
    deliveryType: 'delivery',
    type: 'discount',
    role: 'role',
    deleted: 'deleted',
  };
  return groups[filter] ?? null;
}

/** The list whose rows an id filter picks from. */
export const CHOICE_LISTS = { concept: 'concepts', restaurant: 'restaurants', location: 'locations' } as const;
