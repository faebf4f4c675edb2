import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathFor, LOCALES } from '#domain/localized-routes.ts';
import { request, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();
const get = (path: string) => request(ctx, path, { headers: { host: 'localhost' } });

type Menu = { categories: { name: string; items: { name: string; desc: string; groups: { name: string }[] }[] }[] };
const itemNames = (menu: Menu) => menu.categories.flatMap((c) => c.items.map((i) => i.name));

describe('menus in the customers’ language', () => {
  it('a Kyiv restaurant’s menu is seeded in Ukrainian, with its Polish kept for ?lang=pl', async () => {
    const ukrainian = (await (await get('/api/restaurants/bao-house-kyiv-podil')).json()) as Menu;
    expect(ukrainian.categories[0]!.name).toBe('Бао');
    expect(itemNames(ukrainian)).toContain('Бао зі свинячою грудинкою');
    expect(ukrainian.categories[0]!.items[0]!.groups.map((g) => g.name)).toEqual(['Кількість бао', 'Гострота']);

    const polish = (await (await get('/api/restaurants/bao-house-kyiv-podil?lang=pl')).json()) as Menu;
    expect(itemNames(polish)).toContain('Bao z boczkiem');
    expect(polish.categories[0]!.items[0]!.desc).toBe('Boczek chashu, ogórek, hoisin');
    expect(polish.categories[0]!.items[0]!.groups.map((g) => g.name)).toEqual(['Liczba bao', 'Ostrość']);

    const english = (await (await get('/api/restaurants/bao-house-kyiv-podil?lang=en')).json()) as Menu;
    expect(english.categories[0]!.name).toBe('Bao');
    expect(itemNames(english)).toContain('Pork belly bao');
    expect(english.categories[0]!.items[0]!.desc).toBe('Chashu pork belly, cucumber, hoisin');
    expect(english.categories[0]!.items[0]!.groups.map((g) => g.name)).toEqual(['Number of bao', 'Spice level']);
  });

  it('a Polish restaurant’s menu has its English and Ukrainian, each language with its own ETag', async () => {
    const plain = await get('/api/restaurants/pierogi-babci-krakow-kazimierz');
    const polish = (await plain.json()) as Menu;
    expect(itemNames(polish)).toContain('Pierogi ruskie');
    const en = await get('/api/restaurants/pierogi-babci-krakow-kazimierz?lang=en');
    const ua = await get('/api/restaurants/pierogi-babci-krakow-kazimierz?lang=ua');
    const english = (await en.json()) as Menu;
    const ukrainian = (await ua.json()) as Menu;
    expect(english.categories[0]!.items[0]).toMatchObject({
      name: 'Potato and cheese pierogi',
      desc: 'Potatoes, curd cheese, fried onion',
    });
    expect(english.categories[0]!.items[0]!.groups.map((g) => g.name)).toEqual(['Portion', 'How to serve', 'Topping']);
    expect(ukrainian.categories[0]!.items[0]).toMatchObject({ name: 'Вареники з картоплею і сиром' });
    expect(ukrainian.categories.map((c) => c.name)).toEqual([
      'Вареники',
      'Солодкі вареники',
      'Супи',
      'Основні страви',
      'Овочеві салати',
      'Напої',
    ]);
    // Not one Polish dish name left on /en or /ua.
    for (const translated of [english, ukrainian])
      for (const name of itemNames(polish)) expect(itemNames(translated)).not.toContain(name);
    expect(new Set([plain, en, ua].map((r) => r.headers.get('etag'))).size).toBe(3);
    const polishAgain = await get('/api/restaurants/pierogi-babci-krakow-kazimierz?lang=pl');
    expect(polishAgain.headers.get('etag')).toBe(plain.headers.get('etag'));
  });

  it('a restaurant’s name, About text and address are in the asked language, as written without one', async () => {
    type Head = { name: string; about: string; location: { name: string; street: string; city: string } };
    const head = async (slug: string, lang?: string) =>
      (await (await get(`/api/restaurants/${slug}${lang ? `?lang=${lang}` : ''}`)).json()) as Head;
    const kyiv = await head('bao-house-kyiv-podil');
    expect(kyiv).toMatchObject({ name: 'Bao House Київ Поділ', location: { city: 'Київ', street: 'Сагайдачного' } });
    expect(kyiv.about).toMatch(/^Бао на парі/);
    expect(await head('bao-house-kyiv-podil', 'en')).toMatchObject({
      name: 'Bao House Kyiv Podil',
      about: expect.stringMatching(/^Steamed bao buns/),
      location: { name: 'Kyiv Podil', street: 'Sahaidachnoho', city: 'Kyiv' },
    });
    expect(await head('bao-house-kyiv-podil', 'pl')).toMatchObject({
      name: 'Bao House Kijów Podole',
      about: expect.stringMatching(/^Bułeczki bao/),
      location: { city: 'Kijów' },
    });
    const warsaw = await head('pasta-fresca-warszawa-mokotow');
    expect(warsaw).toMatchObject({ name: 'Pasta Fresca Warszawa Mokotów', location: { city: 'Warszawa' } });
    expect(warsaw.about).toMatch(/^Makaron wałkujemy/);
    expect(await head('pasta-fresca-warszawa-mokotow', 'en')).toMatchObject({
      name: 'Pasta Fresca Warsaw Mokotów',
      about: expect.stringMatching(/^We roll our pasta/),
      location: { street: 'Puławska', city: 'Warsaw' },
    });
    expect(await head('pasta-fresca-warszawa-mokotow', 'ua')).toMatchObject({
      name: 'Pasta Fresca Варшава Мокотів',
      about: expect.stringMatching(/^Пасту розкочуємо/),
      location: { city: 'Варшава' },
    });
  });

  it('cities, locations and restaurant lists are named in the asked language', async () => {
    type Overview = { cities: { slug: string; name: string }[]; locations: { slug: string; name: string }[] };
    const cities = async (lang: string) =>
      Object.fromEntries(
        ((await (await get(`/api/getLocationsAndConcepts?lang=${lang}`)).json()) as Overview).cities.map((c) => [
          c.slug,
          c.name,
        ]),
      );
    expect(await cities('en')).toMatchObject({ kyiv: 'Kyiv', lviv: 'Lviv', warszawa: 'Warsaw', krakow: 'Kraków' });
    expect(await cities('pl')).toMatchObject({ kyiv: 'Kijów', lviv: 'Lwów', warszawa: 'Warszawa' });
    expect(await cities('ua')).toMatchObject({ kyiv: 'Київ', lviv: 'Львів', warszawa: 'Варшава' });
    const plain = (await (await get('/api/getLocationsAndConcepts')).json()) as Overview;
    expect(plain.cities.find((c) => c.slug === 'kyiv')!.name).toBe('Київ');

    const city = (await (await get('/api/cities/kyiv?lang=en')).json()) as {
      name: string;
      restaurants: { name: string; location: { city: string } }[];
    };
    expect(city.name).toBe('Kyiv');
    expect(city.restaurants.map((r) => r.name).sort()).toEqual(['Bao House Kyiv Podil', 'Pasta Fresca Kyiv Podil']);
    const location = (await (await get('/api/locations/lviv-rynok?lang=pl')).json()) as { name: string; city: string };
    expect(location).toMatchObject({ name: 'Lwów Rynek', city: 'Lwów' });
    const concept = (await (await get('/api/concepts/pierogi-babci?lang=ua')).json()) as {
      restaurants: { name: string }[];
    };
    expect(concept.restaurants.map((r) => r.name)).toContain('Pierogi Babci Краків Казімеж');
    const nearby = (await (await get('/api/restaurants?zip=04070&country=ua&lang=pl')).json()) as {
      restaurants: { name: string; location: { street: string; city: string } }[];
    };
    expect(nearby.restaurants.map((r) => r.name).sort()).toEqual([
      'Bao House Kijów Podole',
      'Pasta Fresca Kijów Podole',
    ]);
    expect(nearby.restaurants[0]!.location).toMatchObject({ street: 'Sahajdacznego', city: 'Kijów' });
    expect((await get('/api/getLocationsAndConcepts?lang=de')).status).toBe(400);
  });

  it('an unknown language is a validation error', async () => {
    const response = await get('/api/restaurants/bao-house-kyiv-podil?lang=de');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'validation' });
  });
});

