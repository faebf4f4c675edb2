import type { Db } from '#db/client.ts';
import { RuleError } from '#domain/errors.ts';
import { checkModifierSelection, type ModifierGroup } from '#domain/modifiers.ts';
import type { Currency } from '#domain/money.ts';
import { stripEmoji } from '#domain/orders.ts';
import { linePrice } from '#domain/pricing.ts';
import { MAX_QUANTITY } from '../basket/add-item.ts';
import { fromJson, type PricedBasket } from '../basket/priced.ts';
import type { BasketOwner } from '../basket/writable.ts';
import { changeBasket, type Statement } from '../basket/write.ts';

/** Why a line of the old order is not in the new basket. */
export type MissingReason = 'removed' | 'unavailable' | 'optionsChanged';

export type Reordered = {
  basket: PricedBasket;
  /** Lines of the order that could not go into the basket. */
  missing: { name: string; quantity: number; reason: MissingReason }[];
  /** Lines that went in at another unit price than the order paid (item price plus options, from the menu now). */
  changed: {
    name: string;
    quantity: number;
    before: number;
    after: number;
    /** The order's currency: the screen writes before and after in its own language. */
    currency: Currency;
  }[];
};

/**
 * The order's lines with what they were (name, quantity, unit price, the options chosen by id) and what their menu
 * item is now (state, price, restaurant, modifier groups with their options): one statement.
 */
const ORDER_LINES_SQL = `
select oi.id, oi.name, oi.quantity, oi.unit_price as "unitPrice",
  (select coalesce(json_agg(m.modifier_option_id order by m.id), '[]'::json)
    from order_item_mods m where m.order_item_id = oi.id) as "optionIds",
  (select json_build_object('id', i.id, 'price', i.price, 'resetPrices', i.reset_prices, 'active', i.active,
      'unavailable', i.unavailable or i.ingredients_out, 'restaurantId', r.id, 'restaurantActive', r.active, 'isEnabled', r.is_enabled,
      'locationDeleted', l.deleted, 'country', l.country)
    from menu_items i join restaurants r on r.id = i.restaurant_id join locations l on l.id = r.location_id
    where i.id = oi.menu_item_id) as item,
  (select json_agg(json_build_object('id', g.id, 'name', g.name, 'required', g.required, 'min', g.min,
      'max', g.max, 'options', coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name,
          'price', o.price, 'unavailable', o.unavailable or o.ingredients_out) order by o.position, o.id)
        from modifier_options o where o.group_id = g.id), '[]'::json)) order by g.position, g.id)
    from modifier_groups g where g.menu_item_id = oi.menu_item_id) as groups,
  o.currency
from order_items oi join orders o on o.id = oi.order_id
where oi.order_id = $1::text::uuid
order by oi.id`;

type OrderLine = {
  name: string;
  quantity: number;
  unitPrice: number;
  /** null where the option was deleted from the menu since. */
  optionIds: (number | null)[];
  item: {
    id: number;
    price: number;
    resetPrices: boolean;
    active: boolean;
    unavailable: boolean;
    restaurantId: number;
    restaurantActive: boolean;
    isEnabled: boolean;
    locationDeleted: boolean;
    country: string;
  } | null;
  groups: ModifierGroup[];
  currency: Currency;
};

const lineOf = (row: Record<string, unknown>): OrderLine => ({
  name: stripEmoji(row['name'] as string),
  quantity: Number(row['quantity']),
  unitPrice: Number(row['unitPrice']),
  optionIds: fromJson<(number | null)[]>(row['optionIds'], []),
  item: fromJson<OrderLine['item']>(row['item'], null),
  groups: fromJson<ModifierGroup[]>(row['groups'], []),
  currency: row['currency'] as Currency,
});

type Planned = { menuItemId: number; optionIds: number[]; quantity: number };

