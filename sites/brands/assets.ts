import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { readableOn } from '#tenants/index.ts';
import type { Tenant } from '#tenants/schema.ts';

// Vite copies every brand picture into the build (fingerprinted under /_astro/, tiny ones inlined) and gives
// back its URL; the brand's tenant.json says which picture is which.
const pictures = import.meta.glob<string>('/tenants/*/images/*.{svg,png,jpg,jpeg,webp}', {
  query: '?url',
  import: 'default',
  eager: true,
});
const documents = import.meta.glob<{ Content: AstroComponentFactory }>('/tenants/*/*.md', { eager: true });

/** URL of a picture named in tenant.json ('images/logo.svg'). */
export function pictureUrl(tenant: Tenant, file: string): string {
  const url = pictures[`/tenants/${tenant.slug}/${file}`];
  if (!url) throw new Error(`tenants/${tenant.slug}/${file} is not in the build`);
  return url;
}

/** The rendered Markdown document named in tenant.json ('terms.md'). */
export function legalDocument(tenant: Tenant, file: string): AstroComponentFactory {
  const doc = documents[`/tenants/${tenant.slug}/${file}`];
  if (!doc) throw new Error(`tenants/${tenant.slug}/${file} is not in the build`);
  return doc.Content;
}

const FONTS = {
  serif: "Georgia, 'DejaVu Serif', 'Times New Roman', serif",
  sans: "'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif",
  rounded: "'Trebuchet MS', Verdana, 'DejaVu Sans', sans-serif",
  condensed: "Impact, 'Arial Narrow', 'DejaVu Sans Condensed', sans-serif-condensed, sans-serif",
  mono: "'DejaVu Sans Mono', Menlo, Consolas, monospace",
} as const;
const RADII = { square: '0', soft: 'var(--radius-2)', round: 'var(--radius-5)' } as const;

/** The brand's look as CSS custom properties for the page's root element. */
export function themeStyle(tenant: Tenant): string {
  const t = tenant.theme;
  // The colours are the brand's configuration (tenants/), data rather than design; the ink on them is white or
  // near-black by readableOn, as in the brand's order e-mails.
  return [
    `--primary:${t.primary}`,
    `--on-primary:${readableOn(t.primary)}`,
    `--accent:${t.accent}`,
    `--on-accent:${readableOn(t.accent)}`,
    `--bg:${t.background}`,
    `--ink:${t.text}`,
    `--display:${FONTS[t.font ?? 'sans']}`,
    `--radius:${RADII[t.corners ?? 'soft']}`,
    `--display-case:${t.font === 'condensed' ? 'uppercase' : 'none'}`,
  ].join(';');
}
