import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import type { Tenant } from '#tenants/schema.ts';
import { request, useTestApp, type TestContext } from '../helpers/app.ts';

const ctx = useTestApp();

/** The directives of a Content-Security-Policy header, by name. */
const policyOf = (response: Response) =>
  Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );

/** The same app, with pasta-fresca's config changed as a marketer would in tenant.json. */
const withPastaFresca = (change: Partial<Tenant>): TestContext => {
  const tenants = ctx.deps.tenants.map((t) => (t.slug === 'pasta-fresca' ? { ...t, ...change } : t));
  return { ...ctx, app: createApp({ ...ctx.deps, tenants }) };
};

describe('content security policy on brand hosts', () => {
  it("keeps scripts to the page's own origin for a brand without external scripts", async () => {
    const brand = policyOf(await request(ctx, '/', { host: 'pasta-fresca.localhost' }));
    expect(brand['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(brand).toEqual(policyOf(await request(ctx, '/', { host: 'localhost' })));
  });

  it("allows exactly the brand's external document scripts and GTM, on its own host only", async () => {
    const app = withPastaFresca({
      rrRegulationsUrl: 'https://legal.example.com/pasta-fresca/terms.js',
      rrPolicyUrl: 'https://legal.example.com/pasta-fresca/policy.js?v=2',
      gtm: 'GTM-ABC1234',
    });
    const shop = policyOf(await request(app, '/', { host: 'localhost' }));
    for (const path of ['/', '/regulations/', '/en/policy/', '/nie-ma']) {
      const brand = policyOf(await request(app, path, { host: 'pasta-fresca.localhost' }));
      expect(brand['script-src']).toEqual([
        "'self'",
        "'unsafe-inline'",
        'https://legal.example.com',
        'https://www.googletagmanager.com',
      ]);
      // Nothing else is widened.
      expect({ ...brand, 'script-src': null }).toEqual({ ...shop, 'script-src': null });
    }
    expect(shop['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    for (const host of ['smash-club.localhost', 'survey.localhost', 'no-such-brand.localhost']) {
      expect(policyOf(await request(app, '/', { host }))['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    }
  });

  it('allows only the one origin a brand sets, without GTM', async () => {
    const app = withPastaFresca({ rrPolicyUrl: 'https://docs.example.org:8443/policy.js' });
    const brand = policyOf(await request(app, '/policy/', { host: 'www.pastafresca.pl' }));
    expect(brand['script-src']).toEqual(["'self'", "'unsafe-inline'", 'https://docs.example.org:8443']);
  });
});
