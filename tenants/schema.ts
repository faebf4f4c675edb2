import { type } from 'arktype';

// Every type says in words what it expects (`describe`): `npm run tenants:check` shows that to the marketer who
// wrote the value, never a regular expression.
const url = type('string.url').describe('a full link like https://example.com/page');
const colour = type(/^#[0-9a-fA-F]{6}$/).describe('a colour like #1a2b3c');
/** A picture in this brand's images/ folder (SVG, PNG, JPEG or WebP). */
const image = type(/^images\/[a-z0-9][a-z0-9._-]*\.(?:svg|png|jpe?g|webp)$/).describe(
  'a picture in images/ (.svg, .png, .jpg or .webp, lowercase name), like images/logo.svg',
);
/** A Markdown file in this brand's folder. */
const markdown = type(/^[a-z0-9][a-z0-9._-]*\.md$/).describe('a Markdown file in this folder, like terms.md');
const text = (max: number) => type(`1 <= string <= ${max}`).describe(`a text of 1 to ${max} characters`);
const optionalText = (max: number) => type(`string <= ${max}`).describe(`a text of at most ${max} characters`);
/**
 * A legal document: one Markdown file, in Polish, or one per language. A language left out shows another
 * one, marked as such (Ukrainian falls back to English, English to Polish).
 */
const legalDocument = markdown
  .or(
    type({ 'pl?': markdown, 'en?': markdown, 'ua?': markdown }).narrow(
      (files, ctx) => Object.keys(files).length > 0 || ctx.mustBe('a file for at least one of pl, en, ua'),
    ),
  )
  .describe('a Markdown file like terms.md, or one per language like { "pl": "terms.md", "en": "terms.en.md" }');
/** Texts a brand may give in another language; anything left out falls back to the Polish field. */
const localText = type({
  '+': 'reject',
  'shortDescription?': text(120),
  'description?': text(2000),
  'chefsComment?': text(500),
  'joinUs?': text(300),
});

/**
 * One brand ("concept"). Marketers edit `tenants/<slug>/tenant.json`; this schema explains every field
 * and `npm run tenants:check` names the file and field of anything wrong. What operators run (whether the brand is
 * active, its default restaurant, the portfolio flag, its restaurants) is not here: the shop's admin sets it in the
 * database (decision 043). A field this schema does not name is refused, so a typo is not silently ignored.
 */
export const tenantSchema = type({
  '+': 'reject',
  /** Folder name and URL slug; lowercase letters, digits and hyphens. @example "pasta-fresca" */
  slug: type(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).describe('lowercase letters, digits and hyphens, like pasta-fresca'),
  /** Production domain the brand site is served on, without protocol. @example "pastafresca.pl" */
  domain: type(/^(?:[a-z0-9-]+\.)+[a-z]{2,}$/).describe('a domain without https://, like pastafresca.pl'),
  /** Brand name as customers see it. @example "Pasta Fresca" */
  name: text(60),
  /** Country the brand mainly sells in: pl, ua or pt. @example "pl" */
  country: type("'pl' | 'ua' | 'pt'").describe('pl, ua or pt'),
  /** One line under the name, also used in the page title. @example "Świeży makaron z Bolonii" */
  shortDescription: text(120),
  /** A paragraph for the about section. @example "Makaron robimy codziennie rano…" */
  description: text(2000),
  /** Name of the chef shown in the about section. @example "Giulia Rossi" */
  'chef?': optionalText(80),
  /** The chef's own words, in quotes on the page. @example "Sos robię jak babcia." */
  'chefsComment?': optionalText(500),
  /** Where messages from the contact form go. @example "kontakt@pastafresca.pl" */
  contactEmail: type('string.email').describe('an email address like kontakt@pastafresca.pl'),
  /** Full link to the brand's Facebook page; leave out to hide the icon. @example "https://facebook.com/pastafresca" */
  'facebook?': url,
  /** Full link to Instagram; leave out to hide the icon. @example "https://instagram.com/pastafresca" */
  'instagram?': url,
  /** Full link to TikTok; leave out to hide the icon. @example "https://tiktok.com/@pastafresca" */
  'tiktok?': url,
  /** Google Tag Manager container id; leave out for none. @example "GTM-ABC1234" */
  'gtm?': type(/^GTM-[A-Z0-9]+$/).describe('a Google Tag Manager id like GTM-ABC1234'),
  /** External script with the terms; leave out to use terms.md from this folder. @example "https://legal.example.com/terms.js" */
  'rrRegulationsUrl?': url,
  /** External script with the privacy policy; leave out to use policy.md. @example "https://legal.example.com/policy.js" */
  'rrPolicyUrl?': url,
  /** Browser-tab icon, square, in images/. @example "images/favicon.svg" */
  favicon: image,
  /** Logo on light backgrounds (header, brand list), in images/. @example "images/logo.svg" */
  logo: image,
  /** One-colour dark logo for the footer and print, in images/. @example "images/logo-black.svg" */
  logoBlack: image,
  /** Wide picture at the top of the page (about 16:9), in images/. @example "images/cover.svg" */
  cover: image,
  /** Exactly three pictures for the about section, shown in this order. @example ["images/about-1.svg", "images/about-2.svg", "images/about-3.svg"] */
  about: type([image, image, image]).describe(
    'a list of exactly three pictures, like ["images/about-1.svg", "images/about-2.svg", "images/about-3.svg"]',
  ),
  /** Terms in Markdown in this folder, one file per language (pl, en, ua); used unless rrRegulationsUrl is set. A plain file name is the Polish text only. @example { "pl": "terms.md", "en": "terms.en.md", "ua": "terms.ua.md" } */
  'terms?': legalDocument,
  /** Privacy policy in Markdown in this folder, one file per language (pl, en, ua); used unless rrPolicyUrl is set. A plain file name is the Polish text only. @example { "pl": "policy.md", "en": "policy.en.md", "ua": "policy.ua.md" } */
  'policy?': legalDocument,
  /** Brand colours (hex) and look. Text and background must be readable together (contrast 4.5:1). @example { "primary": "#b3261e", "accent": "#f4c542", "background": "#fffaf2", "text": "#1f1a17", "font": "serif", "corners": "round" } */
  theme: {
    '+': 'reject',
    /** Buttons, headings, links. */
    primary: colour,
    /** Decoration: stripes, badges, highlights. */
    accent: colour,
    /** Page background. */
    background: colour,
    /** Body text. */
    text: colour,
    /** Letter style: serif (classic), sans (modern), rounded (friendly), condensed (loud), mono (technical). */
    'font?': type("'serif' | 'sans' | 'rounded' | 'condensed' | 'mono'").describe(
      'serif, sans, rounded, condensed or mono',
    ),
    /** Corner style of buttons and cards. */
    'corners?': type("'square' | 'soft' | 'round'").describe('square, soft or round'),
  },
  /** Links to the brand in the four delivery apps; each opens in a new tab. @example { "glovo": "https://glovoapp.com/pl/pl/warszawa/pasta-fresca" } */
  aggregators: {
    '+': 'reject',
    glovo: url,
    uberEats: url,
    wolt: url,
    bolt: url,
  },
  /** External recruiting page for the join-us section. @example "https://jobs.example.com/pasta-fresca" */
  recruitingUrl: url,
  /** Customer reviews; leave empty for none. @example [{ "id": 1, "author": "Ania", "city": "Warszawa", "text": "Najlepsze carbonara." }] */
  reviews: type({
    '+': 'reject',
    id: type('number.integer > 0').describe('a whole number above 0'),
    author: text(60),
    city: text(60),
    text: text(500),
  }).array(),
  /** One sentence for the join-us section; leave out for the standard text. @example "Szukamy ludzi, którzy kochają makaron." */
  'joinUs?': text(300),
  /** Texts in English and Ukrainian where the brand has them; Polish is the default above, and anything left out falls back to the site's standard translation or the Polish text. @example { "en": { "shortDescription": "Fresh pasta from Bologna" } } */
  'texts?': {
    '+': 'reject',
    'en?': localText,
    'ua?': localText,
  },
});

export type Tenant = typeof tenantSchema.infer;
