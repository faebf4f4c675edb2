import type { APIRoute, GetStaticPaths } from 'astro';
import { LOCALES, type Locale } from '../../i18n.ts';
import { legalDocumentText } from '../../legal.ts';

// The restaurant terms' attachment as a file to print or fill in (spec section 2: "with a withdrawal-form attachment").
export const getStaticPaths = (() =>
  LOCALES.map((locale) => ({ params: { file: `${locale}.txt` }, props: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(legalDocumentText('withdrawal-form', (props as { locale: Locale }).locale), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
