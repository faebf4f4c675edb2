// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { selfContainedBrandSites } from './sites/brands/self-contained.ts';
import { shopLogos } from './sites/shop-logos.ts';
import { honoRenderer } from './sites/ssr/adapter.ts';
import { compileMessages } from './scripts/i18n-compile.ts';

/**
 * The project's own client directives. `client:interaction` hydrates an island on its first use instead of at
 * load (sites/directives/interaction.ts), so the brand pages run no framework JavaScript until a visitor acts.
 * @type {import('astro').AstroIntegration}
 */
const clientDirectives = {
  name: 'marketplace:client-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './sites/directives/interaction.ts' });
    },
  },
};

/**
 * Compiles the Paraglide messages (messages/*.json → i18n/paraglide/) before Astro reads any page, so a build,
 * `astro check` or dev start on a fresh clone finds them; the compiled output is not committed.
 * @type {import('astro').AstroIntegration}
 */
const paraglideMessages = {
  name: 'marketplace:paraglide-messages',
  hooks: { 'astro:config:setup': () => compileMessages() },
};

// Astro builds static files only: the shop pages, the brand sites (one folder per tenant under
// dist/brands/<slug>/), the survey page and the brand logos the API links to (dist/logos/). The Hono server
// (server/) serves them per host. Each brand folder is self-contained (its own _astro/ and 404.html), so it
// can also be uploaded as is to any static host (docs/decisions/005-self-contained-brand-site-folders.md).

/**
 * How the browser's JavaScript is grouped (docs/decisions/029-javascript-budget.md, 039-react.md). Left to itself the
 * bundler gives every shared module its own file: a shop page loaded 30–46 files, most under 1 KB, in import chains
 * four deep, each level a round trip before the islands could run. Three groups instead:
 * - `react`: what every island needs (React, react-dom's client, the scheduler, the nanostores binding, Astro's
 *   renderer), one file for every page and site, and `nanostores` beside it (a brand page's menu script needs only
 *   that);
 * - `shell`: the shop layout's islands (navbar, basket widget, user menu, notifications, progress bar, cookie
 *   consent) and the modules they import (stores, API client, money and route helpers, error messages), which every
 *   shop page loads anyway — except modules a brand site's script or island also imports, so a brand page never
 *   loads the shop's navbar code.
 * Page islands keep their own files and share these.
 */
const LAYOUT_ISLAND =
  /app[\\/]shop[\\/](BasketWidget|UserMenu|NavbarAddress|Hamburger|Notifications|ProgressBar|CookieConsent)\.tsx$/;
const BRAND_CODE = /app[\\/]brand[\\/]|sites[\\/]brands[\\/]/;
const REACT = /node_modules[\\/](react|react-dom|scheduler|@nanostores[\\/]react|@astrojs[\\/]react)[\\/]/;
// Apart from React: a brand page's menu script uses the stores at load, without any island.
const NANOSTORES = /node_modules[\\/]nanostores[\\/]/;

/**
 * Whether `test` matches `id` or a module importing it, directly or through others (`dynamic`: dynamic imports
 * count too).
 * @param {string} id
 * @param {{ getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[] } | null }} ctx
 * @param {RegExp} test
 * @param {boolean} dynamic
 * @param {Map<string, boolean>} memo
 * @returns {boolean}
 */
function importedFrom(id, ctx, test, dynamic, memo, seen = new Set()) {
  const known = memo.get(id);
  if (known !== undefined) return known;
  if (test.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  const info = ctx.getModuleInfo(id);
  const importers = info ? [...info.importers, ...(dynamic ? info.dynamicImporters : [])] : [];
  const found = importers.some((importer) => importedFrom(importer, ctx, test, dynamic, memo, seen));
  // Only a positive answer is final: a negative one may come from a cycle still being explored.
  if (found) memo.set(id, true);
  return found;
}

const byLayout = new Map();
const byBrand = new Map();
/** @type {import('rolldown').CodeSplittingOptions} */
const browserChunks = {
  includeDependenciesRecursively: false,
  groups: [
    { name: 'react', test: REACT, priority: 3 },
    { name: 'nanostores', test: NANOSTORES, priority: 2 },
    {
      name: (id, ctx) =>
        !id.includes('node_modules') &&
        importedFrom(id, ctx, LAYOUT_ISLAND, false, byLayout) &&
        !importedFrom(id, ctx, BRAND_CODE, true, byBrand)
          ? 'shell'
          : null,
      debugName: 'shell',
      priority: 1,
    },
  ],
};

/**
 * The groups decide module by module (`includeDependenciesRecursively: false`), which the bundler allows only when an
 * island's entry file may export more than the island; Astro sets 'exports-only' for the client, so this sets it
 * after Astro has. An island's file is only ever imported by Astro's loader, which reads its default export.
 * @type {import('vite').Plugin}
 */
const allowEntryExtension = {
  name: 'marketplace:allow-entry-extension',
  configEnvironment: (name) =>
    name === 'client' ? { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension' } } } : undefined,
};

export default defineConfig({
  srcDir: './sites',
  publicDir: './sites/public',
  outDir: './dist',
  output: 'static',
  integrations: [paraglideMessages, react(), clientDirectives, selfContainedBrandSites(), shopLogos()],
  adapter: honoRenderer(),
  // Inline CSS: the pages' styles are small, and a separate stylesheet would block the first paint.
  build: { format: 'directory', inlineStylesheets: 'always', client: './', server: './server/' },
  server: { port: 4321 },
  vite: {
    plugins: [allowEntryExtension],
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: browserChunks } } } },
    },
  },
  devToolbar: { enabled: false },
  telemetry: false,
});
