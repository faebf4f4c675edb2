import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RuleError } from '../errors.ts';
import type { RestaurantState } from '../hours.ts';
import {
  addItem,
  applyDiscount,
  clear,
  lineUnavailable,
  MAX_QUANTITY,
  removeDiscount,
  removeItem,
  setDelivery,
  setQuantity,
  type AddItemFacts,
  type MenuItemFacts,
} from './transitions.ts';

const OPEN: RestaurantState = { state: 'open', nextOpening: null };
const ITEM: MenuItemFacts = {
  id: 7,
  active: true,
  unavailable: false,
  restaurantId: 3,
  restaurantActive: true,
  isEnabled: true,
  locationId: 30,
  locationDeleted: false,
  sharedBaskets: false,
  country: 'pl',
  hours: [],
};
const SAUCES = {
  id: 1,
  name: 'Sauce',
  required: false,
  min: 0,
  max: 0,
  options: [
    { id: 11, name: 'garlic', price: 100 },
    { id: 12, name: 'chili', price: 100 },
    { id: 13, name: 'off', price: 100, unavailable: true },
  ],
};
const facts = (over: Partial<AddItemFacts> = {}): AddItemFacts => ({
  item: ITEM,
  groups: [SAUCES],
  lineCount: 0,
  currentLocationId: null,
  lines: [],
  openState: () => OPEN,
  ...over,
});
const EMPTY = { restaurantId: null, country: 'pl' };
const HOLDING = { restaurantId: 3, country: 'pl' };

