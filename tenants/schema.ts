import { type } from 'arktype';

const url = type('string.url');
const colour = type(/^#[0-9a-fA-F]{6}$/);
/** A picture in this brand's images/ folder (SVG, PNG, JPEG or WebP). */
const image = type(/^images\/[a-z0-9][a-z0-9._-]*\.(?:svg|png|jpe?g|webp)$/);
/** A Markdown file in this brand's folder. */
const markdown = type(/^[a-z0-9][a-z0-9._-]*\.md$/);
/**
 * A legal document: one Markdown file, in Polish, or one per language. A language left out shows another
 * one, marked as such (Ukrainian falls back to English, English to Polish).
 */
const legalDocument = markdown.or(
  type({ 'pl?': markdown, 'en?': markdown, 'ua?': markdown }).narrow(
    (files, ctx) => Object.keys(files).length > 0 || ctx.mustBe('a file for at least one of pl, en, ua'),
  ),
);
/** Texts a brand may give in another language; anything left out falls back to the Polish field. */
const localText = type({
  'shortDescription?': '1 <= string <= 120',
  'description?': '1 <= string <= 2000',
  'chefsComment?': '1 <= string <= 500',
  'joinUs?': '1 <= string <= 300',
});

/**
 * One brand ("concept"). Marketers edit `tenants/<slug>/tenant.json`; this schema explains every field
 * and `npm run tenants:check` names the file and field of anything wrong.
 */
export const tenantSchema = type({
  /** Folder name and URL slug; lowercase letters, digits and hyphens. @example "pasta-fresca" */
  slug: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  /** Production domain the brand site is served on, without protocol. @example "pastafresca.pl" */
  domain: /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/,
  /** Brand name as customers see it. @example "Pasta Fresca" */
  name: '1 <= string <= 60',
  /** Country the brand mainly sells in: pl, ua or pt. @example "pl" */
  country: "'pl' | 'ua' | 'pt'",
  /** One line under the name, also used in the page title. @example "Świeży makaron z Bolonii" */
  shortDescription: '1 <= string <= 120',
  /** A paragraph for the about section. @example "Makaron robimy codziennie rano…" */
  description: '1 <= string <= 2000',
  /** Name of the chef shown in the about section. @example "Giulia Rossi" */
  'chef?': 'string <= 80',
  /** The chef's own words, in quotes on the page. @example "Sos robię jak babcia." */
  'chefsComment?': 'string <= 500',
  /** Where messages from the contact form go. @example "kontakt@pastafresca.pl" */
  contactEmail: 'string.email',
  /** Full link to the brand's Facebook page; leave out to hide the icon. @example "https://facebook.com/pastafresca" */
  'facebook?': url,
  /** Full link to Instagram; leave out to hide the icon. @example "https://instagram.com/pastafresca" */
  'instagram?': url,
  /** Full link to TikTok; leave out to hide the icon. @example "https://tiktok.com/@pastafresca" */
  'tiktok?': url,
  /** Google Tag Manager container id; leave out for none. @example "GTM-ABC1234" */
  'gtm?': /^GTM-[A-Z0-9]+$/,
  /** Slug of the restaurant whose menu the site shows. @example "pasta-fresca-warszawa-mokotow" */
  defaultRestaurant: /^[a-z0-9-]+$/,
  /** External script with the terms; leave out to use terms.md from this folder. @example "https://legal.example.com/terms.js" */
  'rrRegulationsUrl?': url,
  /** External script with the privacy policy; leave out to use policy.md. @example "https://legal.example.com/policy.js" */
  'rrPolicyUrl?': url,
  /** Show this brand in the "our other brands" list of every brand site. @example true */
  showOnCompanyPortfolio: 'boolean',
  /** Browser-tab icon, square, in images/. @example "images/favicon.svg" */
  favicon: image,
  /** Logo on light backgrounds (header, brand list), in images/. @example "images/logo.svg" */
  logo: image,
  /** One-colour dark logo for the footer and print, in images/. @example "images/logo-black.svg" */
  logoBlack: image,
  /** Wide picture at the top of the page (about 16:9), in images/. @example "images/cover.svg" */
  cover: image,
  /** Exactly three pictures for the about section, shown in this order. @example ["images/about-1.svg", "images/about-2.svg", "images/about-3.svg"] */
  about: [image, image, image],
  /** Terms in Markdown in this folder, one file per language (pl, en, ua); used unless rrRegulationsUrl is set. A plain file name is the Polish text only. @example { "pl": "terms.md", "en": "terms.en.md", "ua": "terms.ua.md" } */
  'terms?': legalDocument,
  /** Privacy policy in Markdown in this folder, one file per language (pl, en, ua); used unless rrPolicyUrl is set. A plain file name is the Polish text only. @example { "pl": "policy.md", "en": "policy.en.md", "ua": "policy.ua.md" } */
  'policy?': legalDocument,
  /** Brand colours (hex) and look. Text and background must be readable together (contrast 4.5:1). @example { "primary": "#b3261e", "accent": "#f4c542", "background": "#fffaf2", "text": "#1f1a17", "font": "serif", "corners": "round" } */
  theme: {
    /** Buttons, headings, links. */
    primary: colour,
    /** Decoration: stripes, badges, highlights. */
    accent: colour,
    /** Page background. */
    background: colour,
    /** Body text. */
    text: colour,
    /** Letter style: serif (classic), sans (modern), rounded (friendly), condensed (loud), mono (technical). */
    'font?': "'serif' | 'sans' | 'rounded' | 'condensed' | 'mono'",
    /** Corner style of buttons and cards. */
    'corners?': "'square' | 'soft' | 'round'",
  },
  /** Links to the brand in the four delivery apps; each opens in a new tab. @example { "glovo": "https://glovoapp.com/pl/pl/warszawa/pasta-fresca" } */
  aggregators: {
    glovo: url,
    uberEats: url,
    wolt: url,
    bolt: url,
  },
  /** External recruiting page for the join-us section. @example "https://jobs.example.com/pasta-fresca" */
  recruitingUrl: url,
  /** Customer reviews; leave empty for none. @example [{ "id": 1, "author": "Ania", "city": "Warszawa", "text": "Najlepsze carbonara." }] */
  reviews: type({
    id: 'number.integer > 0',
    author: '1 <= string <= 60',
    city: '1 <= string <= 60',
    text: '1 <= string <= 500',
  }).array(),
  /** One sentence for the join-us section; leave out for the standard text. @example "Szukamy ludzi, którzy kochają makaron." */
  'joinUs?': '1 <= string <= 300',
  /** Texts in English and Ukrainian where the brand has them; Polish is the default above, and anything left out falls back to the site's standard translation or the Polish text. @example { "en": { "shortDescription": "Fresh pasta from Bologna" } } */
  'texts?': {
    'en?': localText,
    'ua?': localText,
  },
});

export type Tenant = typeof tenantSchema.infer;
