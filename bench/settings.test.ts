import { afterEach, describe, expect, it } from 'vitest';
import { wholeNumberSetting } from './settings.ts';

const NAME = 'BENCH_SETTINGS_TEST';
afterEach(() => {
  delete process.env[NAME];
});

describe('a benchmark setting from the environment', () => {
  it('is the fallback when unset or empty, and the number given otherwise', () => {
    expect(wholeNumberSetting(NAME, 400)).toBe(400);
    process.env[NAME] = '';
    expect(wholeNumberSetting(NAME, 400)).toBe(400);
    process.env[NAME] = '25';
    expect(wholeNumberSetting(NAME, 400)).toBe(25);
  });

  it.each(['abc', '2.5', '0', '-3'])('refuses %s with the variable named', (given) => {
    process.env[NAME] = given;
    expect(() => wholeNumberSetting(NAME, 400)).toThrow(`${NAME} must be a whole number, 1 or more (was "${given}")`);
  });
});
