import { atom } from 'nanostores';
import type { MenuCategory } from './types.ts';

/** Which dishes and options of the page's restaurant cannot be ordered now, as its live stream last said. */
export type LiveAvailability = { items: ReadonlySet<number>; options: ReadonlySet<number> };

/** Set by the page's availability stream (live-availability.ts); null until its first message. */
export const $liveAvailability = atom<LiveAvailability | null>(null);

/**
 * The menu as rendered, each dish and option available or not as the stream last said: a dish the kitchen has
 * brought back gets its "+" again, an option that ran out is greyed out in an open dialog.
 */
export function withLive(categories: MenuCategory[], live: LiveAvailability | null): MenuCategory[] {
  if (!live) return categories;
  return categories.map((category) => ({
    ...category,
    items: category.items.map((item) => ({
      ...item,
      unavailable: live.items.has(item.id),
      groups: item.groups.map((group) => ({
        ...group,
        options: group.options.map((option) => ({ ...option, unavailable: live.options.has(option.id) })),
      })),
    })),
  }));
}
