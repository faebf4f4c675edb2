import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.ts';

describe('isUuid', () => {
  it('takes a uuid in either case', () => {
    expect(isUuid('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isUuid('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
  });

  it.each([
    null,
    undefined,
    '',
    'not-a-uuid',
    '0f8fad5b-d9cb-469f-a165-70867728950',
    "0f8fad5b-d9cb-469f-a165-70867728950e' or 1=1",
  ])('refuses %s', (value) => {
    expect(isUuid(value)).toBe(false);
  });
});
