import { type } from 'arktype';
import type { FieldRule } from './errors.ts';

/**
 * The brand operator's menu tools (issue 38): a price change for many dishes at once, and copying a category or a
 * whole menu to other restaurants of the brand. The rules are here once; the admin's services apply them in one
 * transaction and the menu editor's store sends these bodies.
 */

const rowId = type('1 <= number.integer <= 2147483647');

/** Prices are in minor units of the restaurant's currency (grosze, kopiyky); an amount is too. */
const MAX_PRICE = 100_000_000;

/**
 * A price change for a selection of dishes: by a percentage (+10, -5.5) or by an amount in minor units (+200 is
 * 2 zł more). Options' prices stay: they are surcharges, which a price round rarely moves.
 */
export const priceChangeBody = type({
  itemIds: rowId.array().atLeastLength(1).atMostLength(2000),
  change: type({ kind: "'percent'", value: '-99 <= number <= 1000' }).or({
    kind: "'amount'",
    value: `${-MAX_PRICE} <= number.integer <= ${MAX_PRICE}`,
  }),
});
export type PriceChangeBody = typeof priceChangeBody.infer;
export type PriceChange = PriceChangeBody['change'];

/**
 * The new price: a percentage rounds to the nearest minor unit (half away from zero, as a cashier would), an amount
 * adds. May be negative or above the limit: priceChangeProblems says so before anything is written.
 */
export function changedPrice(price: number, change: PriceChange): number {
  if (change.kind === 'amount') return price + change.value;
  // In hundredths of a percent first, so that 10.1 % of 1990 is exact integer arithmetic, not 0.101 * 1990.
  const basisPoints = Math.round(change.value * 100);
  const scaled = price * (10_000 + basisPoints);
  return Math.sign(scaled) * Math.round(Math.abs(scaled) / 10_000);
}

/**
 * The items whose new price would fall below zero or above the limit, as validation details at their place in the
 * selection (`itemIds.3: outOfRange`): the change is then refused whole, so no dish is left half-changed.
 */
export function priceChangeProblems(
  selection: { id: number; price: number }[],
  body: PriceChangeBody,
): Record<string, FieldRule> {
  const problems: Record<string, FieldRule> = {};
  const prices = new Map(selection.map((row) => [row.id, row.price]));
  body.itemIds.forEach((id, index) => {
    const price = prices.get(id);
    if (price === undefined) {
      problems[`itemIds.${index}`] = 'notFound';
      return;
    }
    const next = changedPrice(price, body.change);
    if (next < 0 || next > MAX_PRICE) problems[`itemIds.${index}`] = 'outOfRange';
  });
  if (new Set(body.itemIds).size !== body.itemIds.length) problems['itemIds'] = 'invalid';
  return problems;
}

/**
 * What a copy overwrites in each target restaurant:
 * - `menu`: the target's whole menu is replaced (its categories and dishes are deleted, softly, then the copy
 *   added); only for a whole menu;
 * - `sameName`: the target's categories named like a copied one are replaced, the others kept;
 * - `nothing`: only the categories the target lacks are added; the ones it has keep its own dishes and prices.
 */
export const COPY_OVERWRITES = ['menu', 'sameName', 'nothing'] as const;
export type CopyOverwrite = (typeof COPY_OVERWRITES)[number];

export const menuCopyBody = type({
  targetRestaurantIds: rowId.array().atLeastLength(1).atMostLength(100),
  /** One category of the source; none copies the whole menu. */
  'categoryId?': rowId,
  overwrite: type.enumerated(...COPY_OVERWRITES),
});
export type MenuCopyBody = typeof menuCopyBody.infer;

/** Category names match as a person reads them: without case and surrounding spaces. */
export const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export type CopyPlan = {
  /** The target's categories to delete (softly, with their dishes) before the copy. */
  retire: number[];
  /** The source's categories to copy, by their index in the source list. */
  copy: number[];
  /** The source's categories left out, the target having one of that name. */
  skip: number[];
};

/** Which categories a copy to one target retires, copies and skips. */
export function copyPlan(
  source: { name: string }[],
  target: { id: number; name: string }[],
  overwrite: CopyOverwrite,
): CopyPlan {
  if (overwrite === 'menu') return { retire: target.map((t) => t.id), copy: source.map((_, i) => i), skip: [] };
  const plan: CopyPlan = { retire: [], copy: [], skip: [] };
  source.forEach((category, index) => {
    const matches = target.filter((t) => sameName(t.name, category.name));
    if (matches.length > 0 && overwrite === 'nothing') {
      plan.skip.push(index);
      return;
    }
    plan.retire.push(...matches.map((t) => t.id).filter((id) => !plan.retire.includes(id)));
    plan.copy.push(index);
  });
  return plan;
}

/**
 * What the types cannot say about a copy: a target given twice, the source itself as a target, a whole-menu
 * overwrite for one category (it would delete the rest of the target's menu).
 */
export function menuCopyProblems(sourceRestaurantId: number, body: MenuCopyBody): Record<string, FieldRule> {
  const problems: Record<string, FieldRule> = {};
  const seen = new Set<number>();
  body.targetRestaurantIds.forEach((id, index) => {
    if (id === sourceRestaurantId || seen.has(id)) problems[`targetRestaurantIds.${index}`] = 'invalid';
    seen.add(id);
  });
  if (body.categoryId !== undefined && body.overwrite === 'menu') problems['overwrite'] = 'invalid';
  return problems;
}
