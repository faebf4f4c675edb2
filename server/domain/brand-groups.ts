import { type } from 'arktype';
import type { FieldRule } from './errors.ts';
import { allergenProblems, compactTranslations, modifierGroupProblems, modifierGroupBody } from './menu-forms.ts';

/**
 * Modifier groups defined once per brand (issue 38, decision 058): the definition's body and its rules (the item
 * form's own group rules, reused), which dishes may attach one, and how the attached copies follow an edit of the
 * definition. A copy is an ordinary modifier_groups row; its options are matched to the definition's by their link,
 * so an edit keeps their ids (and the baskets holding them) and only removed options go away.
 */

const rowId = type('1 <= number.integer <= 2147483647');

/** A brand group as the admin writes it: the item form's group without its ids; option ids are the brand's. */
export const brandGroupBody = modifierGroupBody.omit('id', 'brandGroupId');
export type BrandGroupBody = typeof brandGroupBody.infer;

/** A new brand group also says its prices' currency: only dishes sold in it may attach the group. */
export const brandGroupCreateBody = brandGroupBody.and({ currency: "'PLN' | 'UAH' | 'EUR'" });
export type BrandGroupCreateBody = typeof brandGroupCreateBody.infer;

/** Dishes to attach a brand group to, or to detach it from, at once. */
export const brandGroupItemsBody = type({ itemIds: rowId.array().atLeastLength(1).atMostLength(2000) });
export type BrandGroupItemsBody = typeof brandGroupItemsBody.infer;

/** Field details of the item form's rules, moved from `groups.0.` to the definition's own fields. */
function asDefinition(problems: Record<string, FieldRule>): Record<string, FieldRule> {
  return Object.fromEntries(Object.entries(problems).map(([field, rule]) => [field.replace(/^groups\.0\./, ''), rule]));
}

/**
 * What the types cannot say about a definition, as the item form's groups are checked: min above max or above the
 * options, an option id twice, an allergen twice or both contained and a trace.
 */
export function brandGroupProblems(body: BrandGroupBody): Record<string, FieldRule> {
  return asDefinition({
    ...modifierGroupProblems([body]),
    ...allergenProblems({ allergens: undefined, groups: [body] }),
  });
}

/** The brand group's own options by id, for an edit's check that every option id given is one of them. */
export function foreignOptionProblems(
  body: BrandGroupBody,
  ownOptionIds: readonly number[],
): Record<string, FieldRule> {
  const own = new Set(ownOptionIds);
  const problems: Record<string, FieldRule> = {};
  body.options.forEach((option, o) => {
    if (option.id !== undefined && !own.has(option.id)) problems[`options.${o}.id`] = 'notFound';
  });
  return problems;
}

export type AttachTarget = { id: number; conceptId: number; currency: string };

/**
 * Which dishes may not take the group, at their place in the list: unknown (or deleted) dishes are notFound, a dish
 * of another brand's restaurant otherBrand, one sold in another currency (the options' prices would mean another
 * amount) currencyMismatch; a dish named twice makes the list invalid.
 */
export function attachProblems(
  itemIds: readonly number[],
  found: readonly AttachTarget[],
  group: { conceptId: number; currency: string },
): Record<string, FieldRule> {
  const byId = new Map(found.map((item) => [item.id, item]));
  const problems: Record<string, FieldRule> = {};
  itemIds.forEach((id, index) => {
    const item = byId.get(id);
    if (!item) problems[`itemIds.${index}`] = 'notFound';
    else if (item.conceptId !== group.conceptId) problems[`itemIds.${index}`] = 'otherBrand';
    else if (item.currency !== group.currency) problems[`itemIds.${index}`] = 'currencyMismatch';
  });
  if (new Set(itemIds).size !== itemIds.length) problems['itemIds'] = 'invalid';
  return problems;
}

/** The stored definition: what a copy's modifier_groups row takes from it. */
export type BrandGroupRow = {
  name: string;
  translations: ReturnType<typeof compactTranslations>;
  required: boolean;
  min: number;
  max: number;
};

/** The columns a definition writes (trimmed, translations compacted), on itself and on every copy. */
export const brandGroupValues = (body: BrandGroupBody): BrandGroupRow => ({
  name: body.name.trim(),
  translations: compactTranslations(body.translations),
  required: body.required,
  min: body.min,
  max: body.max,
});

/** A definition option's columns, at its place in the list: the definition and every copy write the same. */
export const brandOptionValues = (option: BrandGroupBody['options'][number], position: number) => ({
  name: option.name.trim(),
  translations: compactTranslations(option.translations),
  price: option.price,
  unavailable: option.unavailable,
  position,
});

/**
 * How the copies' options follow the definition's: a copy's option whose brand option is gone (or that has no
 * link) is removed, and each definition option a copy lacks is added to it. The others are updated in place by
 * their link, keeping their ids.
 */
export function copyOptionPlan(
  definitionOptionIds: readonly number[],
  copyGroupIds: readonly number[],
  copyOptions: readonly { id: number; groupId: number; brandOptionId: number | null }[],
): { remove: number[]; add: { groupId: number; brandOptionId: number }[] } {
  const wanted = new Set(definitionOptionIds);
  const remove = copyOptions.filter((o) => o.brandOptionId === null || !wanted.has(o.brandOptionId)).map((o) => o.id);
  const held = new Set(
    copyOptions.flatMap((o) => (o.brandOptionId === null ? [] : [`${o.groupId}:${o.brandOptionId}`])),
  );
  const add = copyGroupIds.flatMap((groupId) =>
    definitionOptionIds
      .filter((id) => !held.has(`${groupId}:${id}`))
      .map((brandOptionId) => ({ groupId, brandOptionId })),
  );
  return { remove, add };
}
