import { describe, expect, it } from 'vitest';
import { groupByBrand } from './basket-brands.ts';

const pierogi = { restaurantId: 7, name: 'Pierogi Babci' };
const sushi = { restaurantId: 8, name: 'Sushi Kaizen' };
const pasta = { restaurantId: 1, name: 'Pasta Fresca' };
const line = (id: number, restaurantId: number) => ({ id, kitchen: { restaurantId } });
const kitchenOf = (l: ReturnType<typeof line>) => l.kitchen.restaurantId;
const ids = (groups: { brand: { name: string }; lines: { id: number }[] }[]) =>
  groups.map((g) => [g.brand.name, g.lines.map((l) => l.id)]);

describe('the lines of a shared basket under their brands', () => {
  it('groups in the order the brands came, each group’s lines in the basket’s order', () => {
    const lines = [line(1, 8), line(2, 7), line(3, 1), line(4, 8), line(5, 7)];
    expect(ids(groupByBrand(lines, [pierogi, sushi, pasta], kitchenOf))).toEqual([
      ['Pierogi Babci', [2, 5]],
      ['Sushi Kaizen', [1, 4]],
      ['Pasta Fresca', [3]],
    ]);
  });

  it('has no groups for a basket of one brand, or at a location that does not share (no brands)', () => {
    const lines = [line(1, 1), line(2, 1)];
    expect(groupByBrand(lines, [pasta], kitchenOf)).toEqual([]);
    expect(groupByBrand(lines, [], kitchenOf)).toEqual([]);
  });

  it('leaves out a listed brand no line names', () => {
    expect(ids(groupByBrand([line(1, 8), line(2, 1)], [pierogi, sushi, pasta], kitchenOf))).toEqual([
      ['Sushi Kaizen', [1]],
      ['Pasta Fresca', [2]],
    ]);
  });

  it('never hides a line whose brand is not listed: it joins the first group', () => {
    const lines = [line(1, 8), line(2, 99), line(3, 7)];
    const groups = groupByBrand(lines, [pierogi, sushi], kitchenOf);
    expect(ids(groups)).toEqual([
      ['Pierogi Babci', [2, 3]],
      ['Sushi Kaizen', [1]],
    ]);
    expect(groups.flatMap((g) => g.lines)).toHaveLength(lines.length);
  });
});
