import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { languageDetection, languageRedirect, preferredLanguage } from './url-rules.ts';

const arriving = { path: '/', langCookie: undefined, acceptLanguage: undefined, fetchSite: 'none' };

describe('preferredLanguage', () => {
  it('takes the first of our languages by q-value', () => {
    expect(preferredLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(preferredLanguage('de-DE,de;q=0.9,uk;q=0.8,pl;q=0.7')).toBe('ua');
    expect(preferredLanguage('en;q=0.5, pl;q=0.8')).toBe('pl');
    expect(preferredLanguage('ua')).toBe('ua');
  });

  it('names none for other languages, q=0, or no header', () => {
    expect(preferredLanguage('de, fr;q=0.5')).toBeNull();
    expect(preferredLanguage('en;q=0')).toBeNull();
    expect(preferredLanguage(undefined)).toBeNull();
    expect(preferredLanguage('')).toBeNull();
  });
});

describe('languageRedirect (spec section 2: detected on the root path only)', () => {
  it('sends a browser in English or Ukrainian from / to its home page', () => {
    expect(languageRedirect({ ...arriving, acceptLanguage: 'en-US,en;q=0.9' })).toBe('/en');
    expect(languageRedirect({ ...arriving, acceptLanguage: 'uk-UA,uk;q=0.9' })).toBe('/ua');
  });

  it('leaves Polish and unknown languages on /', () => {
    expect(languageRedirect({ ...arriving, acceptLanguage: 'pl-PL' })).toBeNull();
    expect(languageRedirect({ ...arriving, acceptLanguage: 'fr-FR' })).toBeNull();
  });

  it('lets the lang cookie win over the browser', () => {
    expect(languageRedirect({ ...arriving, langCookie: 'pl', acceptLanguage: 'en' })).toBeNull();
    expect(languageRedirect({ ...arriving, langCookie: 'ua', acceptLanguage: 'pl' })).toBe('/ua');
    // A cookie value that is not one of ours is ignored.
    expect(languageRedirect({ ...arriving, langCookie: 'de', acceptLanguage: 'en' })).toBe('/en');
  });

  it('detects on / only, and not for a link inside the shop', () => {
    expect(languageRedirect({ ...arriving, path: '/kontakt', acceptLanguage: 'en' })).toBeNull();
    expect(languageRedirect({ ...arriving, path: '/en', langCookie: 'pl' })).toBeNull();
    expect(languageRedirect({ ...arriving, fetchSite: 'same-origin', acceptLanguage: 'en' })).toBeNull();
  });
});

describe('languageDetection middleware', () => {
  const app = new Hono().use(languageDetection((host) => host === 'shop.test')).all('*', (c) => c.text('page'));

  it('redirects with 302, keeping the query, and says what the answer varies on', async () => {
    const response = await app.request('/?utm=x', { headers: { host: 'shop.test', 'accept-language': 'en' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/en?utm=x');
    expect(response.headers.get('vary')).toContain('Accept-Language');
  });

  it('serves / when the cookie says pl, and leaves other hosts alone', async () => {
    const kept = await app.request('/', {
      headers: { host: 'shop.test', 'accept-language': 'en', cookie: 'lang=pl' },
    });
    expect([kept.status, await kept.text()]).toEqual([200, 'page']);
    expect(kept.headers.get('vary')).toContain('Cookie');
    const brand = await app.request('/', { headers: { host: 'brand.test', 'accept-language': 'en' } });
    expect(brand.status).toBe(200);
    const post = await app.request('/', { method: 'POST', headers: { host: 'shop.test', 'accept-language': 'en' } });
    expect(post.status).toBe(200);
  });
});
