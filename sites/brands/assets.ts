import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { contrast } from '#tenants/index.ts';
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

/** Black or white, whichever reads better on the colour. */
const inkOn = (hex: string): string => (contrast(hex, '#ffffff') >= contrast(hex, '#111111') ? '#ffffff' : '#111111');

const FONTS = {
  serif: "Georgia, 'DejaVu Serif', 'Times New Roman', serif",
  sans: "'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif",
  rounded: "'Trebuchet MS', Verdana, 'DejaVu Sans', sans-serif",
  condensed: "Impact, 'Arial Narrow', 'DejaVu Sans Condensed', sans-serif-condensed, sans-serif",
  mono: "'DejaVu Sans Mono', Menlo, Consolas, monospace",
} as const;
const RADII = { square: '0', soft: '0.5rem', round: '1.25rem' } as const;

/** The brand's look as CSS custom properties for the page's root element. */
export function themeStyle(tenant: Tenant): string {
  const t = tenant.theme;
  return [
    `--primary:${t.primary}`,
    `--on-primary:${inkOn(t.primary)}`,
    `--accent:${t.accent}`,
    `--on-accent:${inkOn(t.accent)}`,
    `--bg:${t.background}`,
    `--ink:${t.text}`,
    `--display:${FONTS[t.font ?? 'sans']}`,
    `--radius:${RADII[t.corners ?? 'soft']}`,
    `--display-case:${t.font === 'condensed' ? 'uppercase' : 'none'}`,
  ].join(';');
}
