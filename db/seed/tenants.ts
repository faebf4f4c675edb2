import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { concepts, conceptReviews } from '../schema/index.ts';
import type { TenantColumn } from '../../server/domain/brand-fields.ts';
import { shopLogoPath, type Tenant } from '../../tenants/index.ts';

/**
 * The columns of `concepts` that `tenants/<slug>/tenant.json` owns (TENANT_COLUMNS, decision 043): what marketers
 * write. Every other column (active, showOnCompanyPortfolio, defaultRestaurantSlug) is the operators', set in the
 * admin, and the sync never writes it. The brand sites are built from the same files, so after a start the shop's concept page
 * and the brand site say the same.
 */
function marketerColumns(tenant: Tenant) {
  return {
    domain: tenant.domain,
    name: tenant.name,
    country: tenant.country,
    shortDescription: tenant.shortDescription,
    description: tenant.description,
    chef: tenant.chef ?? null,
    chefsComment: tenant.chefsComment ?? null,
    contactEmail: tenant.contactEmail,
    facebook: tenant.facebook ?? null,
    instagram: tenant.instagram ?? null,
    tiktok: tenant.tiktok ?? null,
    gtm: tenant.gtm ?? null,
    rrRegulationsUrl: tenant.rrRegulationsUrl ?? null,
    rrPolicyUrl: tenant.rrPolicyUrl ?? null,
    // The one picture the shop serves itself (sites/shop-logos.ts); the others exist only inside the brand's own
    // site folder, fingerprinted, and have no address the shop could hand out.
    logo: shopLogoPath(tenant),
    favicon: null,
    logoBlack: null,
    cover: null,
  } satisfies Record<Exclude<TenantColumn, 'slug'>, unknown>;
}

/**
 * Writes every tenant config into `concepts` and `concept_reviews`, in the caller's transaction: the marketer
 * columns of an existing concept (matched by slug) are overwritten, its operational ones left as the admin set
 * them; a new tenant folder becomes a new concept, inactive and without a default restaurant, because it has no
 * restaurant yet and a shop page or brand menu for it would be empty (the admin activates it once it has one).
 * A concept whose folder was removed keeps its row: orders point at it; without its config it has no pages.
 */
export async function syncTenants(tx: Tx, tenants: readonly Tenant[]): Promise<void> {
  for (const tenant of tenants) {
    const columns = marketerColumns(tenant);
    const [row] = await tx
      .insert(concepts)
      .values({ slug: tenant.slug, ...columns, active: false, defaultRestaurantSlug: null })
      .onConflictDoUpdate({ target: concepts.slug, set: columns })
      .returning({ id: concepts.id })
      .catch((error: unknown) => {
        throw new Error(
          `tenants/${tenant.slug}/tenant.json cannot be loaded into the database: ${domainTaken(error) ? `its domain ${tenant.domain} belongs to another concept` : (error as Error).message}`,
          { cause: error },
        );
      });
    // Reviews have no key of their own in the database; the config's list replaces the stored one.
    await tx.delete(conceptReviews).where(eq(conceptReviews.conceptId, row!.id));
    if (tenant.reviews.length > 0)
      await tx
        .insert(conceptReviews)
        .values(tenant.reviews.map((r) => ({ conceptId: row!.id, author: r.author, city: r.city, text: r.text })));
  }
}

function domainTaken(error: unknown): boolean {
  // postgres-js names the constraint constraint_name, PGlite constraint.
  for (
    let e = error as { constraint_name?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  )
    if (e.constraint_name === 'concepts_domain_key' || e.constraint === 'concepts_domain_key') return true;
  return false;
}
