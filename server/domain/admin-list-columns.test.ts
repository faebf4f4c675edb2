import { describe, expect, it } from 'vitest';
import { ADMIN_LISTS, LIST_ENTITIES } from './admin-lists.ts';
import { columnLabels, filterGroup, LIST_COLUMNS, rowLink } from './admin-list-columns.ts';

describe('admin list columns', () => {
  it('give every list its columns, each label once, and sort only by columns a list shows or its hidden keys', () => {
    for (const entity of LIST_ENTITIES) {
      expect(LIST_COLUMNS[entity].length, entity).toBeGreaterThan(0);
      const labels = columnLabels(entity);
      expect(new Set(labels).size).toBe(labels.length);
    }
    expect(ADMIN_LISTS.botKeys.sorts).toContain('name');
  });

  it('lead a row to its own page, or to what it stands for, or nowhere', () => {
    expect(rowLink('orders', { id: 'a1' })).toEqual({ entity: 'orders', id: 'a1' });
    expect(rowLink('clients', { id: 7 })).toEqual({ entity: 'users', id: '7' });
    expect(rowLink('payments', { orderId: 'o1' })).toEqual({ entity: 'orders', id: 'o1' });
    expect(rowLink('baskets', { orderId: null })).toBeNull();
    expect(rowLink('sales', { day: '2026-11-27' })).toBeNull();
    expect(rowLink('botKeys', { id: 3 })).toBeNull();
    expect(rowLink('concepts', {})).toBeNull();
  });

  it("name the words of an enumeration filter's options", () => {
    expect(filterGroup('orders', 'status')).toBe('status');
    expect(filterGroup('botKeys', 'status')).toBe('botKey');
    expect(filterGroup('users', 'status')).toBeNull();
    expect(filterGroup('orders', 'paymentMethod')).toBe('payment');
    expect(filterGroup('orders', 'q')).toBeNull();
  });
});
