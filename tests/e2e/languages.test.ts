import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pathFor, type Locale } from '#domain/localized-routes.ts';
import { menus } from '#db/seed/menus.ts';
import { stripEmoji } from '#domain/orders.ts';
import { menuDictionary } from '#db/seed/index.ts';
import { seedLocations, seedRestaurants } from '#db/seed/places.ts';
import { launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';

// The customer's complaint: "the English and Ukrainian shop is half Polish". A restaurant page on /en or /ua shows
// its menu in that language, and the footer names Kyiv and Lviv in Latin script on the Polish and English pages.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const BROWSER_LOCALE: Record<Locale, string> = { pl: 'pl-PL', en: 'en-US', ua: 'uk-UA' };

async function open(locale: Locale, path: string, viewport: keyof typeof VIEWPORTS) {
  const page = await browser.newPage({ viewport: VIEWPORTS[viewport], locale: BROWSER_LOCALE[locale] });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const response = await page.goto(urlOn('localhost', path));
  // The menu, the restaurant's texts and a rendered page's footer are in the server's HTML.
  expect(response?.status(), path).toBe(200);
  return { page, problems };
}

/** The dish names of a brand's demo menu as seeded in Polish, without the "unavailable" mark. */
const polishDishes = (brand: string) =>
  menus[brand]!.categories.flatMap(([, items]) => items.map((item) => item.name.replace(/\*$/, '')));

const polishRestaurants = seedRestaurants.filter(
  ([, location]) => seedLocations.find((l) => l.slug === location)!.country === 'pl',
);

describe('the shop in English and Ukrainian is not half Polish', () => {
  for (const [locale, viewport] of [
    ['en', 'desktop'],
    ['ua', 'phone'],
  ] as const)
    it(`${locale} ${viewport}: no restaurant page holds a Polish dish name of its demo menu`, async () => {
      for (const [brand, location] of polishRestaurants) {
        const slug = `${brand}-${location}`;
        const path = pathFor('restaurant', locale, { slug });
        const { page, problems } = await open(locale, path, viewport);
        const seen = await page.evaluate(() => document.body.innerText);
        const html = await page.content();
        // A dish a restaurant abroad keeps its name for (Tiramisu on /en, Classic Smash on /ua, Wakame in "Wakame
        // salad") is no Polish left over.
        // Names are shown without their emoji ('Arancini 🍙' is 'Arancini'), in whichever language.
        const shown = (name: string) => stripEmoji(menuDictionary[locale](name));
        const polish = polishDishes(brand)
          .filter((name) => !menuDictionary[locale](name).includes(name))
          .map(stripEmoji);
        expect(polish.length, slug).toBeGreaterThan(0);
        for (const name of polish) {
          expect(seen, `${path}: ${name}`).not.toContain(name);
          expect(html, `${path}: ${name}`).not.toContain(name);
        }
        // Each dish is there in the page's language instead.
        for (const name of polishDishes(brand)) expect(seen, `${path}: ${name}`).toContain(shown(name));
        if (slug === 'pierogi-babci-krakow-kazimierz')
          await screenshot(page, `languages-restaurant-${locale}-${viewport}`);
        expect(problems, path).toEqual([]);
        await page.close();
      }
    });

  it('a Kyiv restaurant on /en: its menu, name, address and About text in English', async () => {
    const { page, problems } = await open('en', pathFor('restaurant', 'en', { slug: 'bao-house-kyiv-podil' }), 'phone');
    const seen = await page.evaluate(() => document.body.innerText);
    expect(await page.textContent('h1')).toContain('Bao House Kyiv Podil');
    for (const text of ['Pork belly bao', 'Chashu pork belly, cucumber, hoisin', 'Sahaidachnoho', 'Steamed bao buns'])
      expect(seen).toContain(text);
    expect(seen).not.toContain('Бао зі свинячою грудинкою');
    expect(seen).not.toContain('Київ');
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const [locale, kyiv, lviv] of [
    ['pl', 'Kijów', 'Lwów'],
    ['en', 'Kyiv', 'Lviv'],
  ] as const)
    it(`${locale}: the footer names Kyiv and Lviv in Latin script, on a rendered page and a prerendered one`, async () => {
      for (const path of [
        pathFor('restaurant', locale, { slug: 'smash-club-warszawa-mokotow' }),
        pathFor('home', locale),
      ]) {
        const { page, problems } = await open(locale, path, 'desktop');
        const footer = page.locator('footer.shop-footer');
        await footer.scrollIntoViewIfNeeded();
        // On the prerendered home page an island fills the list when the footer comes into view.
        const cities = footer.locator('section[aria-labelledby="footer-cities"] a');
        await cities.first().waitFor();
        const names = await cities.allTextContents();
        expect(names, path).toContain(kyiv);
        expect(names, path).toContain(lviv);
        expect(names.join(' '), path).not.toMatch(/\p{Script=Cyrillic}/u);
        expect(await cities.filter({ hasText: kyiv }).getAttribute('href'), path).toBe(
          pathFor('city', locale, { slug: 'kyiv' }),
        );
        expect(problems, path).toEqual([]);
        await page.close();
      }
    });
});
