import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * The catalogue pages are rendered per request inside our Hono server (decision 018). This adapter has Astro build
 * them into dist/server/entry.mjs (sites/ssr/entry.ts: `render(request, screen, locals)`); the static pages, brand
 * sites and assets are written to dist/ exactly as before (astro.config.mjs sets build.client to dist/ itself).
 */
export function honoRenderer(): AstroIntegration {
  return {
    name: 'marketplace:hono-renderer',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'marketplace:hono-renderer',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./entry.ts', import.meta.url),
          supportedAstroFeatures: {
            staticOutput: 'stable',
            hybridOutput: 'stable',
            serverOutput: 'stable',
            sharpImageService: 'stable',
          },
        });
      },
      // The scripts Astro may inline into a server-rendered page, as an HTML file the CSP hashes like any page of
      // the shop's (server/content-security-policy.ts); the server never serves files under dist/server/.
      'astro:build:done': async ({ dir, logger }) => {
        const server = path.join(fileURLToPath(dir), 'server');
        const entry = (await import(pathToFileURL(path.join(server, 'entry.mjs')).href)) as {
          inlineScripts: () => string[];
        };
        const scripts = entry.inlineScripts();
        const html = scripts.map((script) => `<script>${script}</script>`).join('\n');
        await writeFile(path.join(server, 'inline-scripts.html'), `${html}\n`);
        logger.info(`${scripts.length} inline scripts of server-rendered pages in server/inline-scripts.html`);
      },
    },
  };
}
