import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from './phone-format.ts';

describe('formatPhone', () => {
  it('groups a Polish landline 2-3-2-2 and a Polish mobile 3-3-3 after +48, however it was typed', () => {
    for (const typed of [
      '221002030',
      '22 100 20 30',
      '(22) 100-20-30',
      '+48 22 100 20 30',
      '0048221002030',
      '48221002030',
    ]) {
      expect(formatPhone('pl', typed), typed).toBe('+48 22 100 20 30');
    }
    expect(formatPhone('pl', '600700800')).toBe('+48 600 700 800');
    expect(formatPhone('pl', '+48 501-234-567')).toBe('+48 501 234 567');
    expect(formatPhone('pl', '123456789')).toBe('+48 12 345 67 89');
  });

  it('writes a Ukrainian number without its trunk 0, 2-3-2-2 after +380', () => {
    expect(formatPhone('ua', '0441234567')).toBe('+380 44 123 45 67');
    expect(formatPhone('ua', '044 123 45 67')).toBe('+380 44 123 45 67');
    expect(formatPhone('ua', '+380 50 123 45 67')).toBe('+380 50 123 45 67');
    expect(formatPhone('ua', '380441234567')).toBe('+380 44 123 45 67');
  });

  it('groups a Portuguese number 3-3-3 after +351', () => {
    expect(formatPhone('pt', '213456789')).toBe('+351 213 456 789');
  });

  it('shows a number that is not one of its country’s as it was written', () => {
    expect(formatPhone('pl', ' 112 ')).toBe('112');
    expect(formatPhone('ua', '221002030')).toBe('221002030');
    expect(formatPhone('pl', '+380 44 123 45 67')).toBe('+380 44 123 45 67');
  });
});

describe('phoneHref', () => {
  it('dials the country code and the digits only', () => {
    expect(phoneHref('pl', '22 100 20 30')).toBe('tel:+48221002030');
    expect(phoneHref('pl', '+48 600 700 800')).toBe('tel:+48600700800');
    expect(phoneHref('ua', '0441234567')).toBe('tel:+380441234567');
    expect(phoneHref('pt', '213 456 789')).toBe('tel:+351213456789');
  });

  it('dials anything else as written', () => {
    expect(phoneHref('pl', '112')).toBe('tel:112');
    expect(phoneHref('pl', '+380 44 123 45 67')).toBe('tel:+380441234567');
  });
});
