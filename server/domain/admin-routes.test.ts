import { describe, expect, it } from 'vitest';
import { adminHome, adminPath, matchAdminPath, rolesFor, screenInScope } from './admin-routes.ts';
import type { StaffScope } from './staff-access.ts';

describe('the admin route table', () => {
  it('matches the spec’s admin paths in every language', () => {
    expect(matchAdminPath('/admin')).toEqual({ screen: 'dashboard', locale: 'pl' });
    expect(matchAdminPath('/en/admin/')).toEqual({ screen: 'dashboard', locale: 'en' });
    expect(matchAdminPath('/ua/admin/users')).toEqual({ screen: 'list', entity: 'users', page: 1, locale: 'ua' });
    expect(matchAdminPath('/admin/orders/3')).toEqual({ screen: 'list', entity: 'orders', page: 3, locale: 'pl' });
    expect(matchAdminPath('/admin/discountCodes/add')).toEqual({
      screen: 'add',
      entity: 'discountCodes',
      locale: 'pl',
    });
    expect(matchAdminPath('/en/admin/restaurants/show/r%201')).toEqual({
      screen: 'show',
      entity: 'restaurants',
      id: 'r 1',
      locale: 'en',
    });
    expect(matchAdminPath('/en/admin/kitchen')).toEqual({ screen: 'kitchens', locale: 'en' });
    expect(matchAdminPath('/admin/kitchen/smash-club-wroclaw')).toEqual({
      screen: 'kitchen',
      restaurant: 'smash-club-wroclaw',
      locale: 'pl',
    });
  });

  it('matches nothing else, so unknown admin paths are the 404 page', () => {
    for (const path of [
      '/admin/unknown',
      '/admin/orders/0',
      '/admin/orders/x',
      '/admin/orders/show',
      '/admin/orders/add/more',
      '/admin/kitchen/a/b',
      '/administrator',
      '/de/admin',
      '/admin/orders/show/%E0%A4%A',
    ])
      expect(matchAdminPath(path), path).toBeNull();
  });

  it('builds every path it matches', () => {
    const screens = [
      { screen: 'dashboard' },
      { screen: 'list', entity: 'orders', page: 1 },
      { screen: 'list', entity: 'orders', page: 7 },
      { screen: 'add', entity: 'concepts' },
      { screen: 'show', entity: 'users', id: 'a/b' },
      { screen: 'kitchens' },
      { screen: 'kitchen', restaurant: 'r-1' },
      { screen: 'ticket', id: 'a1b2', kind: 'kitchen' },
      { screen: 'ticket', id: 'a1b2', kind: 'packing' },
    ] as const;
    for (const locale of ['pl', 'en', 'ua'] as const)
      for (const screen of screens) expect(matchAdminPath(adminPath(locale, screen))).toEqual({ ...screen, locale });
  });

  it('lets the call centre open only its new-order screen', () => {
    expect(rolesFor({ screen: 'add', entity: 'orders' })).toEqual(['admin', 'callCenter']);
    expect(rolesFor({ screen: 'list', entity: 'orders', page: 1 })).toEqual(['admin']);
    expect(rolesFor({ screen: 'dashboard' })).toEqual(['admin']);
  });

  it('lets kitchen accounts open their boards and orders, a manager also a restaurant, and nothing else', () => {
    expect(rolesFor({ screen: 'kitchens' })).toEqual(['admin', 'kitchenStaff', 'kitchenManager']);
    expect(rolesFor({ screen: 'kitchen', restaurant: 'r' })).toEqual(['admin', 'kitchenStaff', 'kitchenManager']);
    // A cook prints the papers of the orders of the kitchen (the API refuses another kitchen's).
    expect(rolesFor({ screen: 'ticket', id: 'x', kind: 'kitchen' })).toEqual([
      'admin',
      'kitchenStaff',
      'kitchenManager',
    ]);
    expect(matchAdminPath('/en/admin/orders/packing-slip/abc')).toEqual({
      screen: 'ticket',
      id: 'abc',
      kind: 'packing',
      locale: 'en',
    });
    expect(matchAdminPath('/admin/orders/ticket/abc/more')).toBeNull();
    expect(rolesFor({ screen: 'show', entity: 'orders', id: 'x' })).toEqual([
      'admin',
      'kitchenStaff',
      'kitchenManager',
    ]);
    expect(rolesFor({ screen: 'show', entity: 'restaurants', id: '1' })).toEqual(['admin', 'kitchenManager']);
    for (const screen of [
      { screen: 'dashboard' },
      { screen: 'list', entity: 'orders', page: 1 },
      { screen: 'list', entity: 'restaurants', page: 1 },
      { screen: 'show', entity: 'users', id: 'x' },
      { screen: 'add', entity: 'users' },
    ] as const)
      expect(rolesFor(screen), JSON.stringify(screen)).toEqual(['admin']);
    expect(adminHome('kitchenStaff')).toEqual({ screen: 'kitchens' });
    expect(adminHome('admin')).toEqual({ screen: 'dashboard' });
  });

  it('opens a kitchen account only the boards and restaurants of its kitchens', () => {
    const scope: StaffScope = {
      kind: 'kitchens',
      role: 'kitchenManager',
      kitchens: [{ id: 1, slug: 'k', name: 'K', restaurants: [{ id: 7, slug: 'pasta-k', name: 'Pasta' }] }],
    };
    expect(screenInScope({ screen: 'kitchen', restaurant: 'pasta-k' }, scope)).toBe(true);
    expect(screenInScope({ screen: 'kitchen', restaurant: 'pasta-elsewhere' }, scope)).toBe(false);
    expect(screenInScope({ screen: 'show', entity: 'restaurants', id: '7' }, scope)).toBe(true);
    expect(screenInScope({ screen: 'show', entity: 'restaurants', id: '8' }, scope)).toBe(false);
    expect(screenInScope({ screen: 'show', entity: 'restaurants', id: '7x' }, scope)).toBe(false);
    expect(screenInScope({ screen: 'kitchen', restaurant: 'anything' }, { kind: 'all' })).toBe(true);
  });
});
