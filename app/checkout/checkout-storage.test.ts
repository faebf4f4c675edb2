import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_DRAFT_KEY,
  CHECKOUT_STORAGE_KEY,
  checkoutKey,
  draftOf,
  forgetCheckout,
  forgetDraft,
  keepDraft,
  placedCheckout,
  rememberPlaced,
  unansweredCheckout,
} from './checkout-storage.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('the checkout’s Idempotency-Key', () => {
  it('is one key per basket, the same for every click, reload and tab', () => {
    const storage = memoryStorage();
    const first = checkoutKey('basket-1', storage);
    expect(checkoutKey('basket-1', storage)).toBe(first);
    // A second tab reads the same storage.
    expect(checkoutKey('basket-1', { ...storage })).toBe(first);
    const next = checkoutKey('basket-2', storage);
    expect(next).not.toBe(first);
  });

  it('remembers the order placed, with the key kept, until forgotten', () => {
    const storage = memoryStorage();
    const key = checkoutKey('basket-1', storage);
    expect(placedCheckout(storage)).toBeNull();
    rememberPlaced('basket-1', { orderId: 'o-1', token: 't-1' }, storage);
    expect(placedCheckout(storage)).toEqual({ orderId: 'o-1', token: 't-1' });
    expect(checkoutKey('basket-1', storage)).toBe(key);
    forgetCheckout(storage);
    expect(placedCheckout(storage)).toBeNull();
  });

  it('knows a sent checkout whose answer never came, until the order is remembered', () => {
    const storage = memoryStorage();
    expect(unansweredCheckout(storage)).toBeNull();
    const key = checkoutKey('basket-1', storage);
    expect(unansweredCheckout(storage)).toEqual({ basketId: 'basket-1', key });
    rememberPlaced('basket-1', { orderId: 'o-1', token: 't-1' }, storage);
    expect(unansweredCheckout(storage)).toBeNull();
  });

  it('ignores what it did not write', () => {
    const storage = memoryStorage();
    storage.setItem(CHECKOUT_STORAGE_KEY, '{"basketId":1}');
    expect(placedCheckout(storage)).toBeNull();
    storage.setItem(CHECKOUT_STORAGE_KEY, 'not json');
    expect(checkoutKey('basket-1', storage)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the checkout’s draft', () => {
  it('keeps the typed details of one basket, not the payment’s or the consents, until the order is placed', () => {
    const storage = memoryStorage();
    keepDraft(
      'basket-1',
      { firstname: 'Anna', email: 'anna@example.com', street: '', blikCode: '123456', agree1: true, comment: 'Gate 2' },
      storage,
    );
    expect(draftOf('basket-1', storage)).toEqual({ firstname: 'Anna', email: 'anna@example.com', comment: 'Gate 2' });
    // Another basket (an order placed meanwhile, a new one started) starts from nothing.
    expect(draftOf('basket-2', storage)).toBeNull();
    forgetDraft(storage);
    expect(draftOf('basket-1', storage)).toBeNull();
  });

  it('reads nothing from a damaged or foreign entry, and a refused write loses only the draft', () => {
    const storage = memoryStorage();
    storage.setItem(CHECKOUT_DRAFT_KEY, '{not json');
    expect(draftOf('basket-1', storage)).toBeNull();
    storage.setItem(
      CHECKOUT_DRAFT_KEY,
      JSON.stringify({ basketId: 'basket-1', fields: { firstname: 7, city: 'Kyiv' } }),
    );
    expect(draftOf('basket-1', storage)).toEqual({ city: 'Kyiv' });
    const full = {
      ...storage,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => keepDraft('basket-1', { firstname: 'Anna' }, full)).not.toThrow();
  });
});
