import { loadTenants, shopLogoPath } from '#tenants/index.ts';
import type { BrandLogos } from '#app/basket/basket-view.ts';

/**
 * Where the shop serves each brand's logo (`/logos/<slug>.svg`, copied there by sites/shop-logos.ts), by the brand's
 * slug: a shared basket's lines are headed by their brands' logos (issue 35), and the basket answer names a brand by
 * its slug only. A brand without a tenant config has no entry and is headed by its name alone.
 */
export const brandLogos = (): BrandLogos =>
  Object.fromEntries(loadTenants().map((tenant) => [tenant.slug, shopLogoPath(tenant)]));
