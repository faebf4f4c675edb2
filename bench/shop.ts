// Shop pages (issue 14): the home page and a restaurant page (server-rendered, decision 018), each with the HTML and
// JavaScript (gzip bytes) a visitor loads before touching anything, and Lighthouse's four scores on its mobile
// preset, against the real server (server/main.ts on the built sites, demo data seeded) in the local Chromium.
// Targets: 100 for accessibility, best practices and SEO; performance >= 95; a restaurant page's JavaScript
// before interaction <= 60 KB gzip. Writes bench/results/shop.json.  Run: node bench/shop.ts  (or npm run bench)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pathFor } from '#domain/localized-routes.ts';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

if (!existsSync('dist/index.html')) {
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('astro build failed');
}

// The server as `npm start` runs it; on DATABASE_URL when given, otherwise a throwaway embedded database.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-shop-'));
const port = await freePort();
const server = spawn(process.execPath, ['server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    // The restaurant page needs the demo restaurants.
    SEED_DEMO: '1',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = async () => {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
};
for (let deadline = Date.now() + 90_000; ;) {
  if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
  if (
    await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (Date.now() > deadline) throw new Error('server did not become ready');
  await new Promise((r) => setTimeout(r, 250));
}

type NetworkItem = { url: string; resourceType?: string; mimeType?: string; statusCode?: number };
type Row = {
  page: string;
  url: string;
  htmlGzipBytes: number;
  jsGzipBytes: number;
  jsFiles: number;
  scores: Record<(typeof CATEGORIES)[number], number>;
  failedAudits: string[];
};

// Node does not resolve *.localhost the way browsers do: connect to loopback and name the host in the header.
const gzipBytes = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const target = new URL(url);
    get(
      { host: '127.0.0.1', port: target.port, path: target.pathname + target.search, headers: { host: target.host } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(gzipSync(Buffer.concat(chunks), { level: 9 }).length));
      },
    ).on('error', reject);
  });

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows: Row[] = [];
try {
  const pages = {
    home: pathFor('home', 'pl'),
    restaurant: pathFor('restaurant', 'pl', { slug: 'pasta-fresca-warszawa-mokotow' }),
  };
  for (const [name, pagePath] of Object.entries(pages)) {
    const url = `http://localhost:${port}${pagePath}`;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    // Everything the page loaded by itself during the Lighthouse run: nobody clicked or scrolled.
    const items = (
      (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
    ).filter((item) => (item.statusCode ?? 200) < 400);
    const html = items.filter((item) => item.resourceType === 'Document');
    const scripts = items.filter((item) => item.resourceType === 'Script');
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
    ) as Row['scores'];
    const failedAudits = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => audit.id);
    rows.push({
      page: name,
      url,
      htmlGzipBytes: (await Promise.all(html.map((item) => gzipBytes(item.url)))).reduce((a, b) => a + b, 0),
      jsGzipBytes: (await Promise.all(scripts.map((item) => gzipBytes(item.url)))).reduce((a, b) => a + b, 0),
      jsFiles: scripts.length,
      scores,
      failedAudits,
    });
  }
} finally {
  chrome.kill();
  await stop();
}

mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/shop.json',
  JSON.stringify({ measuredAt: new Date().toISOString(), preset: 'lighthouse mobile', rows }, null, 2),
);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log('page             HTML gz    JS gz (files)     perf a11y  bp  seo  below 0.9');
for (const row of rows) {
  const s = row.scores;
  console.log(
    `${row.page.padEnd(16)} ${kb(row.htmlGzipBytes).padStart(9)} ${kb(row.jsGzipBytes).padStart(10)} (${row.jsFiles})  ` +
      `${String(s.performance).padStart(4)} ${String(s.accessibility).padStart(4)} ${String(s['best-practices']).padStart(3)} ${String(s.seo).padStart(4)}  ${row.failedAudits.join(', ') || '-'}`,
  );
}
const missed = rows.filter(
  (row) =>
    row.scores.performance < 95 ||
    (['accessibility', 'best-practices', 'seo'] as const).some((category) => row.scores[category] < 100),
);
if (missed.length > 0) console.log(`\nBelow the targets: ${missed.map((row) => row.page).join(', ')}`);
const restaurant = rows.find((row) => row.page === 'restaurant');
if (restaurant && restaurant.jsGzipBytes > 60 * 1024)
  console.log(
    `\nThe restaurant page loads ${kb(restaurant.jsGzipBytes)} of JavaScript before interaction (target 60 KiB)`,
  );
