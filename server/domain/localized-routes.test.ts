import { describe, expect, it } from 'vitest';
import {
  alternates,
  brandPath,
  htmlLang,
  LOCALES,
  localePrefix,
  localizedRedirect,
  LOCALIZED_REDIRECTS,
  matchPath,
  pathFor,
  SCREENS,
  type Screen,
} from './localized-routes.ts';

// Spec section 2, "Public routes", with design.md's settled readings: every ua path the spec leaves out uses the
// English segments, /ua/kontakt is the ua contact path, and /en/register is the English registration path.
const SPEC_TABLE: Record<Screen, [pl: string, en: string, ua: string]> = {
  home: ['/', '/en', '/ua'],
  basket: ['/koszyk', '/en/basket', '/ua/basket'],
  contact: ['/kontakt', '/en/contact', '/ua/kontakt'],
  login: ['/login', '/en/login', '/ua/login'],
  myOrders: ['/moje-zamowienia', '/en/my-orders', '/ua/my-orders'],
  summary: ['/podsumowanie', '/en/summary', '/ua/summary'],
  privacyPolicy: ['/polityka-prywatnosci', '/en/privacy-policy', '/ua/privacy-policy'],
  accessibilityStatement: ['/deklaracja-dostepnosci', '/en/accessibility-statement', '/ua/accessibility-statement'],
  profile: ['/profil', '/en/profile', '/ua/profile'],
  // Not in the spec: a guest's data request (decision 052).
  myData: ['/moje-dane', '/en/my-data', '/ua/my-data'],
  terms: ['/regulamin', '/en/terms', '/ua/terms'],
  restaurantTerms: ['/regulamin-restauracji', '/en/restaurant-terms', '/ua/restaurant-terms'],
  register: ['/rejestracja', '/en/register', '/ua/register'],
  resetPassword: ['/resetowanie-hasla', '/en/reset-password', '/ua/reset-password'],
  forgottenPassword: ['/zapomniane-haslo', '/en/forgotten-password', '/ua/forgotten-password'],
  concept: ['/koncepty/smash-club', '/en/concept/smash-club', '/ua/concept/smash-club'],
  location: ['/lokalizacja/smash-club', '/en/location/smash-club', '/ua/location/smash-club'],
  city: ['/miasta/smash-club', '/en/city/smash-club', '/ua/city/smash-club'],
  restaurant: ['/restauracja/smash-club', '/en/restaurant/smash-club', '/ua/restaurant/smash-club'],
  status: ['/status/o-1/t-1', '/en/status/o-1/t-1', '/ua/status/o-1/t-1'],
};
const withSlug = new Set<Screen>(['concept', 'location', 'city', 'restaurant']);
const paramsOf = (screen: Screen) =>
  screen === 'status' ? { orderId: 'o-1', token: 't-1' } : withSlug.has(screen) ? { slug: 'smash-club' } : {};
// pathFor's parameters are typed per screen; these loops go over every screen at once.
const anyPathFor = pathFor as (screen: Screen, locale: (typeof LOCALES)[number], params?: object) => string;

describe('the localized route table', () => {
  it('has every public screen of the spec, and nothing else', () => {
    expect(SCREENS.toSorted()).toEqual(Object.keys(SPEC_TABLE).toSorted());
  });

  it('gives every screen its spec path in pl, en and ua', () => {
    for (const screen of SCREENS)
      expect(LOCALES.map((locale) => anyPathFor(screen, locale, paramsOf(screen)))).toEqual(SPEC_TABLE[screen]);
  });

  it('matches every path back to its screen, language and parameters', () => {
    for (const screen of SCREENS)
      for (const [i, locale] of LOCALES.entries()) {
        const path = SPEC_TABLE[screen][i]!;
        expect(matchPath(path)).toEqual({ screen, locale, params: paramsOf(screen) });
        // The static build answers with and without the trailing slash, and a full URL with its query.
        expect(matchPath(`${path === '/' ? '' : path}/`)?.screen).toBe(screen);
        expect(matchPath(`https://shop.example${path}?x=1#top`)).toEqual({ screen, locale, params: paramsOf(screen) });
        expect(matchPath(new URL(`http://localhost:3000${path}`))?.locale).toBe(locale);
      }
  });

  it('round-trips parameters that need encoding', () => {
    const path = pathFor('city', 'pl', { slug: 'zielona góra' });
    expect(path).toBe('/miasta/zielona%20g%C3%B3ra');
    expect(matchPath(path)).toEqual({ screen: 'city', locale: 'pl', params: { slug: 'zielona góra' } });
  });

  it('needs no parameters for a screen without any', () => {
    expect(pathFor('summary', 'ua')).toBe('/ua/summary');
  });

  it('refuses a screen path without its parameter', () => {
    expect(() => anyPathFor('restaurant', 'en', {})).toThrow("missing parameter 'slug'");
  });

  it('knows nothing of paths outside the table', () => {
    for (const path of [
      '/en/koszyk',
      '/ua/registration',
      '/koszyk/extra',
      '/koncepty',
      '/koncepty/',
      '/en/concept//',
      '/fr',
      '/english',
      '/api/health',
      '/koncepty/%E0%A4%A',
      '/ua/contact',
    ])
      expect(matchPath(path), path).toBeNull();
  });

  it('gives the same page in every language, in order, with hreflang codes', () => {
    expect(alternates('/en/concept/taco-loco')).toEqual([
      { locale: 'pl', hreflang: 'pl', path: '/koncepty/taco-loco' },
      { locale: 'en', hreflang: 'en', path: '/en/concept/taco-loco' },
      { locale: 'ua', hreflang: 'uk', path: '/ua/concept/taco-loco' },
    ]);
    expect(alternates('/kontakt').map((alternate) => alternate.path)).toEqual([
      '/kontakt',
      '/en/contact',
      '/ua/kontakt',
    ]);
    expect(alternates('/ua/').map((alternate) => alternate.path)).toEqual(['/', '/en', '/ua']);
    expect(alternates('/nie-ma-takiej-strony')).toEqual([]);
  });

  it('redirects the other readings to the canonical paths', () => {
    expect(localizedRedirect('/en/registration')).toBe('/en/register');
    expect(localizedRedirect('/en/registration/')).toBe('/en/register');
    expect(localizedRedirect('/ua/contact')).toBe('/ua/kontakt');
    for (const path of ['/en/register', '/ua/kontakt', '/en/contact', '/registration', '/'])
      expect(localizedRedirect(path), path).toBeNull();
    // A redirect never lands on another redirect, and never leaves a screen of the table unreachable.
    for (const redirect of LOCALIZED_REDIRECTS) {
      expect(matchPath(redirect.from)).toBeNull();
      expect(localizedRedirect(localizedRedirect(redirect.from)!)).toBeNull();
    }
  });

  it('writes pl without a prefix and ua as uk in html', () => {
    expect(LOCALES.map(localePrefix)).toEqual(['', '/en', '/ua']);
    expect(LOCALES.map(htmlLang)).toEqual(['pl', 'en', 'uk']);
  });

  it("writes a brand page's path with pl at the root", () => {
    expect(brandPath('pl')).toBe('/');
    expect(brandPath('en', 'contact')).toBe('/en/contact/');
    expect(brandPath('ua', 'policy')).toBe('/ua/policy/');
  });
});
