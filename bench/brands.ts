// Brand landing pages: for each brand, the HTML and JavaScript (gzip bytes) a visitor loads before touching
// anything, and Lighthouse's four scores on its mobile preset, against the real server (server/main.ts on the
// built sites) in the local Chromium. Targets: 100 in all four; no JavaScript needed for the first paint.
// Writes bench/results/brands.json.  Run: node bench/brands.ts  (or npm run bench)
import { loadTenants } from '#tenants/index.ts';
import {
  CATEGORIES,
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
