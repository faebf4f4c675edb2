import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenants, type Tenant } from './index.ts';
import { legalDocumentFor } from './legal.ts';

const baoHouse = loadTenants().find((tenant) => tenant.slug === 'bao-house')!;
const withDocuments = (terms: Tenant['terms']): Tenant => ({ ...baoHouse, terms });

describe('legal documents per language', () => {
  it('gives each seeded brand its terms and policy in the page’s own language', () => {
    for (const tenant of loadTenants())
      for (const kind of ['terms', 'policy'] as const)
        for (const language of ['pl', 'en', 'ua'] as const)
          expect(legalDocumentFor(tenant, kind, language)).toEqual({
            file: `${kind}${language === 'pl' ? '' : `.${language}`}.md`,
            language,
          });
  });

  it('falls back: Ukrainian to English, then Polish; English to Polish; and says which language it took', () => {
    const polishAndEnglish = withDocuments({ pl: 'terms.md', en: 'terms.en.md' });
    expect(legalDocumentFor(polishAndEnglish, 'terms', 'ua')).toEqual({ file: 'terms.en.md', language: 'en' });
    const polishOnly = withDocuments('terms.md');
    expect(legalDocumentFor(polishOnly, 'terms', 'ua')).toEqual({ file: 'terms.md', language: 'pl' });
    expect(legalDocumentFor(polishOnly, 'terms', 'en')).toEqual({ file: 'terms.md', language: 'pl' });
    const ukrainianOnly = withDocuments({ ua: 'terms.ua.md' });
    expect(legalDocumentFor(ukrainianOnly, 'terms', 'pl')).toEqual({ file: 'terms.ua.md', language: 'ua' });
    expect(legalDocumentFor(withDocuments(undefined), 'terms', 'pl')).toBeNull();
  });

  it('never tells a Ukrainian brand’s customers that delivery is in Poland', () => {
    // The seeded texts as the sites publish them: Bao House cooks in Kyiv and Lviv only.
    const texts = ['terms.md', 'terms.en.md', 'terms.ua.md'].map((file) =>
      readFileSync(path.join('tenants', 'bao-house', file), 'utf8'),
    );
    expect(texts[0]).toContain('Dostawa odbywa się na terenie Ukrainy');
    expect(texts[1]).toContain('We deliver in Ukraine');
    expect(texts[2]).toContain('Доставка здійснюється в Україні');
    for (const text of texts) expect(text).not.toMatch(/Polski|Poland|Польщі/);
  });
});
