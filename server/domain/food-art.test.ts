import { describe, expect, it } from 'vitest';
import { ART_VERSION, MOTIFS, artId, drawFood, motifOf, parseArtId } from './food-art.ts';
import { parsePhoto, photoAddress } from './media.ts';

describe('the demo dishes’ drawings', () => {
  it('reads what is on the plate from the dish’s name first, then its category’s', () => {
    expect(motifOf('Margherita', 'Pizza')).toBe('pizza');
    expect(motifOf('Zupa miso', 'Zupy i przystawki')).toBe('soup');
    expect(motifOf('Gyoza z kurczakiem', 'Zupy i przystawki')).toBe('dumplings');
    expect(motifOf('Classic Smash', 'Burgery')).toBe('burger');
    expect(motifOf('Frytki', 'Frytki i dodatki')).toBe('fries');
    expect(motifOf('Maki łosoś', 'Maki')).toBe('sushi');
    expect(motifOf('Spaghetti Carbonara', 'Makarony')).toBe('pasta');
    expect(motifOf('Caprese', 'Sałatki')).toBe('salad');
    expect(motifOf('Al pastor', 'Tacos')).toBe('taco');
    expect(motifOf('Tiramisu', 'Desery')).toBe('dessert');
    expect(motifOf('Espresso', 'Napoje')).toBe('drink');
    expect(motifOf('Poke z łososiem', 'Nasze miski')).toBe('bowl');
    expect(motifOf('Oliwki marynowane', 'Przystawki')).toBe('bites');
  });

  it('gives two dishes two ids, and one dish the same id on every seed', () => {
    expect(artId('Margherita', 'Pizza')).toBe(artId('Margherita', 'Pizza'));
    expect(artId('Margherita', 'Pizza')).not.toBe(artId('Diavola', 'Pizza'));
    expect(artId('Margherita', 'Pizza')).toMatch(new RegExp(`^art${ART_VERSION}-pizza-[0-9a-f]{8}$`));
    // The address the seed stores is a stored photo's, which the pages show with their srcset.
    expect(parsePhoto(photoAddress({ kind: 'dish', id: artId('Margherita', 'Pizza') }))).not.toBeNull();
  });

  it('draws every motif as an SVG of the dish pictures’ shape, the same each time, different per seed', () => {
    for (const motif of MOTIFS) {
      const one = drawFood(`art${ART_VERSION}-${motif}-00c0ffee`)!;
      expect(one, motif).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 400 300"/);
      expect(one.endsWith('</svg>')).toBe(true);
      expect(drawFood(`art${ART_VERSION}-${motif}-00c0ffee`)).toBe(one);
      expect(drawFood(`art${ART_VERSION}-${motif}-12345678`), motif).not.toBe(one);
    }
  });

  it('lays the table differently from one dish to the next', () => {
    const tables = Array.from({ length: 24 }, (_, i) =>
      drawFood(`art${ART_VERSION}-soup-${(i * 7919).toString(16).padStart(8, '0')}`)!,
    );
    const withCloth = tables.filter((svg) => svg.includes('<path d="M0 250L400 200V300H0Z"'));
    expect(withCloth.length).toBeGreaterThan(0);
    expect(withCloth.length).toBeLessThan(tables.length);
    expect(
      new Set(tables.map((svg) => /<rect width="400" height="300" fill="(#[0-9a-f]{6})"/.exec(svg)?.[1])).size,
    ).toBeGreaterThan(2);
  });

  it('draws nothing for an id that names no drawing', () => {
    for (const id of ['0123456789abcdef01234567', `art${ART_VERSION + 1}-pizza-00c0ffee`, 'art1-sandwich-00c0ffee'])
      expect(parseArtId(id), id).toBeNull();
    expect(drawFood('art9-pizza-00c0ffee')).toBeNull();
    expect(parseArtId('art1-soup-0000ffff')).toEqual({ motif: 'soup', seed: 0xffff });
  });
});
