// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// Astro builds static files only: the shop pages, the brand sites (one folder per tenant under
// dist/brands/<slug>/) and the survey page. The Hono server (server/) serves them per host.
export default defineConfig({
  srcDir: './sites',
  publicDir: './sites/public',
  outDir: './dist',
  output: 'static',
  integrations: [react()],
  build: { format: 'directory' },
  server: { port: 4321 },
  devToolbar: { enabled: false },
  telemetry: false,
});
