import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every message of the interface, in Paraglide's three locales (docs/decisions/010-paraglide-messages.md).
const root = path.resolve(import.meta.dirname, '..');
const LOCALES = ['pl', 'en', 'uk'] as const;
type MessageLocale = (typeof LOCALES)[number];
const files = Object.fromEntries(
  LOCALES.map((locale) => {
    const json = JSON.parse(readFileSync(path.join(root, 'messages', `${locale}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    delete json['$schema'];
    return [locale, json];
  }),
) as Record<MessageLocale, Record<string, unknown>>;
const ids = [...new Set(LOCALES.flatMap((locale) => Object.keys(files[locale])))].sort();

/**
 * Messages that read the same in Polish or Ukrainian as in English because the word is the same, not because
 * nobody translated them. Anything else equal to its English text is English left in a Polish or Ukrainian page.
 */
const SAME_AS_ENGLISH: Record<string, readonly MessageLocale[]> = {
  brand_contactEmail: ['pl', 'uk'], // "E-mail" is the usual label in Polish and Ukrainian forms too
  brand_menu: ['pl'], // "Menu" is Polish as well
  allergen_gluten: ['pl'], // "Gluten" is the Polish word too
  shop_nav_menu: ['pl'], // "Menu" is Polish as well
  catalogue_menu: ['pl'], // likewise
  admin_menu_title: ['pl'], // likewise
  account_orders_status: ['pl'], // "Status" is the Polish word too
  admin_orders_minutes: ['pl'], // "{minutes} min" is how Polish writes minutes too
  admin_forms_outbox_status: ['pl'], // likewise
  admin_forms_role_admin: ['pl'], // "Administrator" is the Polish word too
  admin_forms_field_email: ['pl', 'uk'], // "E-mail", as brand_contactEmail
  admin_forms_field_facebook: ['pl', 'uk'], // a brand name
  admin_forms_field_instagram: ['pl', 'uk'], // a brand name
  admin_forms_field_tiktok: ['pl', 'uk'], // a brand name
  admin_forms_field_gtm: ['pl', 'uk'], // a product's name
  admin_code_paymentType_online: ['pl'], // "online" is how Polish says it too
  admin_figures_minutes: ['pl'], // as admin_orders_minutes
  admin_figures_minutesSeconds: ['pl'], // "min" and "s" are the Polish abbreviations too
};

const placeholders = (text: string) => [...text.matchAll(/\{\s*([A-Za-z_$][\w$]*)\s*\}/g)].map((m) => m[1]).sort();

describe('the message files', () => {
  it('holds messages', () => {
    expect(ids.length).toBeGreaterThan(100);
  });

  it.each(LOCALES)('gives every message in %s', (locale) => {
    const missing = ids.filter((id) => !(id in files[locale]));
    expect(missing, `missing in messages/${locale}.json`).toEqual([]);
  });

  it.each(LOCALES)('has no empty or non-text message in %s', (locale) => {
    const empty = Object.entries(files[locale])
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([id]) => id);
    expect(empty, `empty in messages/${locale}.json`).toEqual([]);
  });

  it('uses the same placeholders in every language', () => {
    const differ = ids.flatMap((id) => {
      const english = placeholders(String(files.en[id] ?? ''));
      return LOCALES.filter((locale) => placeholders(String(files[locale][id] ?? '')).join() !== english.join()).map(
        (locale) =>
          `${locale} ${id}: {${placeholders(String(files[locale][id] ?? '')).join('}, {')}} vs en {${english.join('}, {')}}`,
      );
    });
    expect(differ).toEqual([]);
  });

  it('translates rather than copies English into Polish and Ukrainian', () => {
    const copied = ids.flatMap((id) =>
      (['pl', 'uk'] as const)
        .filter((locale) => files[locale][id] === files.en[id] && !SAME_AS_ENGLISH[id]?.includes(locale))
        .map((locale) => `${locale} ${id}: ${String(files.en[id])}`),
    );
    expect(copied, 'the same as English; translate it, or list it in SAME_AS_ENGLISH with the reason').toEqual([]);
  });

  it('writes Ukrainian in Cyrillic', () => {
    const latin = ids.filter((id) => {
      const text = String(files.uk[id] ?? '').replace(/\{[^}]*\}/g, '');
      return /[A-Za-z]{3,}/.test(text) && !/[\u0400-\u04FF]/.test(text) && !SAME_AS_ENGLISH[id]?.includes('uk');
    });
    expect(latin).toEqual([]);
  });
});

/** The source files that may call messages by id: the pages, islands and server code. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'paraglide' ? [] : sources(full);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the brand sites’, e-mails’ and shop home’s messages', () => {
  // error_ and rule_ messages are reached by key (i18n/messages.ts) and checked against the error catalogue.
  const called = ids.filter((id) => /^(brand|email|home)_/.test(id));
  const code = ['sites', 'app', 'i18n', 'server'].flatMap((dir) =>
    sources(path.join(root, dir)).map((f) => readFileSync(f, 'utf8')),
  );

  it('are each used somewhere, so a removed text does not linger in three files', () => {
    expect(called.length).toBeGreaterThan(50);
    const unused = called.filter((id) => !code.some((text) => new RegExp(`\\b${id}\\b`).test(text)));
    expect(unused).toEqual([]);
  });
});
