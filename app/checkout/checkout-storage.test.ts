import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_STORAGE_KEY,
  checkoutKey,
  forgetCheckout,
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
