import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

// Root-relative asset references in HTML/CSS/JS ('/_astro/Menu.x.js'), and chunk-relative imports inside
// Astro's JS chunks ('./react.x.js'), both resolving into the shared _astro/ folder.
const ROOTED = /\/_astro\/[\w.-]+/g;
const RELATIVE = /["'(]\.\/([\w.-]+\.(?:js|css|svg|png|jpe?g|webp|woff2))/g;

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Makes one brand's folder deployable on its own: copies into <site>/_astro/ every built asset its pages use,
 * following JS imports, and adds the 404.html static hosts look for. Returns the asset names copied.
 */
async function makeSelfContained(dist: string, site: string): Promise<string[]> {
  const shared = path.join(dist, '_astro');
  const pending = new Set<string>();
  for (const file of await htmlFiles(site))
    for (const match of (await readFile(file, 'utf8')).matchAll(ROOTED)) pending.add(path.basename(match[0]));
  const copied = new Set<string>();
  await mkdir(path.join(site, '_astro'), { recursive: true });
  while (pending.size > 0) {
    const name = pending.values().next().value as string;
    pending.delete(name);
    if (copied.has(name)) continue;
    copied.add(name);
    const from = path.join(shared, name);
    await copyFile(from, path.join(site, '_astro', name));
    if (!/\.(?:js|css)$/.test(name)) continue;
    const text = await readFile(from, 'utf8');
    for (const match of text.matchAll(ROOTED)) pending.add(path.basename(match[0]));
    for (const match of text.matchAll(RELATIVE)) pending.add(match[1]!);
  }
  await copyFile(path.join(site, '404', 'index.html'), path.join(site, '404.html')).catch(() => undefined);
  return [...copied].sort();
}

/** After the build, turns every dist/brands/<slug>/ into a folder that works as the web root of any static host. */
export function selfContainedBrandSites(): AstroIntegration {
  return {
    name: 'self-contained-brand-sites',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const brands = path.join(dist, 'brands');
        const slugs = (await readdir(brands, { withFileTypes: true }))
          .filter((e) => e.isDirectory())
          .map((e) => e.name);
        for (const slug of slugs) {
          const assets = await makeSelfContained(dist, path.join(brands, slug));
          logger.info(`brands/${slug}/ is self-contained (${assets.length} assets)`);
        }
      },
    },
  };
}
