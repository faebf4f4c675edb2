import { describe, expect, it } from 'vitest';
import { pathFor } from '#domain/localized-routes.ts';
import { loggedPath } from './request-log.ts';

describe('the request log', () => {
  it("leaves an order's access token out of the status page's path, in every language", () => {
    for (const locale of ['pl', 'en', 'ua'] as const) {
      const path = pathFor('status', locale, { orderId: 'ord-1', token: 'AmecKkA-Xlnk-R_secret' });
      expect(loggedPath(path)).not.toContain('AmecKkA');
      expect(loggedPath(path)).toContain('ord-1');
    }
  });

  it('keeps every other path as it is', () => {
    for (const path of ['/', '/en/basket', '/api/orders/ord-1/events', '/restauracja/status-bar', '/api/basket/items'])
      expect(loggedPath(path)).toBe(path);
  });
});
