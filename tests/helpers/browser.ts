import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get update && apt-get install -y chromium`);
  return chromium.launch({
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
}

let visitors = 0;
/**
 * Headers making a browser context a visitor of its own (made-up) address, through the X-Forwarded-For the e2e server
 * trusts: rate limits count per address, and the many customers the test files play would otherwise share one. The
 * test worker's pid keeps two files' visitors apart.
 */
export function visitorAddress(): { 'x-forwarded-for': string } {
  visitors += 1;
  return { 'x-forwarded-for': `198.51.${(process.pid % 200) + 1}.${(visitors % 250) + 1}` };
}

/** The URL of `path` on a given host of the running server (`*.localhost` resolves to loopback). */
export const urlOn = (host: string, path = '/'): string => `http://${host}:${inject('serverPort')}${path}`;

export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

/** Screenshots go to test-results/screenshots, which CI keeps. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
