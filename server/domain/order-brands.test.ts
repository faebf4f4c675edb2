import { describe, expect, it } from 'vitest';
import { brandNames, brandsOfLines, linesByBrand, linesWithBrands, namesBrands } from './order-brands.ts';

const pasta = { restaurantId: 1, conceptName: 'Pasta Fresca' };
const sushi = { restaurantId: 4, conceptName: 'Sushi Kaizen' };
const pierogi = { restaurantId: 3, conceptName: 'Pierogi Babci' };
const line = (name: string, restaurantId: number) => ({ name, restaurantId });

describe('the brands of an order', () => {
  it('names each brand once, in the order the lines first name them', () => {
    const lines = [line('sushi set', 4), line('carbonara', 1), line('maki', 4), line('pierogi', 3)];
    const byId = new Map([pasta, sushi, pierogi].map((b) => [b.restaurantId, b]));
    expect(brandsOfLines(lines, (l) => byId.get(l.restaurantId)).map((b) => b?.conceptName)).toEqual([
      'Sushi Kaizen',
      'Pasta Fresca',
      'Pierogi Babci',
    ]);
  });

  it('has one brand for an ordinary order, and none for no lines', () => {
    expect(brandsOfLines([line('a', 1), line('b', 1)], (l) => l.restaurantId)).toEqual([1]);
    expect(brandsOfLines([], (l: { restaurantId: number }) => l.restaurantId)).toEqual([]);
  });
});

describe('lines grouped by brand', () => {
  it('puts each brand’s lines under it, sections in the lines’ order, lines in their own order', () => {
    const lines = [line('carbonara', 1), line('sushi set', 4), line('tiramisu', 1), line('maki', 4)];
    expect(linesByBrand(lines, [sushi, pasta])).toEqual([
      { brand: pasta, lines: [line('carbonara', 1), line('tiramisu', 1)] },
      { brand: sushi, lines: [line('sushi set', 4), line('maki', 4)] },
    ]);
  });

  it('gives an ordinary order one section holding every line', () => {
    const lines = [line('carbonara', 1), line('tiramisu', 1)];
    expect(linesByBrand(lines, [pasta])).toEqual([{ brand: pasta, lines }]);
  });

  it('never drops a line whose brand is not listed: it joins the first section', () => {
    const lines = [line('carbonara', 1), line('mystery', 9), line('maki', 4)];
    const sections = linesByBrand(lines, [pasta, sushi]);
    expect(sections.map((s) => s.lines.map((l) => l.name))).toEqual([['carbonara', 'mystery'], ['maki']]);
    expect(linesByBrand([line('mystery', 9)], [pasta])).toEqual([{ brand: pasta, lines: [line('mystery', 9)] }]);
    expect(sections.flatMap((s) => s.lines)).toHaveLength(lines.length);
  });

  it('has no section to hold lines when no brand is given: the screen lists them as an ordinary order’s', () => {
    expect(linesByBrand([line('carbonara', 1)], [])).toEqual([]);
  });

  it('leaves out a listed brand no line names', () => {
    expect(linesByBrand([line('maki', 4)], [pasta, sushi])).toEqual([{ brand: sushi, lines: [line('maki', 4)] }]);
  });
});

describe('when a screen names the brands', () => {
  it('names them for two or more brands only', () => {
    expect(namesBrands([])).toBe(false);
    expect(namesBrands([pasta])).toBe(false);
    expect(namesBrands([pasta, sushi])).toBe(true);
  });

  it('joins the names in the given order', () => {
    expect(brandNames([sushi, pasta])).toBe('Sushi Kaizen, Pasta Fresca');
  });
});

describe('lines with their brands, for a compact list', () => {
  it('brings each brand’s lines together, each with its brand, when several brands cook the order', () => {
    const lines = [line('carbonara', 1), line('maki', 4), line('tiramisu', 1)];
    expect(linesWithBrands(lines, [pasta, sushi]).map(({ line, brand }) => [line.name, brand?.conceptName])).toEqual([
      ['carbonara', 'Pasta Fresca'],
      ['tiramisu', 'Pasta Fresca'],
      ['maki', 'Sushi Kaizen'],
    ]);
  });

  it('leaves an ordinary order’s lines as placed, with no brand', () => {
    const lines = [line('tiramisu', 1), line('carbonara', 1)];
    expect(linesWithBrands(lines, [pasta])).toEqual(lines.map((l) => ({ line: l, brand: null })));
  });
});
