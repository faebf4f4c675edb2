import type { Row } from '#db/raw.ts';
import * as basketSql from '#db/statements/basket.ts';
import {
  addItem as addItemTo,
  type AddItemFacts,
  type AddItemInput,
  type AddItemPatch,
  type MenuItemFacts,
} from '#domain/basket/transitions.ts';
import { timeZoneOf } from '#domain/country.ts';
import { countryOf } from '#domain/money.ts';
import { storedWindows, windowsOpenAt } from '#domain/menu-windows.ts';
import { stateOf } from './change-parts.ts';
import { stateAt } from './priced.ts';
import type { BasketChange, Statement } from './write.ts';

export { MAX_QUANTITY } from '#domain/basket/transitions.ts';

/*
 * Adding a dish: which facts it reads (and predicts, decision 032), which transition of server/domain/basket/transitions.ts
 * decides, and the statements that write its patch.
 */

const itemRead = (menuItemId: number): Statement => ({ ...basketSql.readItemToAdd.bind({ menuItemId }), recall: true });

type ItemRead = MenuItemFacts & { windows?: { from: string | null; to: string | null }[] };

/** A dish outside its availability windows (issue 38) is unavailable now, as one the kitchen ran out of. */
function outsideWindowUnavailable(read: ItemRead | null, now: Date): MenuItemFacts | null {
  if (!read) return null;
  const { windows, ...item } = read;
  const open = windowsOpenAt(storedWindows(windows), now, timeZoneOf(countryOf(item.country)));
  return open ? item : { ...item, unavailable: true };
}

/** The facts of an add, decoded from its two reads' rows (or their predictions). */
function addItemFacts([itemRows = [], basketRows = []]: Row[][], now: Date): AddItemFacts {
  const [read] = basketSql.readItemToAdd.decode(itemRows);
  const [basket] = basketSql.readBasketToAdd.decode(basketRows);
  return {
    item: outsideWindowUnavailable(read?.item ?? null, now),
    groups: read?.groups ?? [],
    lineCount: basket?.lineCount ?? 0,
    currentLocationId: basket?.currentLocationId ?? null,
    lines: basket?.lines ?? [],
    openState: (item) =>
      stateAt({ isEnabled: true, hours: item.hours ?? [], timeZone: timeZoneOf(countryOf(item.country)) }, now),
  };
}

/** The statements of an add's patch: the line (a larger quantity, or a new line), then the basket's kitchen. */
function addItemStatements(basketId: string, patch: AddItemPatch): Statement[] {
  const { line, kitchen } = patch;
  return [
    line.kind === 'increase'
      ? basketSql.setLineQuantity.bind({ lineId: line.lineId, quantity: line.quantity })
      : basketSql.insertLine.bind({
          basketId,
          menuItemId: line.menuItemId,
          quantity: line.quantity,
          optionIds: `{${line.optionIds.join(',')}}`,
        }),
    basketSql.setKitchen.bind({ basketId, restaurantId: kitchen.restaurantId, country: kitchen.country }),
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
      { ...basketSql.readBasketToAdd.bind({ basketId, menuItemId: input.menuItemId }), ofBasket: true },
    ],
    predict: (known, recall) => {
      const [itemRow] = recall(itemRead(input.menuItemId)) ?? [];
      if (!itemRow) return undefined;
      const lines = known.lines
        .filter((l) => l.menuItemId === input.menuItemId)
        .map((l) => ({ id: l.id, quantity: l.quantity, optionIds: l.optionIds }))
        .sort((a, b) => a.id - b.id);
      return [
        [{ item: itemRow['item'], groups: itemRow['groups'] }],
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
