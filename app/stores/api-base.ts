/**
 * Where the islands find the API. Empty means the page's own origin, which is how our server serves every brand
 * host; a brand site deployed to another static host is built with PUBLIC_API_BASE=https://shop.example.com.
 */
export const apiBase = (): string =>
  ((import.meta.env['PUBLIC_API_BASE'] as string | undefined) ?? '').replace(/\/$/, '');
