// Shop pages (issue 14): the home page and a restaurant page (server-rendered, decision 018), each with the HTML and
// JavaScript (gzip bytes) a visitor loads before touching anything, and Lighthouse's four scores on its mobile
// preset, against the real server (server/main.ts on the built sites, demo data seeded) in the local Chromium.
// Targets: 100 for accessibility, best practices and SEO; performance >= 95; a restaurant page's JavaScript
// before interaction <= 60 KB gzip. Writes bench/results/shop.json.  Run: node bench/shop.ts  (or npm run bench)
import { pathFor } from '#domain/localized-routes.ts';
import {
  kb,
  launchChromium,
  measurePage,
  printTable,
  startSiteServer,
  writeResults,
  type PageMeasurement,
} from './lighthouse-pages.ts';

// The restaurant page needs the demo restaurants.
const { port, stop } = await startSiteServer('shop', { SEED_DEMO: '1' });
const chrome = await launchChromium();
const rows: ({ page: string } & PageMeasurement)[] = [];
try {
  const pages = {
    home: pathFor('home', 'pl'),
    restaurant: pathFor('restaurant', 'pl', { slug: 'pasta-fresca-warszawa-mokotow' }),
  };
  for (const [name, pagePath] of Object.entries(pages)) {
    rows.push({ page: name, ...(await measurePage(chrome, `http://localhost:${port}${pagePath}`)) });
  }
} finally {
  chrome.kill();
  await stop();
}

writeResults('shop', rows);
printTable('page', rows, (row) => row.page);
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
