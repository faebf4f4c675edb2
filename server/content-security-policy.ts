import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Tenant } from '#tenants/schema.ts';
import type { HostKind } from './hosts.ts';

// An inline script: no src attribute. Astro writes its island loader and hoisted scripts this way, and a brand's
// GTM snippet is one too.
const INLINE_SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP source for each distinct inline script in the HTML files under `dir` (not under `skip`). */
function inlineScriptHashes(dir: string, skip?: string): string[] {
  const hashes = new Set<string>();
  const visit = (folder: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return; // no build yet: nothing to allow
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (full !== skip) visit(full);
      } else if (entry.name.endsWith('.html')) {
        for (const [, attributes, body] of readFileSync(full, 'utf8').matchAll(INLINE_SCRIPT)) {
          if (/\bsrc\s*=/i.test(attributes ?? '') || !body) continue;
          hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
        }
      }
    }
  };
  visit(path.resolve(dir));
  return [...hashes].sort();
}

/** The origins a brand's pages load scripts from: its external legal documents and Google Tag Manager. */
function tenantScriptOrigins(tenant: Tenant): string[] {
  const urls = [
    tenant.rrRegulationsUrl,
    tenant.rrPolicyUrl,
    tenant.gtm ? 'https://www.googletagmanager.com/' : undefined,
  ];
  return [...new Set(urls.filter((url) => url !== undefined).map((url) => new URL(url).origin))];
}

/**
 * What Google's pay.js needs on the checkout page when a real provider takes Google Pay: the script itself, its
 * calls (including the browser's payment handler, which fetches the manifests at google.com/pay), the button's
 * images from gstatic and Google's sheet in a frame. Its inline styles are allowed already.
 */
const GOOGLE_PAY_SOURCES = {
  script: ['https://pay.google.com'],
  connect: ['https://pay.google.com', 'https://google.com/pay', 'https://www.google.com/pay'],
  img: ['https://www.gstatic.com'],
  frame: ['https://pay.google.com'],
} as const;

type Extra = {
  script: readonly string[];
  connect: readonly string[];
  img: readonly string[];
  frame: readonly string[];
};
const NO_EXTRA: Extra = { script: [], connect: [], img: [], frame: [] };

const policy = (scriptSrc: string[], extra: Extra) =>
  [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptSrc, ...extra.script].join(' ')}`,
    // Inline styles stay allowed: Astro inlines the pages' CSS and brand themes set custom properties in style="".
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...extra.img].join(' '),
    // The kitchen board's alarm is a sound made in the page (app/admin/kitchen/alarm-sound.ts), played from data:.
    "media-src 'self' data:",
    // Frames from our origin and from exactly those who need one: Google's sheet, the survey's form.
    ["frame-src 'self'", ...extra.frame].join(' '),
    ["connect-src 'self'", ...extra.connect].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    // Our forms post to our own origin only (the brand contact form without its island, the sandbox bank page).
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');

/**
 * The image source of a Leaflet tile URL template: its scheme and host, a `{s}` subdomain as the `*.` wildcard
 * (https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png → https://*.tile.openstreetmap.org). Null when none is set.
 */
export function tileSource(url: string | undefined): string | null {
  const found = url ? /^https:\/\/([^/?#]+)/.exec(url)?.[1] : undefined;
  if (!found) return null;
  const host = found.replace(/^\{s\}\./, '*.');
  return /^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host) ? `https://${host}` : null;
}

/**
 * The Content-Security-Policy header's value, per kind of host. Scripts: our origin, plus exactly the inline scripts
 * the build wrote into that host's pages (by SHA-256, read from `dist/` once, when the app is created — a rebuild
 * needs a restart, as `npm start` does), plus on a brand's host that brand's external script origins. No
 * 'unsafe-inline' for scripts, so a script injected into a page does not run.
 */
export function contentSecurityPolicies(
  distDir: string,
  tenants: Tenant[],
  options: { googlePay: boolean; surveyFormUrl?: string; mapTileUrl?: string } = { googlePay: false },
): (host: HostKind) => string {
  const dist = path.resolve(distDir);
  // Google's origins only where the checkout can load Google Pay (shop and brand hosts) and only when a real
  // provider takes it: with the sandbox's own sheet nothing of Google's is loaded.
  const payPages = options.googlePay ? GOOGLE_PAY_SOURCES : NO_EXTRA;
  // The admin's zone map loads its tiles as images from MAP_TILE_URL's host, on the shop's host only.
  const tiles = tileSource(options.mapTileUrl);
  const pages = tiles ? { ...payPages, img: [...payPages.img, tiles] } : payPages;
  const shop = policy(inlineScriptHashes(dist, path.join(dist, 'brands')), pages);
  const brands = new Map(
    tenants.map((tenant) => [
      tenant.slug,
      policy([...inlineScriptHashes(path.join(dist, 'brands', tenant.slug)), ...tenantScriptOrigins(tenant)], payPages),
    ]),
  );
  const none = policy([], NO_EXTRA);
  // The survey page frames its form (SURVEY_FORM_URL), which may live on another host.
  const surveyFormUrl = options.surveyFormUrl ?? '';
  const surveyOrigin = /^https?:\/\//.test(surveyFormUrl) ? new URL(surveyFormUrl).origin : null;
  const survey = surveyOrigin
    ? policy(inlineScriptHashes(dist, path.join(dist, 'brands')), { ...pages, frame: [...pages.frame, surveyOrigin] })
    : shop;
  return (host) =>
    host.kind === 'tenant'
      ? (brands.get(host.tenant.slug) ?? none)
      : host.kind === 'shop'
        ? shop
        : host.kind === 'survey'
          ? survey
          : none;
}