/** Whether a line can be ordered again as it was, and at what unit price now; the reason when it cannot. */
function plan(
  line: OrderLine,
): { ok: Planned & { unitPrice: number; restaurantId: number; country: string } } | { missing: MissingReason } {
  const { item } = line;
  if (!item || !item.active || !item.restaurantActive || item.locationDeleted) return { missing: 'removed' };
  if (item.unavailable || !item.isEnabled) return { missing: 'unavailable' };
  if (line.optionIds.some((id) => id === null)) return { missing: 'optionsChanged' };
  try {
    const chosen = checkModifierSelection(line.groups, line.optionIds as number[]);
    return {
      ok: {
        menuItemId: item.id,
        optionIds: chosen.map((o) => o.id),
        quantity: Math.min(line.quantity, MAX_QUANTITY),
        unitPrice: linePrice(item, chosen),
        restaurantId: item.restaurantId,
        country: item.country,
      },
    };
  } catch (error) {
    // An option switched off is "unavailable"; options whose rules changed (a new required group, an option moved
    // to another item) mean the customer has to choose again.
    if (error instanceof RuleError && error.key === 'productUnavailable') return { missing: 'unavailable' };
    if (error instanceof RuleError) return { missing: 'optionsChanged' };
    throw error;
  }
}

const lineKey = (p: Planned) => `${p.menuItemId}:${[...p.optionIds].sort((a, b) => a - b).join(',')}`;

/**
 * "Order again": the visitor's basket gets the order's lines with the same items, options and quantities, in place
 * of what it held (so a second click changes nothing). Every line is priced from the menu as it is now; the answer
 * names the lines that could not go in (removed, unavailable, or options that no longer fit the item) and those
 * whose price changed. When no line can go in, the basket is left as it was and the answer is reorderUnavailable.
 * The caller has checked that the visitor may see the order.
 */
export async function reorder(
  deps: { db: Db; now: () => Date },
  input: { orderId: string; owner: BasketOwner },
): Promise<Reordered> {
  const missing: Reordered['missing'] = [];
  const changed: Reordered['changed'] = [];
  const basket = await changeBasket(deps, {
    owner: input.owner,
    change: {
      reads: () => [{ text: ORDER_LINES_SQL, params: [input.orderId] }],
      writes: (basket, [rows]) => {
        const lines = (rows ?? []).map(lineOf);
        const planned = new Map<string, Planned>();
        let restaurant: { id: number; country: string } | null = null;
        for (const line of lines) {
          const result = plan(line);
          if ('missing' in result) {
            missing.push({ name: line.name, quantity: line.quantity, reason: result.missing });
            continue;
          }
          const { unitPrice, restaurantId, country, ...next } = result.ok;
          if (unitPrice !== line.unitPrice) {
            changed.push({
              name: line.name,
              quantity: line.quantity,
              before: line.unitPrice,
              after: unitPrice,
              currency: line.currency,
            });
          }
          restaurant ??= { id: restaurantId, country };
          const same = planned.get(lineKey(next));
          if (same) same.quantity = Math.min(same.quantity + next.quantity, MAX_QUANTITY);
          else planned.set(lineKey(next), next);
        }
        if (!restaurant || planned.size === 0) {
          throw new RuleError('reorderUnavailable', `nothing of order ${input.orderId} can be ordered now`, {
            missing: missing.map((m) => m.name),
          });
        }
        const writes: Statement[] = [
          { text: 'delete from basket_items where basket_id = $1::text::uuid', params: [basket.id] },
        ];
        for (const line of planned.values()) {
          writes.push({
            text: `insert into basket_items (basket_id, menu_item_id, quantity, option_ids)
            values ($1::text::uuid, $2::int, $3::int, $4::text::int[])`,
            params: [basket.id, line.menuItemId, line.quantity, `{${line.optionIds.join(',')}}`],
          });
        }
        // The basket follows the kitchen (country, and so currency and rules); a discount code chosen for another
        // restaurant's basket does not come along.
        writes.push({
          text: `update baskets set restaurant_id = $2::int, country = $3::text,
            discount_code_id = case when restaurant_id = $2::int then discount_code_id end
          where id = $1::text::uuid`,
          params: [basket.id, restaurant.id, restaurant.country],
        });
        return writes;
      },
    },
  });
  // changeBasket creates the basket when there is none, so it always answers one here.
  if (!basket) throw new Error('reorder: no basket');
  return { basket, missing, changed };
}