/** The key a transition threw, and its details: what the API answers. */
function thrown(run: () => unknown): { key: string; details: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleError) return { key: error.key, details: error.details };
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('addItem', () => {
  it('puts a new line in and sets the kitchen and its country', () => {
    expect(addItem(EMPTY, facts(), { menuItemId: 7, quantity: 2, optionIds: [12, 11] })).toEqual({
      line: { kind: 'insert', menuItemId: 7, quantity: 2, optionIds: [12, 11] },
      kitchen: { restaurantId: 3, country: 'pl' },
    });
  });

  it('adds to the line with the same options, in any order', () => {
    const lines = [
      { id: 40, quantity: 1, optionIds: [11] },
      { id: 41, quantity: 3, optionIds: [12, 11] },
    ];
    const patch = addItem(HOLDING, facts({ lineCount: 2, currentLocationId: 30, lines }), {
      menuItemId: 7,
      quantity: 2,
      optionIds: [11, 12],
    });
    expect(patch.line).toEqual({ kind: 'increase', lineId: 41, quantity: 5 });
  });

  it.each([
    ['no such item', { item: null }, 'notFound'],
    ['an item switched off', { item: { ...ITEM, active: false } }, 'notFound'],
    ['a restaurant switched off', { item: { ...ITEM, restaurantActive: false } }, 'notFound'],
    ['a deleted location', { item: { ...ITEM, locationDeleted: true } }, 'notFound'],
    ['an unavailable item', { item: { ...ITEM, unavailable: true } }, 'productUnavailable'],
    ['a restaurant temporarily unavailable', { item: { ...ITEM, isEnabled: false } }, 'productUnavailable'],
    ['another restaurant at the location', { lineCount: 1, currentLocationId: 30 }, 'restaurantLocation'],
    ['another location', { lineCount: 1, currentLocationId: 31 }, 'mishmashedLocations'],
  ] as const)('refuses %s', (_, over, key) => {
    const state = { restaurantId: 4, country: 'pl' };
    expect(thrown(() => addItem(state, facts(over), { menuItemId: 7, quantity: 1, optionIds: [] })).key).toBe(key);
  });

  describe('at a location that shares baskets (issue 35)', () => {
    const shared = { ...ITEM, sharedBaskets: true };
    const input = { menuItemId: 7, quantity: 1, optionIds: [] };

    it('takes another brand cooked there into the basket and keeps the basket’s lead restaurant', () => {
      const patch = addItem(
        { restaurantId: 4, country: 'pl' },
        facts({ item: shared, lineCount: 1, currentLocationId: 30 }),
        input,
      );
      expect(patch.kitchen).toEqual({ restaurantId: 4, country: 'pl' });
      expect(patch.line.kind).toBe('insert');
    });

    it('still refuses another location’s food with mishmashedLocations', () => {
      const run = () =>
        addItem(
          { restaurantId: 4, country: 'pl' },
          facts({ item: shared, lineCount: 1, currentLocationId: 31 }),
          input,
        );
      expect(thrown(run).key).toBe('mishmashedLocations');
    });

    it('answers exactly as before when the setting is off, and only differs for another brand at the location (property)', () => {
      fc.assert(
        fc.property(
          fc.boolean(),
          fc.integer({ min: 0, max: 3 }),
          fc.constantFrom(3, 4),
          fc.constantFrom(30, 31),
          (on, lineCount, basketRestaurant, basketLocation) => {
            const run = (sharedBaskets: boolean) => {
              try {
                return addItem(
                  { restaurantId: basketRestaurant, country: 'pl' },
                  facts({ item: { ...ITEM, sharedBaskets }, lineCount, currentLocationId: basketLocation }),
                  input,
                );
              } catch (error) {
                return (error as { key: string }).key;
              }
            };
            const off = run(false);
            const answer = run(on);
            const differs = on && lineCount > 0 && basketLocation === 30 && basketRestaurant !== 3;
            if (differs) {
              expect(off).toBe('restaurantLocation');
              expect(answer).toMatchObject({ kitchen: { restaurantId: basketRestaurant } });
            } else expect(answer).toEqual(off);
          },
        ),
      );
    });
  });

  it('refuses a closed restaurant, saying when it opens, and an option switched off', () => {
    const closed = facts({ openState: () => ({ state: 'closed', nextOpening: '2026-11-28T10:00:00+01:00' }) });
    expect(thrown(() => addItem(EMPTY, closed, { menuItemId: 7, quantity: 1, optionIds: [] }))).toEqual({
      key: 'restaurantClosed',
      details: { nextOpening: '2026-11-28T10:00:00+01:00' },
    });
    expect(thrown(() => addItem(EMPTY, facts(), { menuItemId: 7, quantity: 1, optionIds: [13] })).key).toBe(
      'productUnavailable',
    );
  });

  it('never lets a line pass 99, and otherwise sums the quantities (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_QUANTITY }),
        fc.integer({ min: 1, max: MAX_QUANTITY }),
        (had, added) => {
          const lines = [{ id: 40, quantity: had, optionIds: [] }];
          const run = () =>
            addItem(HOLDING, facts({ lineCount: 1, currentLocationId: 30, lines }), {
              menuItemId: 7,
              quantity: added,
              optionIds: [],
            });
          if (had + added > MAX_QUANTITY) {
            expect(thrown(run)).toEqual({ key: 'validation', details: { quantity: 'isPositiveNumber' } });
          } else {
            expect(run().line).toEqual({ kind: 'increase', lineId: 40, quantity: had + added });
          }
        },
      ),
    );
  });

  it('the kitchen follows the item whatever the basket held, and the line keeps the chosen options (property)', () => {
    fc.assert(
      fc.property(
        fc.subarray([11, 12]),
        fc.constantFrom('pl', 'ua'),
        fc.integer({ min: 1, max: MAX_QUANTITY }),
        (optionIds, country, quantity) => {
          const patch = addItem({ restaurantId: null, country: 'pt' }, facts({ item: { ...ITEM, country } }), {
            menuItemId: 7,
            quantity,
            optionIds,
          });
          expect(patch.kitchen).toEqual({ restaurantId: 3, country });
          expect(patch.line).toEqual({ kind: 'insert', menuItemId: 7, quantity, optionIds });
        },
      ),
    );
  });
});

