import { describe, expect, it } from 'vitest';
import { brandGroups } from './brand-groups.ts';

const line = (id: number, restaurantId: number) => ({ id, kitchen: { restaurantId } });
const brand = (restaurantId: number, conceptName: string) => ({ restaurantId, conceptName });

describe('brandGroups', () => {
  it('keeps one group without a heading for one brand’s basket', () => {
    const lines = [line(1, 10), line(2, 10)];
    expect(brandGroups(lines, [])).toEqual([{ brand: null, lines }]);
    expect(brandGroups(lines, [brand(10, 'Pasta Fresca')])).toEqual([{ brand: null, lines }]);
  });

  it('groups a shared basket’s lines under their brands, in the basket’s order of brands', () => {
    const lines = [line(1, 11), line(2, 10), line(3, 12), line(4, 11)];
    const brands = [brand(10, 'Pasta Fresca'), brand(11, 'Sushi Kaizen'), brand(12, 'Pierogi Babci')];
    expect(brandGroups(lines, brands)).toEqual([
      { brand: brands[0], lines: [line(2, 10)] },
      { brand: brands[1], lines: [line(1, 11), line(4, 11)] },
      { brand: brands[2], lines: [line(3, 12)] },
    ]);
  });

  it('leaves out a brand without lines and never hides a line of a brand it does not list', () => {
    const brands = [brand(10, 'Pasta Fresca'), brand(11, 'Sushi Kaizen'), brand(12, 'Pierogi Babci')];
    expect(brandGroups([line(1, 10), line(2, 12), line(3, 99)], brands)).toEqual([
      { brand: brands[0], lines: [line(1, 10)] },
      { brand: brands[2], lines: [line(2, 12)] },
      { brand: null, lines: [line(3, 99)] },
    ]);
  });
});
