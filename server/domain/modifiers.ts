import { RuleError } from './errors.ts';

export type ModifierOption = { id: number; name: string; price: number; unavailable?: boolean };
export type ModifierGroup = {
  id: number;
  name: string;
  required: boolean;
  min: number;
  /** 0 means no upper limit (a group that allowed no choice at all would be pointless). */
  max: number;
  options: ModifierOption[];
};

export const REQUIRED_OPTIONS_MESSAGE = 'Please select required options';

/** How many options of a group the customer may pick: [min, max], max Infinity when unlimited. */
export function choiceBounds(group: Pick<ModifierGroup, 'required' | 'min' | 'max'>): { min: number; max: number } {
  // A required group needs at least one choice even when its min was left at 0.
  const min = group.required ? Math.max(1, group.min) : group.min;
  return { min, max: group.max > 0 ? group.max : Infinity };
}

function fail(details: Record<string, unknown>): never {
  throw new RuleError('requiredOptions', REQUIRED_OPTIONS_MESSAGE, details);
}

/**
 * Checks the options chosen for one menu item before it goes into the basket (spec section 5) and
 * returns the chosen options in the order given. Throws RuleError('requiredOptions') when a
 * required group has too few choices, any group has too many, a non-required group that was
 * touched has fewer than its min (choosing nothing there is fine), an option id belongs to no
 * group of this item, or the same option is chosen twice; RuleError('productUnavailable') when a
 * chosen option is unavailable.
 */
export function checkModifierSelection(groups: ModifierGroup[], selectedOptionIds: number[]): ModifierOption[] {
  const owner = new Map<number, { group: ModifierGroup; option: ModifierOption }>();
  for (const group of groups) for (const option of group.options) owner.set(option.id, { group, option });

  const counts = new Map<number, number>();
  const chosen: ModifierOption[] = [];
  const seen = new Set<number>();
  for (const id of selectedOptionIds) {
    const hit = owner.get(id);
    if (!hit) fail({ reason: 'unknownOption', optionId: id });
    if (seen.has(id)) fail({ reason: 'duplicateOption', optionId: id });
    seen.add(id);
    if (hit.option.unavailable) {
      throw new RuleError('productUnavailable', `option ${hit.option.name} is unavailable`, { optionId: id });
    }
    counts.set(hit.group.id, (counts.get(hit.group.id) ?? 0) + 1);
    chosen.push(hit.option);
  }

  for (const group of groups) {
    const count = counts.get(group.id) ?? 0;
    const { min, max } = choiceBounds(group);
    if (count === 0 && !group.required) continue;
    if (count < min) fail({ reason: 'tooFew', groupId: group.id, min, count });
    if (count > max) fail({ reason: 'tooMany', groupId: group.id, max, count });
  }
  return chosen;
}

/** Non-throwing form for the islands: which groups still need attention. */
export function unmetGroups(groups: ModifierGroup[], selectedOptionIds: number[]): number[] {
  const selected = new Set(selectedOptionIds);
  return groups
    .filter((group) => {
      const count = group.options.filter((o) => selected.has(o.id)).length;
      const { min, max } = choiceBounds(group);
      if (count === 0) return group.required;
      return count < min || count > max;
    })
    .map((g) => g.id);
}
