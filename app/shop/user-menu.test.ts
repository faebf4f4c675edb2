import { describe, expect, it } from 'vitest';
import { userMenuEntries } from './user-menu.ts';

const keys = (
  role: 'user' | 'callCenter' | 'kitchenStaff' | 'kitchenManager' | 'admin' | null,
  locale: 'pl' | 'en' | 'ua' = 'pl',
) => userMenuEntries(role ? { role } : null, locale).map((entry) => `${entry.key} ${entry.href}`);

describe('user menu by role (spec section 6)', () => {
  it('offers guests login and register', () => {
    expect(keys(null)).toEqual(['home /', 'login /login', 'register /rejestracja']);
    expect(keys(null, 'en')).toEqual(['home /en', 'login /en/login', 'register /en/register']);
  });

  it('gives every logged-in user the main links and logout', () => {
    expect(keys('user', 'ua')).toEqual(['home /ua', 'profile /ua/profile', 'orders /ua/my-orders', 'logout /ua']);
  });

  it('adds the admin panel only for admins and the new order only for the call centre', () => {
    expect(keys('admin')).toEqual(['home /', 'profile /profil', 'orders /moje-zamowienia', 'admin /admin', 'logout /']);
    expect(keys('callCenter', 'en')).toEqual([
      'home /en',
      'profile /en/profile',
      'orders /en/my-orders',
      'newOrder /en/admin/orders/add',
      'logout /en',
    ]);
  });

  it('opens /admin, their kitchens, to kitchen accounts (issue 37)', () => {
    for (const role of ['kitchenStaff', 'kitchenManager'] as const)
      expect(keys(role, 'ua')).toEqual([
        'home /ua',
        'profile /ua/profile',
        'orders /ua/my-orders',
        'admin /ua/admin',
        'logout /ua',
      ]);
  });
});
