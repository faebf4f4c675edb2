import { describe, expect, it } from 'vitest';
import { withLive } from './live-menu.ts';
import type { MenuCategory } from './types.ts';

const option = (id: number, unavailable: boolean) => ({ id, name: `o${id}`, price: 0, unavailable });
const menu = [
  {
    id: 1,
    name: 'Pizza',
    items: [
      { id: 10, name: 'Margherita', unavailable: false, groups: [{ id: 5, options: [option(50, false)] }] },
      { id: 11, name: 'Diavola', unavailable: true, groups: [{ id: 6, options: [option(60, true)] }] },
    ],
  },
] as unknown as MenuCategory[];

describe('the menu as the kitchen says now', () => {
  it('is the rendered menu until the stream has said anything', () => {
    expect(withLive(menu, null)).toBe(menu);
  });

  it('takes each dish and option from the stream: one runs out, one rendered out comes back', () => {
    const live = withLive(menu, { items: new Set([10]), options: new Set([50]) });
    const [margherita, diavola] = live[0]!.items;
    expect(margherita).toMatchObject({ unavailable: true, groups: [{ options: [{ id: 50, unavailable: true }] }] });
    expect(diavola).toMatchObject({ unavailable: false, groups: [{ options: [{ id: 60, unavailable: false }] }] });
    // The page's own props are left as they were.
    expect(menu[0]!.items[0]!.unavailable).toBe(false);
  });
});
