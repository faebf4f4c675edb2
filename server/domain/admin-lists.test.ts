import { describe, expect, it } from 'vitest';
import type { ADMIN_LISTS } from './admin-lists.ts';
import { isCalendarDate, listSearch, parseListQuery } from './admin-lists.ts';

const parse = (entity: keyof typeof ADMIN_LISTS, query: string) => parseListQuery(entity, new URLSearchParams(query));

describe('admin list queries', () => {
  it('defaults to page 1 and the list’s own sort', () => {
    expect(parse('orders', '')).toEqual({
      ok: true,
      query: { page: 1, sort: { key: 'createdAt', descending: true }, filters: {} },
    });
  });

  it('parses each kind of filter to its type and drops blank ones', () => {
    expect(parse('orders', 'page=3&sort=total&status=new&restaurant=12&from=2026-01-31&q=%20ab1%20&currency=')).toEqual(
      {
        ok: true,
        query: {
          page: 3,
          sort: { key: 'total', descending: false },
          filters: { status: 'new', restaurant: 12, from: '2026-01-31', q: 'ab1' },
        },
      },
    );
    expect(parse('concepts', 'active=false')).toMatchObject({ ok: true, query: { filters: { active: false } } });
  });

  it('names every parameter it refuses with the broken rule', () => {
    expect(parse('orders', 'colour=red&sort=name&restaurant=0&to=2026-13-01&page=0')).toEqual({
      ok: false,
      errors: { colour: 'invalid', sort: 'invalid', restaurant: 'isInt', to: 'invalid', page: 'outOfRange' },
    });
    expect(parse('sales', 'from=2026-02-02&to=2026-02-01')).toEqual({ ok: false, errors: { to: 'outOfRange' } });
  });

  it('knows which days exist', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-1')).toBe(false);
  });

  it('writes a state back as a stable query string that parses to the same state', () => {
    const search = listSearch('orders', {
      filters: { to: '2026-02-01', status: 'finished' },
      sort: { key: 'total', descending: true },
    });
    expect(search).toBe('?status=finished&to=2026-02-01&sort=-total');
    expect(parse('orders', search.slice(1))).toMatchObject({
      ok: true,
      query: { filters: { status: 'finished', to: '2026-02-01' }, sort: { key: 'total', descending: true } },
    });
    expect(listSearch('orders', { filters: {}, sort: { key: 'createdAt', descending: true } })).toBe('');
  });
});
