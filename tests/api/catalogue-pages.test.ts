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

    // No English in the data: the menu as written.
    const english = (await (await get('/api/restaurants/bao-house-kyiv-podil?lang=en')).json()) as Menu;
    expect(itemNames(english)).toEqual(itemNames(ukrainian));
  });

  it('a Polish restaurant’s menu is the same in every language, and its answers keep one ETag per language', async () => {
    const plain = await get('/api/restaurants/pasta-fresca-warszawa-mokotow');
    const ua = await get('/api/restaurants/pasta-fresca-warszawa-mokotow?lang=ua');
    expect(itemNames((await ua.json()) as Menu)).toEqual(itemNames((await plain.json()) as Menu));
    expect(ua.headers.get('etag')).toBe(plain.headers.get('etag'));
    const kyiv = await get('/api/restaurants/bao-house-kyiv-podil');
    const kyivPl = await get('/api/restaurants/bao-house-kyiv-podil?lang=pl');
    expect(kyivPl.headers.get('etag')).not.toBe(kyiv.headers.get('etag'));
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
      ['warszawa', 'Warszawa'],
      ['kyiv', 'Київ'],
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