// Rendered from the build's server bundle (decision 018): run `npx astro build` first.
describe.skipIf(!existsSync('dist/server/entry.mjs'))('server-rendered catalogue pages', () => {
  it('a restaurant page holds its name, address, hours and menu in the page’s language', async () => {
    const ua = await get(pathFor('restaurant', 'ua', { slug: 'bao-house-kyiv-podil' }));
    expect(ua.status).toBe(200);
    expect(ua.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(ua.headers.get('cache-control')).toBe('public, max-age=60');
    const html = await ua.text();
    expect(html).toContain('<html lang="uk"');
    expect(html).toContain('Bao House Київ Поділ');
    expect(html).toContain('Бао зі свинячою грудинкою');
    expect(html).toContain('Години роботи');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/ua\/restaurant\/bao-house-kyiv-podil"/);

    const pl = await (await get(pathFor('restaurant', 'pl', { slug: 'bao-house-kyiv-podil' }))).text();
    expect(pl).toContain('Bao z boczkiem');
    expect(pl).toContain('Godziny otwarcia');
  });

  it('every catalogue screen answers in every language; an unknown slug is the 404 page', async () => {
    for (const locale of LOCALES) {
      for (const path of [
        pathFor('city', locale, { slug: 'warszawa' }),
        pathFor('location', locale, { slug: 'kyiv-podil' }),
        pathFor('concept', locale, { slug: 'pierogi-babci' }),
        pathFor('restaurant', locale, { slug: 'smash-club-warszawa-mokotow' }),
      ])
        expect((await get(path)).status, path).toBe(200);
      expect((await get(pathFor('city', locale, { slug: 'atlantis' }))).status).toBe(404);
      expect((await get(pathFor('restaurant', locale, { slug: 'no-such-place' }))).status).toBe(404);
    }
  });

  it('a catalogue page’s footer links every city in the HTML, before any script has run', async () => {
    const html = await (await get(pathFor('restaurant', 'en', { slug: 'smash-club-warszawa-mokotow' }))).text();
    const footer = html.slice(html.indexOf('<footer'));
    for (const [slug, name] of [
      ['warszawa', 'Warsaw'],
      ['kyiv', 'Kyiv'],
      ['lviv', 'Lviv'],
    ] as const)
      expect(footer).toContain(`<a href="${pathFor('city', 'en', { slug })}">${name}</a>`);
    expect(footer).not.toContain('FooterCities');
  });

  it('the server bundle is no file of the site', async () => {
    expect((await get('/server/entry.mjs')).status).toBe(404);
    expect((await get('/server/inline-scripts.html')).status).toBe(404);
  });

  it('the CSP lets exactly the scripts Astro inlines into a rendered page run', async () => {
    const response = await get(pathFor('restaurant', 'en', { slug: 'pasta-fresca-warszawa-mokotow' }));
    const policy = response.headers.get('content-security-policy')!;
    const html = await response.text();
    const { createHash } = await import('node:crypto');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline)
      expect(policy).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
