// @ts-check
import { defineConfig } from 'astro/config';
import preact from '@astrojs/preact';
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
 * Compiles the Paraglide messages (messages/*.json → app/paraglide/) before Astro reads any page, so a build,
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
const reactLibraries = [
  '@nanostores/react',
  'react-hook-form',
  '@hookform/resolvers',
  '@tanstack/react-table',
  'react-chartjs-2',
];

export default defineConfig({
  srcDir: './sites',
  publicDir: './sites/public',
  outDir: './dist',
  output: 'static',
  integrations: [paraglideMessages, preact({ compat: true }), clientDirectives, selfContainedBrandSites(), shopLogos()],
  adapter: honoRenderer(),
  // Inline CSS: the pages' styles are small, and a separate stylesheet would block the first paint.
  build: { format: 'directory', inlineStylesheets: 'always', client: './', server: './server/' },
  server: { port: 4321 },
  // Libraries written for React are bundled for the server too, so their `react` imports meet the same alias to
  // preact/compat as the islands' (docs/decisions/029-javascript-budget.md); left external, Node would load React.
  vite: {
    environments: Object.fromEntries(
      ['ssr', 'prerender'].map((name) => [name, { resolve: { noExternal: reactLibraries } }]),
    ),
  },
  devToolbar: { enabled: false },
  telemetry: false,
});