describe('lines', () => {
  it('sets a quantity, removes at 0, refuses above 99 and a line of another basket (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 150 }), fc.boolean(), (quantity, inBasket) => {
        const run = () => setQuantity(HOLDING, { inBasket }, { lineId: 5, quantity });
        if (!inBasket) expect(thrown(run).key).toBe('notFound');
        else if (quantity > MAX_QUANTITY) expect(thrown(run).key).toBe('validation');
        else if (quantity === 0) expect(run()).toEqual({ kind: 'removeLine', lineId: 5 });
        else expect(run()).toEqual({ kind: 'setQuantity', lineId: 5, quantity });
      }),
    );
  });

  it('removeItem takes the line out; clear empties the basket', () => {
    expect(removeItem(HOLDING, { inBasket: true }, { lineId: 5 })).toEqual({ kind: 'removeLine', lineId: 5 });
    expect(thrown(() => removeItem(HOLDING, { inBasket: false }, { lineId: 5 })).key).toBe('notFound');
    expect(clear(HOLDING)).toEqual({ kind: 'clear' });
  });

  it('a priced line is unavailable when its item, an option or its kitchen no longer fits', () => {
    const item = { unavailable: false, active: true, restaurantId: 3, locationId: 30 };
    const fine = { item, options: [{ unavailable: false }] };
    const own = { restaurantId: 3, locationId: 30, shared: false };
    expect(lineUnavailable(fine, false, own)).toBe(false);
    expect(lineUnavailable({ ...fine, item: { ...item, unavailable: true } }, false, own)).toBe(true);
    expect(lineUnavailable({ ...fine, item: { ...item, active: false } }, false, own)).toBe(true);
    expect(lineUnavailable(fine, true, own)).toBe(true);
    expect(lineUnavailable(fine, false, { ...own, restaurantId: 4 })).toBe(true);
    expect(lineUnavailable({ ...fine, options: [{ unavailable: true }] }, false, own)).toBe(true);
  });

  it('in a shared basket another brand’s line at the location is its own, another location’s is not', () => {
    const fine = { item: { unavailable: false, active: true, restaurantId: 4, locationId: 30 }, options: [] };
    expect(lineUnavailable(fine, false, { restaurantId: 3, locationId: 30, shared: true })).toBe(false);
    expect(lineUnavailable(fine, false, { restaurantId: 3, locationId: 31, shared: true })).toBe(true);
  });
});

describe('setDelivery', () => {
  const kitchen = { country: 'pl', pickupEnabled: true, deliveryEnabled: true };
  const address = { street: 'Puławska', streetNo: '1', city: 'Warszawa', zip: ' 02-515 ' };

  it('takes the kitchen’s country, trims the zip, and leaves an address left out as it was', () => {
    expect(setDelivery(HOLDING, { kitchen }, { deliveryMethod: 'door2door', address })).toEqual({
      deliveryMethod: 'door2door',
      country: 'pl',
      address: { ...address, zip: '02-515' },
    });
    expect(setDelivery({ restaurantId: null, country: 'ua' }, { kitchen: null }, { deliveryMethod: 'pickup' })).toEqual(
      {
        deliveryMethod: 'pickup',
        country: 'ua',
        address: undefined,
      },
    );
    expect(setDelivery(EMPTY, { kitchen: null }, { deliveryMethod: 'pickup', address: null }).address).toBeNull();
  });

  it('refuses another country than the kitchen’s, a method it does not offer, and an address of the wrong shape', () => {
    expect(thrown(() => setDelivery(HOLDING, { kitchen }, { deliveryMethod: 'pickup', country: 'ua' })).key).toBe(
      'restaurantLocation',
    );
    const noPickup = { kitchen: { ...kitchen, pickupEnabled: false } };
    expect(thrown(() => setDelivery(HOLDING, noPickup, { deliveryMethod: 'pickup' }))).toEqual({
      key: 'validation',
      details: { deliveryMethod: 'pickupUnavailable' },
    });
    const noDelivery = { kitchen: { ...kitchen, deliveryEnabled: false } };
    expect(thrown(() => setDelivery(HOLDING, noDelivery, { deliveryMethod: 'outside' }))).toEqual({
      key: 'validation',
      details: { deliveryMethod: 'deliveryUnavailable' },
    });
    expect(
      thrown(() =>
        setDelivery(HOLDING, { kitchen }, { deliveryMethod: 'door2door', address: { ...address, zip: '1' } }),
      ),
    ).toEqual({ key: 'validation', details: { 'address.zip': 'isValidZipCode' } });
  });
});

describe('discount codes', () => {
  const code = { id: 9, country: 'pl', active: true, used: 0, quantity: 1 };

  it('applies a code of the kitchen’s country (the basket’s without one), and takes it off', () => {
    expect(applyDiscount(EMPTY, { code, kitchen: null })).toEqual({ discountCodeId: 9 });
    const kitchen = { country: 'pl', pickupEnabled: true, deliveryEnabled: true };
    expect(applyDiscount({ restaurantId: 3, country: 'ua' }, { code, kitchen })).toEqual({ discountCodeId: 9 });
    expect(removeDiscount(HOLDING)).toEqual({ discountCodeId: null });
  });

  it.each([
    ['no such code', null, 'discountCode'],
    ['a code of another country', { ...code, country: 'ua' }, 'discountCode'],
    ['a code switched off', { ...code, active: false }, 'discountNotActive'],
    ['a code used up', { ...code, used: 1 }, 'discountNotActive'],
  ] as const)('refuses %s', (_, found, key) => {
    expect(thrown(() => applyDiscount(EMPTY, { code: found, kitchen: null })).key).toBe(key);
  });
});
