import type { Row } from '#db/raw.ts';
import {
  addItem as addItemTo,
  clear,
  setQuantity as setLineQuantity,
  type AddItemFacts,
  type AddItemInput,
  type AddItemPatch,
  type BasketState,
  type LinePatch,
  type MenuItemFacts,
} from '#domain/basket/transitions.ts';
import type { ModifierGroup } from '#domain/modifiers.ts';
import { timeZoneOf } from '#domain/country.ts';
import { countryOf } from '#domain/money.ts';
import { storedWindows, windowsOpenAt } from '#domain/menu-windows.ts';
import { fromJson, OPENING_RANGE_JSON, stateAt } from './priced.ts';
import type { BasketChange, LockedBasket, Statement } from './write.ts';

export { MAX_QUANTITY } from '#domain/basket/transitions.ts';

/*
 * The item changes: which facts each reads (and predicts, decision 032), which transition of
 * server/domain/basket/transitions.ts decides, and the statements that write its patch.
 */

/**
 * The item with its restaurant and location, and its modifier groups with their options: the same rows for every
 * basket, so the process recalls them to predict the next add of this item (decision 032).
 */
const ADD_ITEM_READ_SQL = `
select
  (select json_build_object('id', i.id, 'active', i.active, 'unavailable', i.unavailable or i.ingredients_out, 'restaurantId', r.id,
      'restaurantActive', r.active, 'isEnabled', r.is_enabled, 'locationId', r.location_id,
      'locationDeleted', l.deleted, 'country', l.country,
      'windows', json_build_array(json_build_object('from', c.available_from, 'to', c.available_to),
        json_build_object('from', i.available_from, 'to', i.available_to)),
      'hours', (select json_agg(${OPENING_RANGE_JSON('h')} order by h.day, h."from")
        from working_hours h where h.restaurant_id = r.id))
    from menu_items i join restaurants r on r.id = i.restaurant_id join locations l on l.id = r.location_id
      join menu_categories c on c.id = i.category_id
    where i.id = $1::int) as item,
  (select json_agg(json_build_object('id', g.id, 'name', g.name, 'required', g.required, 'min', g.min,
      'max', g.max, 'options', coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name,
          'price', o.price, 'unavailable', o.unavailable or o.ingredients_out) order by o.position, o.id)
        from modifier_options o where o.group_id = g.id), '[]'::json)) order by g.position, g.id)
    from modifier_groups g where g.menu_item_id = $1::int) as groups`;

/** The basket's state: line count, current kitchen's location, the lines of this item. */
const ADD_BASKET_READ_SQL = `
select
  (select count(*)::int from basket_items where basket_id = $1::text::uuid) as "lineCount",
  (select r.location_id from baskets b join restaurants r on r.id = b.restaurant_id
    where b.id = $1::text::uuid) as "currentLocationId",
  (select json_agg(json_build_object('id', bi.id, 'quantity', bi.quantity, 'optionIds', bi.option_ids)
      order by bi.id)
    from basket_items bi where bi.basket_id = $1::text::uuid and bi.menu_item_id = $2::int) as lines`;

const itemRead = (menuItemId: number): Statement => ({
  text: ADD_ITEM_READ_SQL,
  params: [menuItemId],
  recall: true,
});

type ItemRead = MenuItemFacts & { windows?: { from: string | null; to: string | null }[] };

/** A dish outside its availability windows (issue 38) is unavailable now, as one the kitchen ran out of. */
function outsideWindowUnavailable(read: ItemRead | null, now: Date): MenuItemFacts | null {
  if (!read) return null;
  const { windows, ...item } = read;
  const open = windowsOpenAt(storedWindows(windows), now, timeZoneOf(countryOf(item.country)));
  return open ? item : { ...item, unavailable: true };
}

/** The facts of an add, decoded from its two reads' rows (or their predictions). */
function addItemFacts([itemRows, basketRows]: Row[][], now: Date): AddItemFacts {
  const read: Row = { ...itemRows?.[0], ...basketRows?.[0] };
  return {
    item: outsideWindowUnavailable(fromJson<ItemRead | null>(read['item'], null), now),
    groups: fromJson<ModifierGroup[]>(read['groups'], []),
    lineCount: Number(read['lineCount'] ?? 0),
    currentLocationId: (read['currentLocationId'] as number | null | undefined) ?? null,
    lines: fromJson<AddItemFacts['lines']>(read['lines'], []),
    openState: (item) =>
      stateAt({ isEnabled: true, hours: item.hours ?? [], timeZone: timeZoneOf(countryOf(item.country)) }, now),
  };
}

const stateOf = (basket: Pick<LockedBasket, 'restaurantId' | 'country'>): BasketState => ({
  restaurantId: basket.restaurantId,
  country: basket.country,
});

