import { describe, expect, it } from 'vitest';
import { loadTenants } from '../../tenants/index.ts';
import { menus } from './menus.ts';
import { menuDictionary, restaurantTexts } from './index.ts';
import { seedLocations, seedRestaurants } from './places.ts';
import { seedAllergens } from './allergens.ts';

// The shop is in Polish, English and Ukrainian: whatever the demo data shows a customer must exist in all three, so
// that /en and /ua are not half Polish. A dish (or option, or location) added later without its translations fails
// here, by name.

/** Every text of a demo menu as db/seed/menus.ts writes it: categories, dishes, descriptions, groups, options. */
function menuTexts(): { brand: string; text: string }[] {
  const texts: { brand: string; text: string }[] = [];
  for (const [brand, menu] of Object.entries(menus)) {
    const add = (text: string | undefined) => {
      if (text) texts.push({ brand, text });
    };
    for (const group of Object.values(menu.groups)) {
      add(group.name);
      for (const [option] of group.options) add(option);
    }
    for (const [category, items] of menu.categories) {
      add(category);
      for (const item of items) {
        add(item.name.replace(/\*$/, ''));
        add(item.desc);
      }
    }
  }
  return texts;
}

// Letters only Polish spelling has: an English text with one of them was left in Polish.
const POLISH_LETTERS = /[ąćęłńśźżĄĆĘŁŃŚŹŻ]/;
const CYRILLIC = /\p{Script=Cyrillic}/u;

describe('the demo data in the languages of the shop', () => {
  const texts = menuTexts();

  it('every text of every demo menu has its English and Ukrainian', () => {
    expect(texts.length).toBeGreaterThan(300);
    const missing: string[] = [];
    for (const { brand, text } of texts)
      for (const language of ['en', 'ua'] as const) {
        try {
          if (menuDictionary[language](text).trim() === '') missing.push(`${brand}: '${text}' in ${language} is empty`);
        } catch {
          missing.push(`${brand}: '${text}' has no ${language}`);
        }
      }
    expect(missing).toEqual([]);
  });

  it('the English is English and the Ukrainian is Ukrainian, not the Polish copied over', () => {
    for (const { brand, text } of texts) {
      expect(menuDictionary.en(text), `${brand}: '${text}' in English`).not.toMatch(POLISH_LETTERS);
      expect(menuDictionary.ua(text), `${brand}: '${text}' in Ukrainian`).not.toMatch(POLISH_LETTERS);
    }
    // Spot checks of what a customer reads on /en and /ua.
    expect(menuDictionary.en('Pierogi ruskie')).toBe('Potato and cheese pierogi');
    expect(menuDictionary.ua('Pierogi ruskie')).toBe('Вареники з картоплею і сиром');
    expect(menuDictionary.en('Sos')).toBe('Sauce');
    expect(menuDictionary.ua('Wybierz sos, zapłacisz za składniki')).toBe('Оберіть соус – платите лише за інгредієнти');
  });

  it('every location is named in every language, in Latin script on the Polish and English pages', () => {
    for (const location of seedLocations) {
      const own = location.country === 'ua' ? 'ua' : 'pl';
      for (const language of ['pl', 'en', 'ua'] as const) {
        if (language === own) continue;
        const texts = location.translations[language];
        expect(texts?.name, `${location.slug} ${language}`).toBeTruthy();
        expect(texts?.city, `${location.slug} ${language}`).toBeTruthy();
        const shown = [texts?.name, texts?.street ?? location.street, texts?.city].join(' ');
        if (language === 'ua') expect(shown, `${location.slug} ua`).toMatch(CYRILLIC);
        else expect(shown, `${location.slug} ${language}`).not.toMatch(CYRILLIC);
      }
    }
    const kyiv = seedLocations.find((l) => l.slug === 'kyiv-podil')!;
    const lviv = seedLocations.find((l) => l.slug === 'lviv-rynok')!;
    const warsaw = seedLocations.find((l) => l.slug === 'warszawa-mokotow')!;
    expect([kyiv.translations.pl?.city, kyiv.translations.en?.city]).toEqual(['Kijów', 'Kyiv']);
    expect([lviv.translations.pl?.city, lviv.translations.en?.city]).toEqual(['Lwów', 'Lviv']);
    expect([warsaw.translations.en?.city, warsaw.translations.ua?.city]).toEqual(['Warsaw', 'Варшава']);
  });

  it('every demo restaurant has its name and "About" text in every language', () => {
    const tenants = loadTenants();
    for (const [brand, locationSlug] of seedRestaurants) {
      const tenant = tenants.find((t) => t.slug === brand)!;
      const texts = restaurantTexts(
        tenant,
        seedLocations.find((l) => l.slug === locationSlug)!,
      );
      expect(texts.pl.about, brand).toBe(tenant.description);
      for (const language of ['en', 'ua'] as const) {
        expect(texts[language].about, `${brand} ${language}`).not.toBe(tenant.description);
        expect(texts[language].about, `${brand} ${language}`).not.toMatch(POLISH_LETTERS);
      }
      expect(texts.ua.about, brand).toMatch(CYRILLIC);
      expect(texts.en.name, brand).not.toMatch(CYRILLIC);
      expect(texts.pl.name, brand).not.toMatch(CYRILLIC);
    }
    const kyiv = seedLocations.find((l) => l.slug === 'kyiv-podil')!;
    const bao = restaurantTexts(
      tenants.find((t) => t.slug === 'bao-house')!,
      kyiv,
    );
    expect([bao.pl.name, bao.en.name, bao.ua.name]).toEqual([
      'Bao House Kijów Podole',
      'Bao House Kyiv Podil',
      'Bao House Київ Поділ',
    ]);
  });
});

describe('the demo menus’ allergens', () => {
  it('name only dishes and options that exist, so that a renamed dish cannot silently lose its allergens', () => {
    const missing: string[] = [];
    for (const [brand, given] of Object.entries(seedAllergens)) {
      const menu = menus[brand];
      if (!menu) {
        missing.push(brand);
        continue;
      }
      const dishes = new Set(menu.categories.flatMap(([, items]) => items.map((i) => i.name.replace(/\*$/, ''))));
      for (const name of Object.keys(given.items)) if (!dishes.has(name)) missing.push(`${brand}: ${name}`);
      for (const [key, options] of Object.entries(given.options)) {
        const names = new Set(menu.groups[key]?.options.map(([name]) => name) ?? []);
        for (const name of Object.keys(options)) if (!names.has(name)) missing.push(`${brand}: ${key}.${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('give every option, and all but a few dishes of each brand: those say "ask the restaurant"', () => {
    for (const [brand, menu] of Object.entries(menus)) {
      const given = seedAllergens[brand]!;
      for (const [key, group] of Object.entries(menu.groups))
        for (const [name] of group.options)
          expect(given.options[key]?.[name], `${brand}: ${key}.${name}`).toBeDefined();
      const dishes = menu.categories.flatMap(([, items]) => items);
      const unknown = dishes.filter((i) => !given.items[i.name.replace(/\*$/, '')]);
      expect(unknown.length, brand).toBeGreaterThan(0);
      expect(unknown.length, brand).toBeLessThanOrEqual(2);
    }
  });
});
