import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pathFor } from '#domain/localized-routes.ts';
import { MEDIA_KINDS } from '#domain/media.ts';
import { launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';

// Issue 38's photos (decision 062): the restaurant page shows each dish's photo in a box reserved by its width and
// height, so nothing moves as the photos arrive (a cumulative layout shift of 0, as the browser itself measures it);
// the first screen's load at once, the rest as they come near; the dish dialog and the basket show them too.

const RESTAURANT = 'pasta-fresca-warszawa-mokotow';
const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
let browser: Browser;
let hours: { day: number; from: string; to: string }[] = [];
// Open around the clock for the dialog and the basket, whatever the hour the test runs at; put back afterwards.
beforeAll(async () => {
  browser = await launchBrowser();
  hours = await sql`select day, "from", "to" from working_hours
    where restaurant_id = (select id from restaurants where slug = ${RESTAURANT}) order by day`;
  await sql`delete from working_hours where restaurant_id = (select id from restaurants where slug = ${RESTAURANT})`;
  await sql`insert into working_hours (restaurant_id, day, "from", "to")
    select r.id, d, '00:00', '24:00' from restaurants r, generate_series(0, 6) d where r.slug = ${RESTAURANT}`;
});
afterAll(async () => {
  await browser?.close();
  await sql`delete from working_hours where restaurant_id = (select id from restaurants where slug = ${RESTAURANT})`;
  for (const h of hours)
    await sql`insert into working_hours (restaurant_id, day, "from", "to")
      select id, ${h.day}, ${h.from}, ${h.to} from restaurants where slug = ${RESTAURANT}`;
  await sql.end();
});

/** Sums every layout shift the page makes from its first byte on, as Core Web Vitals' CLS counts them. */
const MEASURE_SHIFTS = () => {
  const w = window as unknown as { layoutShift: number };
  w.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) w.layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

/** Waits until every photo the page asked for has arrived. */
const photosLoaded = (page: Page, selector: string) =>
  page.waitForFunction(
    (s) => [...document.querySelectorAll<HTMLImageElement>(s)].every((img) => img.complete && img.naturalWidth > 0),
    selector,
  );

describe('dish photos', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`the restaurant page shows them with no layout shift (${viewport})`, async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS[viewport], locale: 'pl-PL' });
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.addInitScript(MEASURE_SHIFTS);
      await page.goto(urlOn('localhost', pathFor('restaurant', 'pl', { slug: RESTAURANT })));
      const photos = page.locator('.restaurant-menu .item-photo img');
      const count = await photos.count();
      expect(count).toBeGreaterThan(10);
      const attributes = await photos.evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          loading: img.loading,
          sources: [...img.parentElement!.querySelectorAll('source')].map((s) => s.type),
        })),
      );
      for (const photo of attributes) {
        expect(photo).toMatchObject({ width: '120', height: '90', sources: ['image/avif', 'image/webp'] });
      }
      // The menu and its cards (photo, text, "+") fit the screen: nothing of a card is cut off at its right edge.
      const right = await page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('section.menu, .restaurant-menu .item')].map(
            (e) => e.getBoundingClientRect().right,
          ),
        ),
      );
      expect(right).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      // The first screen's photos load at once; the rest wait until they come near it.
      expect(attributes.slice(0, 6).every((a) => a.loading === 'eager')).toBe(true);
      expect(attributes.slice(6).every((a) => a.loading === 'lazy')).toBe(true);
      // Down the whole menu and back, slowly, so that the lazy photos load as a visitor's would.
      for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(50);
      }
      await photosLoaded(page, '.restaurant-menu .item-photo img');
      const shown = await photos.evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          file: new URL(img.currentSrc).pathname,
          natural: img.naturalWidth,
          box: [Math.round(img.getBoundingClientRect().width), Math.round(img.getBoundingClientRect().height)],
        })),
      );
      for (const photo of shown) {
        // Chromium reads AVIF, and takes the width its screen needs from the list.
        expect(photo.file).toMatch(/^\/media\/dish\/art1-[a-z]+-[0-9a-f]{8}-\d+\.avif$/);
        expect(MEDIA_KINDS.dish.widths).toContain(Number(/-(\d+)\.avif$/.exec(photo.file)![1]));
        // naturalWidth is in CSS pixels: the chosen width over the density srcset gave it, about the box's.
        expect(Math.abs(photo.natural - 120)).toBeLessThanOrEqual(1);
        expect(photo.box).toEqual([120, 90]);
      }
      // Distinct pictures, one per dish.
      expect(new Set(shown.map((p) => p.file.replace(/-\d+\.avif$/, ''))).size).toBe(count);
      await screenshot(page, `photos-restaurant-${viewport}`);
      expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('the dish dialog and the basket show the dish’s photo', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto(urlOn('localhost', pathFor('restaurant', 'pl', { slug: RESTAURANT })));
    const first = page.locator('.restaurant-menu .item').first();
    await first.locator('button.add').click();
    await page.waitForSelector('dialog.item-dialog[open]');
    const dialogPhoto = page.locator('dialog.item-dialog .item-dialog-photo img');
    expect(await dialogPhoto.getAttribute('width')).toBe('504');
    expect(await dialogPhoto.getAttribute('height')).toBe('378');
    await photosLoaded(page, 'dialog.item-dialog .item-dialog-photo img');
    // The dialog is as wide as the phone allows: the 4:3 box keeps its shape.
    const box = (await dialogPhoto.boundingBox())!;
    expect(Math.abs(box.width / box.height - 4 / 3)).toBeLessThan(0.02);
    for (const fieldset of await page.$$('dialog.item-dialog fieldset')) await (await fieldset.$('input'))!.check();
    await page.click('dialog.item-dialog button[type=submit]');
    await page.waitForSelector('dialog.item-dialog', { state: 'detached' });
    await page.goto(urlOn('localhost', pathFor('basket', 'pl')));
    await page.waitForSelector('.basket-line-photo img');
    await photosLoaded(page, '.basket-line-photo img');
    const basketPhoto = page.locator('.basket-line-photo img').first();
    expect([await basketPhoto.getAttribute('width'), await basketPhoto.getAttribute('height')]).toEqual(['64', '48']);
    await screenshot(page, 'photos-basket-phone');
    await context.close();
  });
});
