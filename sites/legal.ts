import type { MarkdownInstance } from 'astro';
import { COMPANY } from '#domain/company.ts';
import type { Locale } from './i18n.ts';

export type LegalDocumentName =
  'terms' | 'restaurant-terms' | 'privacy-policy' | 'withdrawal-form' | 'accessibility-statement';

// The documents are Markdown per language (sites/content/legal/<name>.<locale>.md); the operator's data comes from
// one place (server/domain/company.ts) through {placeholders}, so no document can name an outdated address.
const documents = import.meta.glob<MarkdownInstance<{ title: string }>>('./content/legal/*.md', { eager: true });
const sources = import.meta.glob<string>('./content/legal/*.md', { eager: true, query: '?raw', import: 'default' });

const placeholders: Record<string, string> = {
  company: COMPANY.name,
  address: `${COMPANY.street}, ${COMPANY.zip} ${COMPANY.city}`,
  nip: COMPANY.nip,
  krs: COMPANY.krs,
  email: COMPANY.email,
};
const fill = (text: string): string =>
  text.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = placeholders[name];
    if (value === undefined) throw new Error(`legal documents: unknown placeholder ${match}`);
    return value;
  });

const fileOf = (name: LegalDocumentName, locale: Locale) => `./content/legal/${name}.${locale}.md`;

/** A document's title and its HTML, with the operator's data filled in. */
export async function legalDocument(name: LegalDocumentName, locale: Locale): Promise<{ title: string; html: string }> {
  const document = documents[fileOf(name, locale)];
  if (!document) throw new Error(`legal documents: ${fileOf(name, locale)} is missing`);
  return { title: document.frontmatter.title, html: fill(await document.compiledContent()) };
}

/** The Markdown a visitor downloads (the withdrawal form): the source without its front matter, filled in. */
export function legalDocumentText(name: LegalDocumentName, locale: Locale): string {
  const source = sources[fileOf(name, locale)];
  if (source === undefined) throw new Error(`legal documents: ${fileOf(name, locale)} is missing`);
  const [, frontMatter = '', body = source] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
  const title = /^title:\s*(.+)$/m.exec(frontMatter)?.[1] ?? '';
  return fill(`# ${title}\n${body}`).replaceAll('\\*', '*');
}

/** Where the withdrawal form is downloaded, per language (sites/pages/withdrawal-form/[file].ts). */
export const withdrawalFormPath = (locale: Locale): string => `/withdrawal-form/${locale}.txt`;
