import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  addressLines,
  AUTO_PRINT_WINDOW_MINUTES,
  kitchenClock,
  pieceCount,
  shouldAutoPrint,
  ticketPayment,
} from './tickets.ts';

describe('the slip’s payment line', () => {
  it('says paid for an online payment that came in, and what to collect on delivery', () => {
    const order = { total: 4550, currency: 'PLN' as const };
    expect(ticketPayment({ ...order, paymentType: 'online', paidAt: '2026-11-27T18:00:00Z' })).toEqual({
      state: 'paid',
    });
    expect(ticketPayment({ ...order, paymentType: 'cash', paidAt: null })).toEqual({
      state: 'toCollect',
      amount: 4550,
      currency: 'PLN',
      by: 'cash',
    });
    expect(ticketPayment({ ...order, paymentType: 'card', paidAt: null })).toMatchObject({ by: 'card' });
  });

  it('never says paid before the online payment came in', () => {
    expect(ticketPayment({ total: 100, currency: 'UAH', paymentType: 'online', paidAt: null })).toEqual({
      state: 'unpaid',
    });
  });
});

describe('the kitchen’s clock on paper', () => {
  const now = Temporal.Instant.from('2026-11-27T17:00:00Z');

  it('is the restaurant’s zone, 24-hour, without the day when it is today', () => {
    // 18:45 UTC is 19:45 in Warsaw and 20:45 in Kyiv.
    const promised = Temporal.Instant.from('2026-11-27T18:45:00Z');
    expect(kitchenClock(promised, 'Europe/Warsaw', now)).toEqual({ time: '19:45', day: null });
    expect(kitchenClock(promised, 'Europe/Kyiv', now)).toEqual({ time: '20:45', day: null });
  });

  it('names the day of a scheduled order for another day, by the restaurant’s calendar', () => {
    // 23:30 UTC on the 27th is already the 28th in Kyiv.
    const late = Temporal.Instant.from('2026-11-27T23:30:00Z');
    expect(kitchenClock(late, 'Europe/Warsaw', now)).toEqual({ time: '00:30', day: '28.11' });
    expect(kitchenClock(late, 'Europe/Kyiv', now)).toEqual({ time: '01:30', day: '28.11' });
  });
});

describe('the slip’s address and count', () => {
  it('writes street, number and flat, then zip and city, leaving out what is not given', () => {
    expect(addressLines({ street: 'Puławska', streetNo: '12', aptNo: '4', zip: '02-512', city: 'Warszawa' })).toEqual([
      'Puławska 12/4',
      '02-512 Warszawa',
    ]);
    expect(addressLines({ street: 'Puławska', streetNo: '12', zip: '02-512', city: 'Warszawa' })[0]).toBe(
      'Puławska 12',
    );
    expect(addressLines({})).toEqual([]);
  });

  it('counts the pieces', () => {
    expect(pieceCount([{ quantity: 2 }, { quantity: 1 }])).toBe(3);
    expect(pieceCount([])).toBe(0);
  });
});

describe('auto-print', () => {
  const accepted = '2026-11-27T18:00:00Z';
  const now = (seconds: number) => Temporal.Instant.from(accepted).add({ seconds });
  const order = { id: 'o1', status: 'processing', acceptedAt: accepted };

  it('prints an order just accepted, once per device', () => {
    expect(shouldAutoPrint(order, now(5), new Set())).toBe(true);
    expect(shouldAutoPrint(order, now(5), new Set(['o1']))).toBe(false);
  });

  it('does not print orders accepted before the window, nor orders not cooking', () => {
    expect(shouldAutoPrint(order, now(AUTO_PRINT_WINDOW_MINUTES * 60), new Set())).toBe(false);
    expect(shouldAutoPrint({ ...order, status: 'new', acceptedAt: null }, now(5), new Set())).toBe(false);
    expect(shouldAutoPrint({ ...order, status: 'waiting_for_courier' }, now(5), new Set())).toBe(false);
  });

  it('a board whose clock runs behind the server still prints (a negative age is within the window)', () => {
    expect(shouldAutoPrint(order, now(-30), new Set())).toBe(true);
  });
});