/** The statements of an add's patch: the line (a larger quantity, or a new line), then the basket's kitchen. */
function addItemStatements(basketId: string, patch: AddItemPatch): Statement[] {
  const { line, kitchen } = patch;
  return [
    line.kind === 'increase'
      ? { text: 'update basket_items set quantity = $2::int where id = $1::int', params: [line.lineId, line.quantity] }
      : {
          text: `insert into basket_items (basket_id, menu_item_id, quantity, option_ids)
            values ($1::text::uuid, $2::int, $3::int, $4::text::int[])`,
          params: [basketId, line.menuItemId, line.quantity, `{${line.optionIds.join(',')}}`],
        },
    {
      text: 'update baskets set restaurant_id = $2::int, country = $3::text where id = $1::text::uuid',
      params: [basketId, kitchen.restaurantId, kitchen.country],
    },
  ];
}

/**
 * Puts a menu item with its chosen options into the basket (the rules: addItem of the domain). Prices are not taken
 * from anyone: only the ids are stored, and the basket is priced from the database whenever it is read.
 */
export function addItem(input: AddItemInput, now: Date): BasketChange {
  return {
    reads: (basketId) => [
      itemRead(input.menuItemId),
      { text: ADD_BASKET_READ_SQL, params: [basketId, input.menuItemId], ofBasket: true },
    ],
    predict: (known, recall) => {
      const [itemRow] = recall(itemRead(input.menuItemId)) ?? [];
      if (!itemRow) return undefined;
      const lines = known.lines
        .filter((l) => l.menuItemId === input.menuItemId)
        .map((l) => ({ id: l.id, quantity: l.quantity, optionIds: l.optionIds }))
        .sort((a, b) => a.id - b.id);
      return [
        [{ item: fromJson(itemRow['item'], null), groups: fromJson(itemRow['groups'], null) }],
        [
          {
            lineCount: known.lines.length,
            currentLocationId: known.restaurantId === null ? null : (known.location?.id ?? null),
            lines: lines.length > 0 ? lines : null,
          },
        ],
      ];
    },
    writes: (basket, read) => addItemStatements(basket.id, addItemTo(stateOf(basket), addItemFacts(read, now), input)),
    // The same rules on a basket with no kitchen and no lines: the line and the kitchen `writes` would write.
    newBasket: (read) => {
      const { line, kitchen } = addItemTo({ restaurantId: null, country: 'pl' }, addItemFacts(read, now), input);
      if (line.kind !== 'insert') throw new Error('a new basket has no lines');
      return {
        restaurantId: kitchen.restaurantId,
        country: kitchen.country,
        line: { menuItemId: line.menuItemId, quantity: line.quantity, optionIds: line.optionIds },
      };
    },
  };
}

const LINE_SQL = 'select id from basket_items where id = $2::int and basket_id = $1::text::uuid';

/** The statements of a line's patch. */
function lineStatements(basketId: string, patch: LinePatch): Statement[] {
  if (patch.kind === 'setQuantity') {
    return [
      { text: 'update basket_items set quantity = $2::int where id = $1::int', params: [patch.lineId, patch.quantity] },
    ];
  }
  return [
    { text: 'delete from basket_items where id = $1::int', params: [patch.lineId] },
    // An emptied basket belongs to no restaurant, so the next item may come from anywhere. The line deleted
    // above is left out by its id: the two writes may run as one statement, whose reads do not see the delete.
    {
      text: `update baskets set restaurant_id = null where id = $1::text::uuid
            and not exists (select from basket_items where basket_id = $1::text::uuid and id <> $2::int)`,
      params: [basketId, patch.lineId],
    },
  ];
}

/** Sets a line's quantity; 0 removes it (the rules: setQuantity of the domain). */
export function setQuantity(lineId: number, quantity: number): BasketChange {
  return {
    reads: (basketId) => [{ text: LINE_SQL, params: [basketId, lineId] }],
    predict: (known) => (known.lines.some((l) => l.id === lineId) ? [[{ id: lineId }]] : undefined),
    writes: (basket, [lines]) =>
      lineStatements(
        basket.id,
        setLineQuantity(stateOf(basket), { inBasket: Boolean(lines?.length) }, { lineId, quantity }),
      ),
  };
}

/** Empties the basket: no lines, no restaurant, no discount code. How and where to deliver stays. */
export const clearBasket: BasketChange = {
  writes: (basket) => clearStatements(basket.id, clear(stateOf(basket))),
};

function clearStatements(basketId: string, _patch: ReturnType<typeof clear>): Statement[] {
  return [
    { text: 'delete from basket_items where basket_id = $1::text::uuid', params: [basketId] },
    {
      text: 'update baskets set restaurant_id = null, discount_code_id = null where id = $1::text::uuid',
      params: [basketId],
    },
  ];
}
