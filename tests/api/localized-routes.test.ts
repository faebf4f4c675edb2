import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../helpers/app.ts';

// Needs the sites built (npx astro build): the shop's home pages are read from dist/.
const ctx = useTestApp();

const locationOf = (response: Response) => {
  const location = new URL(response.headers.get('location')!, 'http://localhost');
  return location.pathname + location.search;
};

/** The <link> tags of a page's head with the given rel, as [hreflang, pathname] or [null, pathname]. */
const linksOf = (html: string, rel: string) =>
  [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes(`rel="${rel}"`))
    .map((tag) => [/hreflang="([^"]+)"/.exec(tag)?.[1] ?? null, new URL(/href="([^"]+)"/.exec(tag)![1]!).pathname]);

describe('localized redirects on the shop host', () => {
  it.each([
    ['/en/registration', '/en/register'],
    ['/en/registration/', '/en/register'],
    ['/en/registration?next=%2Fen%2Fbasket', '/en/register?next=%2Fen%2Fbasket'],
    ['/ua/contact', '/ua/kontakt'],
    ['/ua/contact/', '/ua/kontakt'],
  ])('answers %s with a 301 to %s', async (from, to) => {
    const response = await request(ctx, from);
    expect(response.status).toBe(301);
    expect(locationOf(response)).toBe(to);
    expect((await request(ctx, from, { method: 'HEAD' })).status).toBe(301);
  });

  it('leaves the canonical paths and the other hosts alone', async () => {
    expect((await request(ctx, '/en')).status).toBe(200);
    // A brand site's /ua/contact/ is its own contact page, not the shop's.
    const brand = await request(ctx, '/ua/contact/', { host: 'smash-club.localhost' });
    expect(brand.status).toBe(200);
    expect(await brand.text()).toContain('<html lang="uk"');
    expect((await request(ctx, '/en/registration', { host: 'survey.localhost' })).status).toBe(404);
  });
});

describe('the shop home in three languages', () => {
  it.each([
    ['/', 'pl'],
    ['/en', 'en'],
    ['/ua', 'uk'],
  ])('%s names itself canonical and links its translations and the x-default', async (path, lang) => {
    const response = await request(ctx, path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toMatch(/<title>[^<]+ \| Marketplace<\/title>/);
    expect(linksOf(html, 'canonical')).toEqual([[null, path]]);
    expect(linksOf(html, 'alternate')).toEqual([
      ['pl', '/'],
      ['en', '/en'],
      ['uk', '/ua'],
      ['x-default', '/'],
    ]);
    // The language picker leads to the same page in each language.
    const picker = /<nav class="languages"[\s\S]*?<\/nav>/.exec(html)![0];
    expect([...picker.matchAll(/href="([^"]+)"/g)].map(([, href]) => href)).toEqual(['/', '/en', '/ua']);
    // Every translation it names is served.
    for (const [, alternate] of linksOf(html, 'alternate')) expect((await request(ctx, alternate!)).status).toBe(200);
  });

  it('gives the 404 page no canonical address', async () => {
    const response = await request(ctx, '/nie-ma-takiej-strony');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(linksOf(html, 'canonical')).toEqual([]);
    expect(linksOf(html, 'alternate')).toEqual([]);
  });
});
