import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { request, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();

// The catalogue answers are read by the shop's pages, on the shop host; so their links must work there.
const SHOP = 'localhost';

beforeAll(() => {
  // The pictures are files of the sites' build, which `npm test` makes before the API tests.
  if (!existsSync(path.join('dist', 'index.html')))
    throw new Error('dist/ is missing: run `npx astro build` before this test');
});

/** Every link to our own hosts in an answer, with where it was found: root-relative paths and absolute URLs. */
function linksIn(value: unknown, at: string, found: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') {
    if (/^\/(?!\/)/.test(value)) found.set(value, at);
    else if (/^https?:\/\/([\w-]+\.)*localhost(:\d+)?\//.test(value)) found.set(value, at);
  } else if (Array.isArray(value)) value.forEach((v, i) => linksIn(v, `${at}[${i}]`, found));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) linksIn(v, `${at}.${key}`, found);
  return found;
}

const json = async (url: string) => {
  const response = await request(ctx, url, { host: SHOP });
  expect(response.status, url).toBe(200);
  return response.json();
};

describe('links the API hands out', () => {
  it('every picture in the catalogue answers resolves on the shop host', async () => {
    const overview = await json('/api/getLocationsAndConcepts');
    const answers: [string, unknown][] = [['/api/getLocationsAndConcepts', overview]];
    const slugs = (key: string) => (overview[key] as { slug: string }[]).map((x) => x.slug);
    const pages = [
      ...slugs('cities').map((s) => `/api/cities/${s}`),
      ...slugs('locations').map((s) => `/api/locations/${s}`),
      ...slugs('concepts').map((s) => `/api/concepts/${s}`),
      // The home page's "restaurants delivering to you", at every kitchen's own address.
      ...(overview.locations as { latitude: number; longitude: number }[]).map(
        (l) => `/api/restaurants?lat=${l.latitude}&lng=${l.longitude}`,
      ),
    ];
    const restaurantSlugs = new Set<string>();
    for (const page of pages) {
      const body = await json(page);
      answers.push([page, body]);
      for (const r of (body.restaurants ?? []) as { slug: string }[]) restaurantSlugs.add(r.slug);
    }
    expect(restaurantSlugs).toContain('pasta-fresca-warszawa-mokotow');
    expect(restaurantSlugs).toContain('bao-house-kyiv-podil');
    // Each restaurant's answer carries its menu, with the items' photos.
    for (const slug of restaurantSlugs)
      answers.push([`/api/restaurants/${slug}`, await json(`/api/restaurants/${slug}`)]);

    const links = new Map<string, string>();
    for (const [url, body] of answers) linksIn(body, url, links);
    // Not a vacuous pass: every active concept's logo is among them.
    const logos = (overview.concepts as { logo: string | null }[]).map((c) => c.logo);
    expect(logos.length).toBe(7);
    for (const logo of logos) expect([...links.keys()]).toContain(logo);

    for (const [link, where] of links) {
      const response = await request(ctx, link.replace(/^https?:\/\/[^/]+/, ''), {
        host: /^https?:/.test(link) ? new URL(link).host : SHOP,
      });
      expect(response.status, `${link} (${where})`).toBe(200);
      expect(response.headers.get('content-type'), `${link} (${where})`).toMatch(/^image\//);
    }
  });

  it("the logo the shop host serves is the brand's own", async () => {
    const overview = await json('/api/getLocationsAndConcepts');
    const pasta = (overview.concepts as { slug: string; logo: string }[]).find((c) => c.slug === 'pasta-fresca')!;
    const served = await (await request(ctx, pasta.logo, { host: SHOP })).text();
    expect(served).toBe(readFileSync('tenants/pasta-fresca/images/logo.svg', 'utf8'));
    // The brand sites stay on their own hosts: the shop host still refuses their folder.
    expect((await request(ctx, '/brands/pasta-fresca/', { host: SHOP })).status).toBe(404);
  });
});
