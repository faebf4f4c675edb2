import { describe, expect, it } from 'vitest';
import { paymentStage, statusUrl } from './payment-flow.ts';

const order = (status: string, payment: { status: string; redirectUrl?: string | null } | null) =>
  ({
    status,
    payment: payment ? { method: 'blik', redirectUrl: null, ...payment } : null,
  }) as Parameters<typeof paymentStage>[0];

describe('where a payment stands for the page', () => {
  it('reads the order and its newest payment', () => {
    expect(paymentStage(order('new', null))).toBe('settled');
    expect(paymentStage(order('waiting_for_payment', { status: 'pending' }))).toBe('processing');
    expect(paymentStage(order('waiting_for_payment', { status: 'pending', redirectUrl: 'http://bank/1' }))).toBe(
      'redirect',
    );
    expect(paymentStage(order('waiting_for_payment', { status: 'failed' }))).toBe('declined');
    expect(paymentStage(order('waiting_for_payment', { status: 'canceled' }))).toBe('canceled');
    expect(paymentStage(order('waiting_for_payment', { status: 'paid' }))).toBe('settled');
    expect(paymentStage(order('canceled', { status: 'failed' }))).toBe('closed');
    expect(paymentStage(order('rejected', { status: 'paid' }))).toBe('settled');
  });

  it('leads to the order’s status page in the page’s language', () => {
    expect(statusUrl('pl', 'o1', 't1')).toBe('/status/o1/t1');
    expect(statusUrl('ua', 'o1', 't1')).toBe('/ua/status/o1/t1');
  });
});
