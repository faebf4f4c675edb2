import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';

/** Where the kept baselines are (committed): one PNG a screen and width. */
export const BASELINE_DIR = 'tests/e2e/baselines';

/**
 * A pixel differs when one of its channels moves by more than this (of 255): font smoothing and image scaling shift
 * edges by a few steps from run to run, a changed colour, box or text moves them by far more.
 */
const CHANNEL_TOLERANCE = 48;
/** The share of a screen's pixels that may differ: a few stray anti-aliased edges, never a moved box or word. */
export const PIXEL_TOLERANCE = 0.001;

export type Difference = { differing: number; ratio: number; sameSize: boolean };

/** How two PNGs differ, pixel by pixel (decoded by sharp, a dependency already; no pixelmatch). */
export async function compareImages(actual: Buffer, expected: Buffer): Promise<Difference> {
  const [a, e] = await Promise.all(
    [actual, expected].map((png) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (!a || !e || a.info.width !== e.info.width || a.info.height !== e.info.height)
    return { differing: Number.POSITIVE_INFINITY, ratio: 1, sameSize: false };
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i]! - e.data[i]!) > CHANNEL_TOLERANCE ||
      Math.abs(a.data[i + 1]! - e.data[i + 1]!) > CHANNEL_TOLERANCE ||
      Math.abs(a.data[i + 2]! - e.data[i + 2]!) > CHANNEL_TOLERANCE ||
      Math.abs(a.data[i + 3]! - e.data[i + 3]!) > CHANNEL_TOLERANCE
    )
      differing += 1;
  }
  return { differing, ratio: differing / (a.info.width * a.info.height), sameSize: true };
}

/** A copy of a PNG with a square of `size` px at (x, y) painted magenta: what a test of the comparison alters. */
export async function withSquare(png: Buffer, x: number, y: number, size: number): Promise<Buffer> {
  const square = await sharp({
    create: { width: size, height: size, channels: 4, background: { r: 255, g: 0, b: 255, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return sharp(png)
    .composite([{ input: square, left: x, top: y }])
    .png()
    .toBuffer();
}

/**
 * The visible part of the page (the viewport, from the top) as a PNG, with `mask` painted over (what changes from
 * run to run: a clock, a count other test files move), animations stopped and the caret hidden.
 */
export async function captureScreen(page: Page, mask: Locator[] = []): Promise<Buffer> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    return document.fonts.ready.then(() => undefined);
  });
  return page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide', scale: 'css', mask });
}

/**
 * Compares the screen with its kept baseline (tests/e2e/baselines/<name>.png). E2E_UPDATE_BASELINES=1 writes the
 * baseline instead (after a change meant to alter the screen: look at the new PNG before committing it). On a
 * difference the screen and the baseline are left in test-results/baselines to look at side by side.
 */
export async function compareWithBaseline(name: string, actual: Buffer): Promise<Difference & { baseline: string }> {
  const baseline = path.join(BASELINE_DIR, `${name}.png`);
  if (process.env['E2E_UPDATE_BASELINES'] === '1') {
    mkdirSync(BASELINE_DIR, { recursive: true });
    writeFileSync(baseline, actual);
  }
  if (!existsSync(baseline))
    throw new Error(`no baseline ${baseline}: run this file once with E2E_UPDATE_BASELINES=1 and look at the PNG`);
  const difference = await compareImages(actual, readFileSync(baseline));
  if (difference.ratio > PIXEL_TOLERANCE) {
    mkdirSync('test-results/baselines', { recursive: true });
    writeFileSync(`test-results/baselines/${name}-actual.png`, actual);
    writeFileSync(`test-results/baselines/${name}-expected.png`, readFileSync(baseline));
  }
  return { ...difference, baseline };
}
