import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedPrice, copyPlan, menuCopyProblems, priceChangeProblems } from './menu-tools.ts';

describe('price changes', () => {
  it('round a percentage to the nearest minor unit and add an amount', () => {
    expect(changedPrice(1990, { kind: 'percent', value: 10 })).toBe(2189);
    expect(changedPrice(1990, { kind: 'percent', value: -5 })).toBe(1891); // 1890.5 rounds away from zero
    expect(changedPrice(1995, { kind: 'percent', value: 10.1 })).toBe(2196); // 2196.495
    expect(changedPrice(1990, { kind: 'amount', value: 200 })).toBe(2190);
    expect(changedPrice(1990, { kind: 'amount', value: -2000 })).toBe(-10);
  });

  it('a percentage keeps prices whole and ordered', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -9900, max: 100_000 }).map((bp) => bp / 100),
        (a, b, value) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const change = { kind: 'percent' as const, value };
          expect(Number.isInteger(changedPrice(low, change))).toBe(true);
          expect(changedPrice(low, change)).toBeLessThanOrEqual(changedPrice(high, change));
          expect(changedPrice(low, change)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('name the dishes a change would take below zero, unknown ones and repeats', () => {
    const selection = [
      { id: 1, price: 1000 },
      { id: 2, price: 300 },
    ];
    expect(priceChangeProblems(selection, { itemIds: [1, 2], change: { kind: 'amount', value: -500 } })).toEqual({
      'itemIds.1': 'outOfRange',
    });
    expect(priceChangeProblems(selection, { itemIds: [1, 9, 1], change: { kind: 'percent', value: 5 } })).toEqual({
      'itemIds.1': 'notFound',
      itemIds: 'invalid',
    });
    expect(priceChangeProblems(selection, { itemIds: [2], change: { kind: 'percent', value: -50 } })).toEqual({});
  });
});

describe('copy plans', () => {
  const source = [{ name: 'Śniadania' }, { name: 'Pizze' }, { name: 'Napoje' }];
  const target = [
    { id: 10, name: 'pizze ' },
    { id: 11, name: 'Desery' },
  ];

  it('replace the whole menu, the categories of the same name, or add only what the target lacks', () => {
    expect(copyPlan(source, target, 'menu')).toEqual({ retire: [10, 11], copy: [0, 1, 2], skip: [] });
    expect(copyPlan(source, target, 'sameName')).toEqual({ retire: [10], copy: [0, 1, 2], skip: [] });
    expect(copyPlan(source, target, 'nothing')).toEqual({ retire: [], copy: [0, 2], skip: [1] });
  });

  it('copy or skip every source category exactly once, and never retire a target category of another name', () => {
    const names = fc.array(fc.constantFrom('A', 'a', 'B', 'C ', 'D'), { maxLength: 6 });
    fc.assert(
      fc.property(names, names, fc.constantFrom('menu', 'sameName', 'nothing' as const), (s, t, overwrite) => {
        const plan = copyPlan(
          s.map((name) => ({ name })),
          t.map((name, id) => ({ id, name })),
          overwrite,
        );
        expect([...plan.copy, ...plan.skip].sort()).toEqual(s.map((_, i) => i));
        if (overwrite === 'nothing') expect(plan.retire).toEqual([]);
        if (overwrite === 'sameName') {
          for (const id of plan.retire) {
            expect(s.some((name) => name.trim().toLowerCase() === t[id]!.trim().toLowerCase())).toBe(true);
          }
        }
      }),
    );
  });

  it('refuse the source as a target, a target twice and a whole-menu overwrite of one category', () => {
    expect(menuCopyProblems(1, { targetRestaurantIds: [2, 1, 2], overwrite: 'sameName' })).toEqual({
      'targetRestaurantIds.1': 'invalid',
      'targetRestaurantIds.2': 'invalid',
    });
    expect(menuCopyProblems(1, { targetRestaurantIds: [2], categoryId: 5, overwrite: 'menu' })).toEqual({
      overwrite: 'invalid',
    });
  });
});
