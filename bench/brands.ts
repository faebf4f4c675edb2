// Brand landing pages: for each brand, the HTML and JavaScript (gzip bytes) a visitor loads before touching
// anything, and Lighthouse's four scores on its mobile preset, against the real server (server/main.ts on the
// built sites) in the local Chromium. Targets: 100 in all four; no JavaScript needed for the first paint, and at most
// 5 KB gzip of it before interaction (React loads on the first touch; decision 039).
// Writes bench/results/brands.json.  Run: node bench/brands.ts  (or npm run bench)
import { loadTenants } from '#tenants/index.ts';
import {
  CATEGORIES,
  kb,
  launchChromium,
  measurePage,
  printTable,
  startSiteServer,
  writeResults,
  type PageMeasurement,
} from './lighthouse-pages.ts';

const { port, stop } = await startSiteServer('brands');
const chrome = await launchChromium();
const rows: ({ brand: string } & PageMeasurement)[] = [];
try {
  for (const tenant of loadTenants()) {
    rows.push({ brand: tenant.slug, ...(await measurePage(chrome, `http://${tenant.slug}.localhost:${port}/`)) });
  }
} finally {
  chrome.kill();
  await stop();
}

writeResults('brands', rows);
printTable('brand', rows, (row) => row.brand);
const missed = rows.filter((row) => CATEGORIES.some((category) => row.scores[category] < 100));
if (missed.length > 0) console.log(`\nBelow the target of 100: ${missed.map((row) => row.brand).join(', ')}`);
const heavy = rows.filter((row) => row.jsGzipBytes > 5 * 1024);
if (heavy.length > 0)
  console.log(
    `\nMore than 5 KiB of JavaScript before interaction: ${heavy.map((row) => `${row.brand} ${kb(row.jsGzipBytes)}`).join(', ')}`,
  );
