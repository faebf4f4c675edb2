import { describe, expect, it } from 'vitest';
import { orderSearchOf } from './order-search.ts';

describe('what the call centre searches orders by', () => {
  it('reads an e-mail address, whatever its case', () => {
    expect(orderSearchOf(' Jan.Kowalski@Example.com ')).toEqual({ by: 'email', email: 'jan.kowalski@example.com' });
  });

  it('reads an order number, with or without a #', () => {
    expect(orderSearchOf('3fa9c')).toEqual({ by: 'number', displayId: '3fa9c' });
    expect(orderSearchOf('#3FA9C')).toEqual({ by: 'number', displayId: '3fa9c' });
  });

  it('reads a phone number however it was typed, by its last nine digits', () => {
    expect(orderSearchOf('+48 600 700 800')).toEqual({ by: 'phone', key: '600700800' });
    expect(orderSearchOf('(050) 123-45-67')).toEqual({ by: 'phone', key: '501234567' });
  });

  it('refuses what is none of them', () => {
    for (const query of ['', '   ', '12345678', 'kowalski', 'jan@', 'ab12', '3fa9cd'])
      expect(orderSearchOf(query), query).toBeNull();
  });
});
