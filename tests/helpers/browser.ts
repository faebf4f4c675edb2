import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * Debian's `chromium-headless-shell`: the same Chromium build without the full browser around it, which is what
 * Playwright itself runs for headless tests. Measured on two heavy files, it takes 29 % less CPU than the full
 * `chromium` (193 against 271 s; the browser process alone 27 against 60 s), and the e2e run is bound by CPU.
 * Lighthouse (bench/) still measures in the full browser, as visitors run it.
 */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell';

/**
 * React's hydration errors (a server's HTML that the island's first render in the browser does not match: React
 * throws that HTML away and draws the island again) on any page of any browser the tests launched, in the minified
 * build's words or the development build's. tests/setup/fail-on-hydration-error.ts fails the test they happened in.
 */
export const hydrationErrors: string[] = [];
const HYDRATION_ERROR = /Minified React error #(418|419|421|422|423|425)\b|Hydration failed|hydrat(ed|ing) but/;

function watchHydration(page: Page): void {
  const note = (text: string) => {
    if (HYDRATION_ERROR.test(text)) hydrationErrors.push(`${page.url()}: ${text.slice(0, 600)}`);
  };
  page.on('pageerror', (error) => note(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') note(message.text());
  });
}

function watchContext(context: BrowserContext): BrowserContext {
  context.on('page', watchHydration);
  return context;
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get update && apt-get install -y chromium-headless-shell`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  // Every page of every context, whichever way a test opens it.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watchContext(await newContext(...args));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watchHydration(page);
    return page;
  };
  return browser;
}

let visitors = 0;
/**
 * Headers making a browser context a visitor of its own (made-up) address, through the X-Forwarded-For the e2e server
 * trusts: rate limits count per address, and the many customers the test files play would otherwise share one. The
 * worker's pid and a count running across the files keep every visitor's address its own.
 */
export function visitorAddress(): { 'x-forwarded-for': string } {
  visitors += 1;
  // The e2e files share one worker (vitest.config.ts), so the count goes on across files: past 250 visitors the
  // second octet moves on rather than handing an earlier file's address out again.
  const block = 51 + Math.floor(visitors / 250);
  return { 'x-forwarded-for': `198.${block}.${(process.pid % 200) + 1}.${(visitors % 250) + 1}` };
}

/** The URL of `path` on a given host of the running server (`*.localhost` resolves to loopback). */
export const urlOn = (host: string, path = '/'): string => `http://${host}:${inject('serverPort')}${path}`;

export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

/**
 * Waits until the page is as a visitor sees it once it has loaded: every island that hydrates on load or when idle
 * has (those waiting to be scrolled into view keep their server HTML), and the web fonts are in. Cheaper and
 * steadier than waiting for half a second without network traffic.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('astro-island:not([client="visible"])')].every((i) => !i.hasAttribute('ssr')) &&
      document.fonts.status === 'loaded',
    // Every 50 ms rather than Playwright's default of every animation frame, which keeps Chromium drawing frames
    // for nothing while the islands load.
    undefined,
    { polling: 50 },
  );
}

/**
 * Holds back the scripts `pattern` names (by default every island's) until the answered `release` is called, as on a
 * slow line where the HTML is painted long before them: what the visitor does meanwhile meets the server's page.
 */
export async function holdScripts(page: Page, pattern: string | RegExp = '**/_astro/*.js'): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Holds back the answers to the requests `pattern` names (of one HTTP method, when given) until `release` is called,
 * as on a slow line: the request reaches the server at once, only its answer waits, so what the page shows before the
 * answer can be checked. `requested` resolves when the first such request has been sent.
 */
export async function holdAnswers(
  page: Page,
  pattern: string | RegExp,
  options: { method?: string } = {},
): Promise<{ requested: Promise<void>; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let seen = () => {};
  const requested = new Promise<void>((resolve) => (seen = resolve));
  await page.route(pattern, async (route) => {
    if (options.method && route.request().method() !== options.method) return route.fallback();
    seen();
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  return { requested, release };
}

/**
 * Screenshots go to test-results/screenshots when E2E_SCREENSHOTS=1: the whole page, as JPEG (a few hundred a run, which
 * Chromium encodes in half the time PNG takes, at a tenth of the size, and still plain to read). Taken through the
 * DevTools protocol rather than `page.screenshot`, whose full-page path lays the page out again around the capture:
 * measured, 234 against 383 ms of CPU a shot, and the e2e run is bound by CPU.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  // From the top: a capture beyond the viewport draws the sticky navbar where the page happens to be scrolled.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    return document.fonts.ready.then(() => undefined);
  });
  // Taken when someone will look at them (E2E_SCREENSHOTS=1, README): in `npm test` nobody compares them, and the
  // captures were a sixteenth of the browser tests' CPU (decision 002).
  if (!process.env['E2E_SCREENSHOTS']) return;
  mkdirSync('test-results/screenshots', { recursive: true });
  const session = await page.context().newCDPSession(page);
  try {
    const { cssContentSize } = await session.send('Page.getLayoutMetrics');
    const { data } = await session.send('Page.captureScreenshot', {
      format: 'jpeg',
      quality: 80,
      captureBeyondViewport: true,
      optimizeForSpeed: true,
      clip: { x: 0, y: 0, width: cssContentSize.width, height: cssContentSize.height, scale: 1 },
    });
    writeFileSync(`test-results/screenshots/${name}.jpg`, Buffer.from(data, 'base64'));
  } finally {
    await session.detach();
  }
}

// Evaluated through the DevTools protocol, which the pages' CSP (decision 008) does not govern, so no test has to
// switch the CSP off to audit a page. The minified build, and a `;0` so that the evaluation answers a number
// rather than the whole axe object, which Playwright would otherwise serialize: together a third of the time.
const AXE_SOURCE = `${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}\n;0`;

type AxeResult = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };

/** axe-core's serious and critical violations on the page as it is now, each as `rule: the elements`. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } };
    // Only the violations: the passes and incomplete checks are not read, and collecting them doubles the run.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The page itself adds a menu item to its basket over the shop's API (the basket cookie is the page's): the answer. */
export function addToBasketFromPage(
  page: Page,
  menuItemId: number,
  quantity = 1,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(
    ([id, count]) =>
      fetch('/api/basket/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ menuItemId: id, quantity: count }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })),
    [menuItemId, quantity] as const,
  );
}
