import { describe, expect, it } from 'vitest';
import { COMPANY, SHOP_CONTACT } from './company.ts';

describe('the operator’s data', () => {
  it('has a NIP whose check digit is right (a typo would print a wrong tax number on every page)', () => {
    const digits = [...COMPANY.nip].map(Number);
    const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
    expect(digits).toHaveLength(10);
    expect(weights.reduce((sum, weight, i) => sum + weight * digits[i]!, 0) % 11).toBe(digits[9]);
  });

  it('has a postcode, a KRS number and an e-mail address of the right form', () => {
    expect(COMPANY.zip).toMatch(/^\d{2}-\d{3}$/);
    expect(COMPANY.krs).toMatch(/^\d{10}$/);
    expect(COMPANY.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/);
  });

  it('reserves a concept value no brand slug can mistake', () => {
    expect(SHOP_CONTACT).toBe('shop');
  });
});
