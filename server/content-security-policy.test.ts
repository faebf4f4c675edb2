import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import type { HostKind } from './hosts.ts';
import { contentSecurityPolicies, tileSource } from './content-security-policy.ts';
import { parseEnv } from './env.ts';
import { createPaymentProviders } from './services/payments/providers.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'csp-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The directives of the policy one host gets, by name. */
function policy(googlePay: boolean, host: HostKind) {
  const header = contentSecurityPolicies(dist, [], { googlePay })(host);
  return Object.fromEntries(
    header.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('content security policy and Google Pay', () => {
  it('allows pay.js, its calls, its button images and its sheet on the shop when a real provider takes Google Pay', () => {
    const shop = policy(true, { kind: 'shop' });
    expect(shop['script-src']).toContain('https://pay.google.com');
    expect(shop['connect-src']).toEqual(
      expect.arrayContaining(['https://pay.google.com', 'https://google.com/pay', 'https://www.google.com/pay']),
    );
    expect(shop['img-src']).toContain('https://www.gstatic.com');
    expect(shop['frame-src']).toContain('https://pay.google.com');
  });

  it('frames only our own pages and those that need a frame, and lets forms post only to our origin', () => {
    for (const host of [{ kind: 'shop' }, { kind: 'unknown' }, { kind: 'survey' }] as const) {
      const directives = policy(false, host);
      expect(directives['frame-src'], host.kind).toEqual(["'self'"]);
      expect(directives['form-action'], host.kind).toEqual(["'self'"]);
    }
    const external = contentSecurityPolicies(dist, [], {
      googlePay: false,
      surveyFormUrl: 'https://forms.example.com/f/abc?embed=1',
    });
    expect(external({ kind: 'survey' })).toContain("frame-src 'self' https://forms.example.com;");
    expect(external({ kind: 'shop' })).toContain("frame-src 'self';");
  });

  it('allows nothing of Google’s without it (the sandbox’s sheet), nor on hosts without a checkout', () => {
    for (const [googlePay, host] of [
      [false, { kind: 'shop' }],
      [true, { kind: 'unknown' }],
    ] as const) {
      const directives = policy(googlePay, host);
      expect(JSON.stringify(directives)).not.toMatch(/google|gstatic/);
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['connect-src']).toEqual(["'self'"]);
    }
  });

  it('Google’s sheet is loaded only where PayU or Przelewy24 takes Google Pay', () => {
    const db = {} as Db; // never written: nothing here calls a provider
    const googleFor = (source: Record<string, string>) => createPaymentProviders(parseEnv(source), { db });
    expect(googleFor({}).googlePayFromGoogle).toBe(false);
    const payu = {
      PAYU_POS_ID: '300746',
      PAYU_CLIENT_ID: '300746',
      PAYU_CLIENT_SECRET: 'secret',
      PAYU_SECOND_KEY: 'second',
    };
    const p24 = { P24_MERCHANT_ID: '1', P24_POS_ID: '1', P24_API_KEY: 'key', P24_CRC: 'crc' };
    expect(googleFor({ ...payu, PAYMENT_ROUTES: 'pl.googlePay=payu' }).googlePayFromGoogle).toBe(true);
    expect(googleFor({ ...payu, PAYMENT_ROUTES: 'pl.blik=payu,pl.fastTransfer=payu' }).googlePayFromGoogle).toBe(false);
    expect(
      googleFor({ ...p24, P24_GOOGLE_PAY_METHOD_ID: '266', PAYMENT_ROUTES: 'pl.googlePay=przelewy24' })
        .googlePayFromGoogle,
    ).toBe(true);
    expect(googleFor({ ...payu, PAYMENT_ROUTES: 'pl.googlePay=sandbox' }).googlePayFromGoogle).toBe(false);
  });
});

describe('the map tiles’ image source (MAP_TILE_URL, decision 061)', () => {
  it('is the template’s https host, a {s} subdomain as the wildcard; nothing else', () => {
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileSource('https://tiles.example.com:8443/{z}/{x}/{y}.png')).toBe('https://tiles.example.com:8443');
    expect(tileSource(undefined)).toBeNull();
    expect(tileSource('http://tiles.example.com/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource("https://a.example.com'; script-src *")).toBeNull();
  });
});
