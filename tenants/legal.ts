import type { Tenant } from './schema.ts';

/** The languages a legal document can be written in: the sites' three. */
export const DOCUMENT_LANGUAGES = ['pl', 'en', 'ua'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
export type LegalKind = 'terms' | 'policy';

/**
 * What a page shows when the document is missing in its language: English is the widest-read second
 * language for a Ukrainian page, Polish the brand's own for an English one; anything is better than nothing.
 */
const FALLBACK: Record<DocumentLanguage, readonly DocumentLanguage[]> = {
  pl: ['pl', 'en', 'ua'],
  en: ['en', 'pl', 'ua'],
  ua: ['ua', 'en', 'pl'],
};

/** The Markdown file of each language a tenant gives for a document; a plain file name is the Polish one. */
export function legalFiles(tenant: Tenant, kind: LegalKind): Partial<Record<DocumentLanguage, string>> {
  const files = tenant[kind];
  if (files === undefined) return {};
  return typeof files === 'string' ? { pl: files } : files;
}

/**
 * The file a page in `language` shows, and the language that file is written in (the page marks the text
 * with it when it differs from its own); null when the tenant gives no Markdown for the document.
 */
export function legalDocumentFor(
  tenant: Tenant,
  kind: LegalKind,
  language: DocumentLanguage,
): { file: string; language: DocumentLanguage } | null {
  const files = legalFiles(tenant, kind);
  for (const candidate of FALLBACK[language]) {
    const file = files[candidate];
    if (file) return { file, language: candidate };
  }
  return null;
}
