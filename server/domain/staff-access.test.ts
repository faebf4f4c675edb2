import { describe, expect, it } from 'vitest';
import { mayActOnRestaurant, mayCallAdminApi, roleReaches, type StaffScope } from './staff-access.ts';

const kitchen: StaffScope = {
  kind: 'kitchens',
  role: 'kitchenStaff',
  kitchens: [
    { id: 1, slug: 'a', name: 'A', restaurants: [{ id: 10, slug: 'r10', name: 'R10' }] },
    { id: 2, slug: 'b', name: 'B', restaurants: [{ id: 20, slug: 'r20', name: 'R20' }] },
  ],
};

describe('what a staff account may act on (issue 37)', () => {
  it('covers the restaurants of the account’s kitchens only; the admin every one', () => {
    expect(mayActOnRestaurant(kitchen, 10)).toBe(true);
    expect(mayActOnRestaurant(kitchen, 20)).toBe(true);
    expect(mayActOnRestaurant(kitchen, 30)).toBe(false);
    expect(mayActOnRestaurant({ kind: 'kitchens', role: 'kitchenManager', kitchens: [] }, 10)).toBe(false);
    expect(mayActOnRestaurant({ kind: 'all' }, 30)).toBe(true);
  });

  it('gives kitchen staff the boards and orders, a manager also menus and opening hours', () => {
    expect(roleReaches('kitchenStaff', 'kitchen')).toBe(true);
    expect(roleReaches('kitchenStaff', 'menu')).toBe(false);
    expect(roleReaches('kitchenStaff', 'opening')).toBe(false);
    expect(roleReaches('kitchenManager', 'menu')).toBe(true);
    expect(roleReaches('kitchenManager', 'opening')).toBe(true);
    expect(roleReaches('callCenter', 'kitchen')).toBe(false);
    expect(roleReaches('user', 'kitchen')).toBe(false);
  });

  it('lets a kitchen account make its areas’ calls only, and the admin every call', () => {
    const id = '6f1c2b9e-0000-4000-8000-000000000000';
    expect(mayCallAdminApi('kitchenStaff', 'GET', '/api/admin/kitchen/pasta')).toBe(true);
    expect(mayCallAdminApi('kitchenStaff', 'HEAD', '/api/admin/kitchen/pasta/events')).toBe(true);
    expect(mayCallAdminApi('kitchenStaff', 'POST', `/api/admin/orders/${id}/actions`)).toBe(true);
    expect(mayCallAdminApi('kitchenStaff', 'GET', '/api/admin/orders')).toBe(false);
    expect(mayCallAdminApi('kitchenStaff', 'PUT', '/api/admin/menu/items/3')).toBe(false);
    expect(mayCallAdminApi('kitchenManager', 'PUT', '/api/admin/menu/items/3')).toBe(true);
    expect(mayCallAdminApi('kitchenManager', 'POST', '/api/admin/menu/restaurants/3/copy')).toBe(true);
    expect(mayCallAdminApi('kitchenManager', 'PUT', '/api/admin/menu/restaurants/3/prices')).toBe(true);
    expect(mayCallAdminApi('kitchenStaff', 'GET', '/api/admin/menu/restaurants/3/export')).toBe(false);
    expect(mayCallAdminApi('kitchenManager', 'POST', '/api/admin/menu/restaurants/3/photo')).toBe(true);
    expect(mayCallAdminApi('kitchenStaff', 'POST', '/api/admin/menu/restaurants/3/photo')).toBe(false);
    expect(mayCallAdminApi('kitchenManager', 'PUT', '/api/admin/restaurants/3/opening')).toBe(true);
    expect(mayCallAdminApi('kitchenManager', 'PUT', '/api/admin/restaurants/3')).toBe(false);
    expect(mayCallAdminApi('kitchenManager', 'GET', '/api/admin/users')).toBe(false);
    expect(mayCallAdminApi('kitchenManager', 'GET', '/api/admin/dashboard')).toBe(false);
    expect(mayCallAdminApi('callCenter', 'GET', '/api/admin/kitchen/pasta')).toBe(false);
    expect(mayCallAdminApi('admin', 'DELETE', '/api/admin/anything/else')).toBe(true);
  });
});
