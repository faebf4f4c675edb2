// What bench/brands.ts and bench/shop.ts share: the real server (server/main.ts on the built sites) on a free port,
// the local Chromium, and one page measured the same way for both — the HTML and JavaScript (gzip bytes) a visitor
// loads before touching anything, and Lighthouse's four scores on its mobile preset.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { wholeNumberSetting } from './settings.ts';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** One measured page, as the results files store it (after the script's own name column). */
export type PageMeasurement = {
  url: string;
  htmlGzipBytes: number;
  jsGzipBytes: number;
  jsFiles: number;
  /** Each script the page loaded, largest first: its path and gzip bytes (in the results file, not the table). */
  scripts: { path: string; gzipBytes: number }[];
  /**
   * Lighthouse's measure of the machine's speed during the run (higher is faster). The performance score is computed
   * with simulated throttling, from the page's own main-thread work as measured here: on a busy machine that work
   * takes longer and the score drops, so a run's scores are to be read with its index.
   */
  benchmarkIndex: number;
  /** The performance metrics behind the score, in milliseconds (CLS unitless), as Lighthouse simulated them. */
  metrics: { fcp: number; lcp: number; tbt: number; si: number; cls: number };
  scores: Record<(typeof CATEGORIES)[number], number>;
  failedAudits: string[];
  /** Every run's performance score, in the order run; the other fields are the median run's. */
  performanceRuns?: number[];
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * The server as `npm start` runs it (building the sites first when dist/ has none), on DATABASE_URL when given,
 * otherwise a throwaway embedded database in a temporary folder named after `name`; `env` is added to the server's
 * environment. Resolves once /readyz answers.
 */
export async function startSiteServer(name: string, env: Record<string, string> = {}) {
  if (!existsSync('dist/index.html')) {
    const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('astro build failed');
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const port = await freePort();
  const server = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_REQUESTS: '0', ...env },
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
  return { port, stop };
}

export const launchChromium = () =>
  chromeLauncher.launch({
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

type NetworkItem = { url: string; resourceType?: string; mimeType?: string; statusCode?: number };

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

/**
 * Lighthouse's performance score varies from run to run with the machine (this one is a VM whose speed, Lighthouse's
 * benchmarkIndex, moved between 800 and 2,000 within minutes with nothing else running). As Lighthouse's own guide to
 * variability advises, each page is measured several times (LIGHTHOUSE_RUNS, default 5) and the run with the median
 * performance score is the one reported; every run's score is kept beside it. A run Lighthouse itself could not
 * complete (a trace without its navigation start, NO_NAVSTART) is run again rather than counted as 0.
 */
const RUNS = wholeNumberSetting('LIGHTHOUSE_RUNS', 5);

export async function measurePage(
  chrome: chromeLauncher.LaunchedChrome,
  url: string,
  headers?: Record<string, string>,
  report?: string,
): Promise<PageMeasurement> {
  const runs: PageMeasurement[] = [];
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt++) {
    const run = await measureOnce(chrome, url, headers, report ? `${report}-${runs.length + 1}` : undefined);
    if (run) runs.push(run);
  }
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error(`Lighthouse completed no run of ${url}`);
  return { ...median, performanceRuns: runs.map((run) => run.scores.performance) };
}

/**
 * One Lighthouse run on `url` in `chrome`, with the bytes of what the page loaded by itself, or null when Lighthouse
 * could not complete it. `headers` go with every request of the run (a basket cookie, for a page that shows a basket:
 * the basket page sends an empty one home). With `report`, Lighthouse's whole JSON report is kept as
 * bench/results/lighthouse/<report>.json (the LCP element, the long tasks and the request chain behind a score are
 * there, not in the summary).
 */
async function measureOnce(
  chrome: chromeLauncher.LaunchedChrome,
  url: string,
  headers?: Record<string, string>,
  report?: string,
): Promise<PageMeasurement | null> {
  const result = await lighthouse(url, {
    port: chrome.port,
    ...(headers ? { extraHeaders: headers } : {}),
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    console.error(`Lighthouse on ${url}: ${lhr.runtimeError.code}, run again`);
    return null;
  }
  if (report) {
    mkdirSync('bench/results/lighthouse', { recursive: true });
    writeFileSync(`bench/results/lighthouse/${report}.json`, JSON.stringify(lhr));
  }
  // Everything the page loaded by itself during the Lighthouse run: nobody clicked or scrolled.
  const items = (
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
  ).filter((item) => (item.statusCode ?? 200) < 400);
  const html = items.filter((item) => item.resourceType === 'Document');
  const scripts = items.filter((item) => item.resourceType === 'Script');
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as PageMeasurement['scores'];
  const failedAudits = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => audit.id);
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const scriptBytes = await Promise.all(
    scripts.map(async (item) => ({ path: new URL(item.url).pathname, gzipBytes: await gzipBytes(item.url) })),
  );
  return {
    url,
    htmlGzipBytes: (await Promise.all(html.map((item) => gzipBytes(item.url)))).reduce((a, b) => a + b, 0),
    jsGzipBytes: scriptBytes.reduce((sum, script) => sum + script.gzipBytes, 0),
    jsFiles: scripts.length,
    scripts: scriptBytes.sort((a, b) => b.gzipBytes - a.gzipBytes),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      si: metric('speed-index'),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    },
    scores,
    failedAudits,
  };
}

/** Writes bench/results/<name>.json with the rows. */
export function writeResults(name: string, rows: object[]) {
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/${name}.json`,
    JSON.stringify({ measuredAt: new Date().toISOString(), preset: 'lighthouse mobile', rows }, null, 2),
  );
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The table on stdout: one line a page, the first column headed `column` and holding `label(row)`. */
export function printTable<Row extends PageMeasurement>(column: string, rows: Row[], label: (row: Row) => string) {
  console.log(
    `${column.padEnd(16)} HTML gz    JS gz (files)     perf a11y  bp  seo   FCP/LCP/TBT ms      cpu  below 0.9`,
  );
  for (const row of rows) {
    const s = row.scores;
    const { fcp, lcp, tbt } = row.metrics;
    console.log(
      `${label(row).padEnd(16)} ${kb(row.htmlGzipBytes).padStart(9)} ${kb(row.jsGzipBytes).padStart(10)} (${row.jsFiles})  ` +
        `${String(s.performance).padStart(4)} ${String(s.accessibility).padStart(4)} ${String(s['best-practices']).padStart(3)} ${String(s.seo).padStart(4)}  ` +
        `${`${fcp}/${lcp}/${tbt}`.padEnd(18)} ${String(row.benchmarkIndex).padStart(4)}  ${row.failedAudits.join(', ') || '-'}`,
    );
  }
  console.log('(perf and the other columns: the run with the median performance score; every run:)');
  for (const row of rows) console.log(`  ${label(row).padEnd(14)} ${(row.performanceRuns ?? []).join(' ')}`);
  console.log(
    '(cpu: Lighthouse benchmarkIndex of the run; the lower it is, the busier the machine and the lower perf)',
  );
}
