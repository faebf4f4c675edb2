import type { Row } from '#db/raw.ts';
import { assertCanAddItem } from '#domain/checkout.ts';
import { RuleError } from '#domain/errors.ts';
import { checkModifierSelection, type ModifierGroup } from '#domain/modifiers.ts';
import { notFound, validationError } from '#server/errors.ts';
import { timeZoneOf } from '#domain/country.ts';
import { countryOf } from '#domain/money.ts';
import type { WorkingHours } from '#domain/hours.ts';
import { fromJson, stateAt } from './priced.ts';
import type { BasketChange, Statement } from './write.ts';

export const MAX_QUANTITY = 99;

const tooMany = () => validationError({ quantity: 'isPositiveNumber' });

/**
 * The item with its restaurant and location, and its modifier groups with their options: the same rows for every
 * basket, so the process recalls them to predict the next add of this item (decision 032).
 */
const ADD_ITEM_READ_SQL = `
select
  (select json_build_object('id', i.id, 'active', i.active, 'unavailable', i.unavailable, 'restaurantId', r.id,
      'restaurantActive', r.active, 'isEnabled', r.is_enabled, 'locationId', r.location_id,
      'locationDeleted', l.deleted, 'country', l.country,
      'hours', (select json_agg(json_build_object('day', h.day, 'from', h."from", 'to', h."to") order by h.day)
        from working_hours h where h.restaurant_id = r.id))
    from menu_items i join restaurants r on r.id = i.restaurant_id join locations l on l.id = r.location_id
    where i.id = $1::int) as item,
  (select json_agg(json_build_object('id', g.id, 'name', g.name, 'required', g.required, 'min', g.min,
      'max', g.max, 'options', coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name,
          'price', o.price, 'unavailable', o.unavailable) order by o.position, o.id)
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

type AddItemRead = {
  item: {
    id: number;
    active: boolean;
    unavailable: boolean;
    restaurantId: number;
    restaurantActive: boolean;
    isEnabled: boolean;
    locationId: number;
    locationDeleted: boolean;
    country: string;
    hours: WorkingHours | null;
  } | null;
  groups: ModifierGroup[] | null;
  lineCount: number;
  currentLocationId: number | null;
  lines: { id: number; quantity: number; optionIds: number[] }[] | null;
};

const itemRead = (menuItemId: number): Statement => ({
  text: ADD_ITEM_READ_SQL,
  params: [menuItemId],
  recall: true,
});

const sortedKey = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');

/**
 * Puts a menu item with its chosen options into the basket. Prices are not taken from anyone:
 * only the ids are stored, and the basket is priced from the database whenever it is read.
 * Errors: notFound (no such item), productUnavailable (item or option off, or the restaurant
 * temporarily unavailable), requiredOptions, restaurantLocation / mishmashedLocations, restaurantClosed (closed at
 * `now`: a basket it could not sell, issue 40; details.nextOpening says when it opens).
 */
export function addItem(input: { menuItemId: number; quantity: number; optionIds: number[] }, now: Date): BasketChange {
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
    writes: (basket, read) => {
      const { item, chosen, same } = decide(basket.restaurantId, read);
      const writes: Statement[] = [];
      if (same) {
        writes.push({
          text: 'update basket_items set quantity = $2::int where id = $1::int',
          params: [same.id, same.quantity],
        });
      } else {
        writes.push({
          text: `insert into basket_items (basket_id, menu_item_id, quantity, option_ids)
            values ($1::text::uuid, $2::int, $3::int, $4::text::int[])`,
          params: [basket.id, item.id, input.quantity, `{${chosen.join(',')}}`],
        });
      }
      // The basket's country follows its kitchen: a Kyiv restaurant's basket follows Ukraine's rules.
      writes.push({
        text: 'update baskets set restaurant_id = $2::int, country = $3::text where id = $1::text::uuid',
        params: [basket.id, item.restaurantId, item.country],
      });
      return writes;
    },
    // The same rules on a basket with no kitchen and no lines: the line and the kitchen `writes` would write.
    newBasket: (read) => {
      const { item, chosen, same } = decide(null, read);
      if (same) throw new Error('a new basket has no lines');
      return {
        restaurantId: item.restaurantId,
        country: item.country,
        line: { menuItemId: item.id, quantity: input.quantity, optionIds: chosen },
      };
    },
  };

  /**
   * Every rule of the add, on what was read: the item can be ordered, it is cooked where the basket's food is, its
   * options are a valid choice, and a line with the same options stays within 99 (`same` is that line with its new
   * quantity).
   */
  function decide(restaurantId: number | null, [itemRows, basketRows]: Row[][]) {
    const read: Row = { ...itemRows?.[0], ...basketRows?.[0] };
    const item = fromJson<AddItemRead['item']>(read['item'], null);
    if (!item || !item.active || !item.restaurantActive || item.locationDeleted) throw notFound();
    if (item.unavailable || !item.isEnabled) {
      throw new RuleError('productUnavailable', `item ${item.id} cannot be ordered now`, { menuItemId: item.id });
    }
    if (Number(read['lineCount'] ?? 0) > 0 && restaurantId !== null) {
      assertCanAddItem(
        { restaurantId, locationId: (read['currentLocationId'] as number | null) ?? -1 },
        { restaurantId: item.restaurantId, locationId: item.locationId },
      );
    }
    const state = stateAt(
      { isEnabled: true, hours: item.hours ?? [], timeZone: timeZoneOf(countryOf(item.country)) },
      now,
    );
    if (state.state !== 'open') {
      throw new RuleError('restaurantClosed', `restaurant ${item.restaurantId} is closed now`, {
        nextOpening: state.nextOpening,
      });
    }
    const groups = fromJson<ModifierGroup[]>(read['groups'], []);
    const chosen = checkModifierSelection(groups, input.optionIds).map((o) => o.id);

    // The same item with the same options is one line with a larger quantity.
    const key = sortedKey(chosen);
    const lines = fromJson<NonNullable<AddItemRead['lines']>>(read['lines'], []);
    const line = lines.find((l) => sortedKey(l.optionIds) === key);
    const same = line && { id: line.id, quantity: line.quantity + input.quantity };
    if (same && same.quantity > MAX_QUANTITY) throw tooMany();
    return { item, chosen, same };
  }
}

const LINE_SQL = 'select id from basket_items where id = $2::int and basket_id = $1::text::uuid';

/** Sets a line's quantity; 0 removes it. notFound when the line is not in this basket. */
export function setQuantity(lineId: number, quantity: number): BasketChange {
  return {
    reads: (basketId) => [{ text: LINE_SQL, params: [basketId, lineId] }],
    predict: (known) => (known.lines.some((l) => l.id === lineId) ? [[{ id: lineId }]] : undefined),
    writes: (basket, [lines]) => {
      if (!lines?.length) throw notFound();
      if (quantity > MAX_QUANTITY) throw tooMany();
      if (quantity > 0) {
        return [{ text: 'update basket_items set quantity = $2::int where id = $1::int', params: [lineId, quantity] }];
      }
      return [
        { text: 'delete from basket_items where id = $1::int', params: [lineId] },
        // An emptied basket belongs to no restaurant, so the next item may come from anywhere. The line deleted
        // above is left out by its id: the two writes may run as one statement, whose reads do not see the delete.
        {
          text: `update baskets set restaurant_id = null where id = $1::text::uuid
            and not exists (select from basket_items where basket_id = $1::text::uuid and id <> $2::int)`,
          params: [basket.id, lineId],
        },
      ];
    },
  };
}

/** Empties the basket: no lines, no restaurant, no discount code. How and where to deliver stays. */
export const clearBasket: BasketChange = {
  writes: (basket) => [
    { text: 'delete from basket_items where basket_id = $1::text::uuid', params: [basket.id] },
    {
      text: 'update baskets set restaurant_id = null, discount_code_id = null where id = $1::text::uuid',
      params: [basket.id],
    },
  ],
};
