import { createHash } from 'node:crypto';
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

/** The CSP source of each inline script of an HTML answer, computed here as a browser would. */
const inlineScriptHashes = async (response: Response) =>
  [...(await response.text()).matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter(([, body]) => body)
    .map(([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);

const otherHosts = ['smash-club.localhost', 'survey.localhost', 'no-such-brand.localhost'];
/** The hashes pasta-fresca's policy allows with its seeded config. */
const brandHashes = async () =>
  policyOf(await request(ctx, '/', { host: 'pasta-fresca.localhost' }))['script-src']!.filter(isHash);
const isHash = (source: string) => /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(source);

/** The same app, with pasta-fresca's config changed as a marketer would in tenant.json. */
const withPastaFresca = (change: Partial<Tenant>): TestContext => {
  const tenants = ctx.deps.tenants.map((t) => (t.slug === 'pasta-fresca' ? { ...t, ...change } : t));
  return { ...ctx, app: createApp({ ...ctx.deps, tenants }) };
};

describe('content security policy on brand hosts', () => {
  it("allows the page's own origin and, by hash, exactly the inline scripts of the brand's pages", async () => {
    const page = await request(ctx, '/', { host: 'pasta-fresca.localhost' });
    const brand = policyOf(page);
    const inline = await inlineScriptHashes(page);
    // The landing page has Astro's island loader and the menu script inline: the build must be checked, not empty.
    expect(inline.length).toBeGreaterThan(0);
    expect(brand['script-src']).toEqual(expect.arrayContaining(["'self'", ...inline]));
    // Nothing but our origin and hashes: no 'unsafe-inline', no other origin.
    expect(brand['script-src']!.filter((source) => source !== "'self'" && !isHash(source))).toEqual([]);
    const shop = policyOf(await request(ctx, '/', { host: 'localhost' }));
    expect(shop['script-src']!.filter((source) => source !== "'self'" && !isHash(source))).toEqual([]);
    expect({ ...brand, 'script-src': null }).toEqual({ ...shop, 'script-src': null });
  });

  it("allows exactly the brand's external document scripts and GTM, on its own host only", async () => {
    const app = withPastaFresca({
      rrRegulationsUrl: 'https://legal.example.com/pasta-fresca/terms.js',
      rrPolicyUrl: 'https://legal.example.com/pasta-fresca/policy.js?v=2',
      gtm: 'GTM-ABC1234',
    });
    const shop = policyOf(await request(app, '/', { host: 'localhost' }));
    const ownHashes = await brandHashes();
    for (const path of ['/', '/regulations/', '/en/policy/', '/nie-ma']) {
      const brand = policyOf(await request(app, path, { host: 'pasta-fresca.localhost' }));
      expect(brand['script-src']).toEqual([
        "'self'",
        ...ownHashes,
        'https://legal.example.com',
        'https://www.googletagmanager.com',
      ]);
      // Nothing else is widened.
      expect({ ...brand, 'script-src': null }).toEqual({ ...shop, 'script-src': null });
    }
    for (const policy of [
      shop,
      ...(await Promise.all(otherHosts.map((host) => request(app, '/', { host })))).map(policyOf),
    ])
      expect(policy['script-src']!.filter((source) => source !== "'self'" && !isHash(source))).toEqual([]);
  });

  it('allows only the one origin a brand sets, without GTM', async () => {
    const app = withPastaFresca({ rrPolicyUrl: 'https://docs.example.org:8443/policy.js' });
    const brand = policyOf(await request(app, '/policy/', { host: 'www.pastafresca.pl' }));
    expect(brand['script-src']).toEqual(["'self'", ...(await brandHashes()), 'https://docs.example.org:8443']);
  });
});
