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
  devToolbar: { enabled: false },
  telemetry: false,
});
