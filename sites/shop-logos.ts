import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { loadTenants, shopLogoPath, tenantsDir } from '../tenants/index.ts';

/**
 * Copies every brand's logo to the path the API hands out for it (`/logos/<slug>.svg`, tenants/index.ts), in the
 * shop's part of the build. The brand sites keep their own fingerprinted or inlined copy, on their own hosts.
 */
export function shopLogos(): AstroIntegration {
  return {
    name: 'marketplace:shop-logos',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const tenants = loadTenants();
        await mkdir(path.join(dist, 'logos'), { recursive: true });
        for (const tenant of tenants)
          await copyFile(
            path.join(tenantsDir(), tenant.slug, tenant.logo),
            path.join(dist, `.${shopLogoPath(tenant)}`),
          );
        logger.info(`${tenants.length} brand logos in logos/`);
      },
    },
  };
}
