/**
 * Where the islands find the API. Empty means the page's own origin, which is how our server serves every brand
 * host; a brand site deployed to another static host is built with PUBLIC_API_BASE=https://shop.example.com
 * (docs/decisions/005-self-contained-brand-site-folders.md). A module of its own: the brand landing page's menu
 * script needs only this, not the typed client (decision 039).
 */
export const apiBase = (): string =>
  ((import.meta.env['PUBLIC_API_BASE'] as string | undefined) ?? '').replace(/\/$/, '');
