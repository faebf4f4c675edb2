import type { AllergenInfo } from '#domain/allergens.ts';
import { choiceBounds, unmetGroups, type ModifierGroup } from '#domain/modifiers.ts';

/** The price of one item with the chosen options: a resetPrices item costs only its options (design.md). */
export function unitPrice(
  item: { price: number; resetPrices: boolean; groups: ModifierGroup[] },
  selected: number[],
): number {
  const chosen = new Set(selected);
  const options = item.groups.flatMap((g) => g.options).filter((o) => chosen.has(o.id));
  return (item.resetPrices ? 0 : item.price) + options.reduce((sum, o) => sum + o.price, 0);
}

/**
 * Toggles an option in the selection. In a group that allows one choice the new option replaces the old one (a
 * radio group); in others it is refused once the group's maximum is reached, so the selection never breaks max.
 */
export function toggleOption(groups: ModifierGroup[], selected: number[], optionId: number): number[] {
  const group = groups.find((g) => g.options.some((o) => o.id === optionId));
  if (!group) return selected;
  if (selected.includes(optionId)) return selected.filter((id) => id !== optionId);
  const inGroup = group.options.map((o) => o.id);
  const { max } = choiceBounds(group);
  if (max === 1) return [...selected.filter((id) => !inGroup.includes(id)), optionId];
  if (selected.filter((id) => inGroup.includes(id)).length >= max) return selected;
  return [...selected, optionId];
}

/** The groups that still stop the item from going into the basket (required / min / max). */
export const groupsToFix = (groups: ModifierGroup[], selected: number[]): number[] => unmetGroups(groups, selected);

/** The chosen options' allergens, for allergensOfChoice with the item's own (the dialog shows the union). */
export function chosenAllergens(
  item: { groups: { options: { id: number; allergens: AllergenInfo }[] }[] },
  selected: number[],
): AllergenInfo[] {
  const chosen = new Set(selected);
  return item.groups.flatMap((g) => g.options).flatMap((o) => (chosen.has(o.id) ? [o.allergens] : []));
}
