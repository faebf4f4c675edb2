// Draws each brand's pictures (logo, logo-black, favicon, cover, about-1..3) as SVG in the brand's colours and
// motif, into tenants/<slug>/images/. We have no photo library or image host, so the art is generated and
// committed; a marketer may replace any file with a real photo and point tenant.json at it.
// Run: node tenants/generate-art.ts [slug…]   (without slugs: every brand that has a motif below)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tenantsDir } from './index.ts';

type Theme = { primary: string; accent: string; background: string; text: string; font?: string };
/** Draws the motif centred on (0,0) in a box of about 100×100. */
type Motif = (t: Theme) => string;

const FONTS: Record<string, string> = {
  serif: "Georgia, 'DejaVu Serif', serif",
  sans: "'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif",
  rounded: "'Trebuchet MS', 'Verdana', 'DejaVu Sans', sans-serif",
  condensed: "Impact, 'Arial Narrow', 'DejaVu Sans Condensed', sans-serif",
  mono: "'DejaVu Sans Mono', Menlo, monospace",
};

const motifs: Record<string, Motif> = {
  // A nest of fresh tagliatelle with a tomato and a basil leaf.
  'pasta-fresca': (t) => `
    <circle r="44" fill="${t.accent}"/>
    ${[36, 28, 20, 12]
      .map(
        (r, i) => `<circle r="${r}" fill="none" stroke="#d89a00" stroke-width="3" stroke-dasharray="${18 + i * 4} 6"/>`,
      )
      .join('')}
    <circle cx="30" cy="-30" r="16" fill="${t.primary}"/>
    <path d="M22 -44 l8 6 l8 -6 l-3 9 z" fill="#3f7d3a"/>
    <ellipse cx="-32" cy="30" rx="16" ry="8" transform="rotate(-35 -32 30)" fill="#3f7d3a"/>
    <path d="M-44 40 L-20 20" stroke="#2c5a29" stroke-width="2"/>`,
  // A double smash burger: bun, cheese drip, two patties.
  'smash-club': (t) => `
    <path d="M-44 -6 C-44 -46 44 -46 44 -6 Z" fill="${t.accent}"/>
    <circle cx="-14" cy="-28" r="2.5" fill="#fff4e6"/><circle cx="8" cy="-33" r="2.5" fill="#fff4e6"/><circle cx="24" cy="-22" r="2.5" fill="#fff4e6"/>
    <rect x="-46" y="-4" width="92" height="12" rx="4" fill="${t.primary}"/>
    <path d="M-42 8 H42 L30 20 L18 10 L4 22 L-10 10 L-24 20 L-34 10 Z" fill="#ffc20e"/>
    <rect x="-46" y="12" width="92" height="12" rx="4" fill="${t.primary}"/>
    <path d="M-44 28 H44 C44 44 -44 44 -44 28 Z" fill="${t.accent}"/>`,
  // A maki roll before a rising sun, with chopsticks.
  'sushi-kaizen': (t) => `
    <circle r="46" fill="${t.accent}"/>
    <circle cx="-6" cy="8" r="30" fill="${t.primary}"/>
    <circle cx="-6" cy="8" r="24" fill="#ffffff"/>
    <circle cx="-6" cy="8" r="10" fill="${t.accent}"/>
    <circle cx="-3" cy="5" r="4" fill="#f4a259"/>
    <path d="M18 -40 L46 30 M28 -44 L52 24" stroke="${t.primary}" stroke-width="4" stroke-linecap="round"/>`,
  // A hand-crimped pieróg under a folk flower.
  'pierogi-babci': (t) => `
    <path d="M-44 16 A44 40 0 0 1 44 16 Z" fill="#f3deb0" stroke="#c9a66b" stroke-width="2"/>
    ${Array.from({ length: 9 }, (_, i) => {
      const a = Math.PI + (i * Math.PI) / 8;
      return `<circle cx="${(44 * Math.cos(a)).toFixed(1)}" cy="${(16 + 40 * Math.sin(a)).toFixed(1)}" r="6" fill="#f3deb0" stroke="#c9a66b" stroke-width="2"/>`;
    }).join('')}
    <path d="M-44 16 H44" stroke="#c9a66b" stroke-width="3"/>
    <g transform="translate(0 34)">
      ${[0, 60, 120, 180, 240, 300].map((d) => `<ellipse cx="0" cy="-8" rx="4" ry="8" fill="${t.accent}" transform="rotate(${d})"/>`).join('')}
      <circle r="4" fill="${t.primary}"/>
    </g>
    <path d="M-30 34 q-10 -6 -16 0 q8 6 16 0 M30 34 q10 -6 16 0 q-8 6 -16 0" fill="${t.primary}"/>`,
  // A steamed bao with pleats and steam, in a bamboo steamer.
  'bao-house': (t) => `
    <path d="M-40 28 H40 L34 44 H-34 Z" fill="#c8a165"/>
    <path d="M-40 34 H40" stroke="#8c6a3b" stroke-width="2"/>
    <path d="M-38 26 C-42 -18 42 -18 38 26 Z" fill="#fffaf0" stroke="${t.primary}" stroke-width="3"/>
    <path d="M0 -8 L-14 10 M0 -8 L0 12 M0 -8 L14 10" stroke="${t.primary}" stroke-width="2.5" stroke-linecap="round"/>
    <circle cy="-8" r="4" fill="${t.accent}"/>
    <path d="M-20 -24 q-6 -8 0 -16 t0 -16 M0 -28 q-6 -8 0 -16 t0 -14 M20 -24 q-6 -8 0 -16 t0 -16" stroke="${t.accent}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  // A corn taco with lettuce and tomato, a chilli beside it.
  'taco-loco': (t) => `
    <path d="M-44 20 A44 44 0 0 1 44 20 Z" fill="#f6c453" stroke="#d69a2d" stroke-width="3"/>
    <path d="M-38 4 q6 -10 12 0 t12 0 t12 0 t12 0 t12 0 t12 0" stroke="${t.primary}" stroke-width="7" fill="none" stroke-linecap="round"/>
    <circle cx="-20" cy="-4" r="5" fill="#d62828"/><circle cx="4" cy="-8" r="5" fill="#d62828"/><circle cx="22" cy="-2" r="5" fill="#d62828"/>
    <path d="M-44 20 H44" stroke="#d69a2d" stroke-width="3"/>
    <path d="M10 40 C30 44 44 36 46 24 C40 32 26 36 10 34 Z" fill="${t.accent}"/>
    <path d="M46 24 q4 -6 0 -10" stroke="${t.primary}" stroke-width="3" fill="none"/>`,
  // A bowl of greens, chickpeas and avocado.
  'green-bowl': (t) => `
    <ellipse cx="-14" cy="-6" rx="12" ry="22" transform="rotate(-40 -14 -6)" fill="${t.primary}"/>
    <ellipse cx="12" cy="-10" rx="10" ry="20" transform="rotate(30 12 -10)" fill="${t.accent}"/>
    <path d="M-4 -30 V6" stroke="#1b3a2b" stroke-width="2"/>
    <circle cx="26" cy="2" r="6" fill="#e9c46a"/><circle cx="-30" cy="4" r="6" fill="#e9c46a"/><circle cx="34" cy="-6" r="5" fill="#f4a261"/>
    <path d="M-46 4 H46 A46 40 0 0 1 -46 4 Z" fill="#ffffff" stroke="${t.primary}" stroke-width="4"/>
    <path d="M-30 20 H30" stroke="${t.accent}" stroke-width="4" stroke-linecap="round"/>`,
};

const svg = (w: number, h: number, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label}">${body.replace(/\s*\n\s*/g, '')}</svg>\n`;

const place = (motif: string, x: number, y: number, scale: number, rotate = 0) =>
  `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})">${motif}</g>`;

function logo(name: string, t: Theme, drawn: string, mono: boolean): string {
  const font = FONTS[t.font ?? 'sans'];
  const ink = mono ? '#111111' : t.primary;
  // The black logo keeps the drawing's detail as dark greys rather than a flat silhouette.
  const icon = mono ? `<g filter="url(#mono)">${place(drawn, 40, 42, 0.66)}</g>` : place(drawn, 40, 42, 0.66);
  const defs = mono
    ? '<defs><filter id="mono"><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncR type="linear" slope="0.55"/><feFuncG type="linear" slope="0.55"/><feFuncB type="linear" slope="0.55"/></feComponentTransfer></filter></defs>'
    : '';
  const upper = t.font === 'condensed' ? name.toUpperCase() : name;
  const size = t.font === 'condensed' ? 38 : 32;
  // Wide enough for the name in any of the fallback fonts, so no letter is ever cut off.
  const width = Math.ceil(96 + upper.length * size * 0.68);
  return svg(
    width,
    80,
    `${defs}${icon}<text x="86" y="54" font-family="${font}" font-size="${size}" font-weight="700" fill="${ink}"${t.font === 'serif' ? ' font-style="italic"' : ''}>${upper}</text>`,
    name,
  );
}

function favicon(name: string, t: Theme, drawn: string): string {
  return svg(64, 64, `<rect width="64" height="64" rx="14" fill="${t.background}"/>${place(drawn, 32, 32, 0.6)}`, name);
}

function pattern(drawn: string, w: number, h: number, step: number, scale: number): string {
  const out: string[] = [];
  for (let y = step / 2, row = 0; y < h + step; y += step, row++)
    for (let x = (row % 2) * (step / 2); x < w + step; x += step)
      out.push(
        `<use href="#motif" transform="translate(${x} ${y}) rotate(${((x * 7 + y * 3) % 60) - 30}) scale(${scale})"/>`,
      );
  return `<defs><g id="motif">${drawn}</g></defs><g opacity="0.12">${out.join('')}</g>`;
}

function cover(name: string, t: Theme, drawn: string): string {
  return svg(
    1600,
    900,
    `<rect width="1600" height="900" fill="${t.background}"/>${pattern(drawn, 1600, 900, 220, 0.7)}` +
      `<path d="M0 900 L0 640 C400 560 900 760 1600 560 L1600 900 Z" fill="${t.primary}"/>` +
      `<path d="M0 900 L0 740 C500 660 1000 860 1600 700 L1600 900 Z" fill="${t.accent}" opacity="0.85"/>` +
      `<circle cx="1130" cy="420" r="330" fill="${t.accent}" opacity="0.35"/>${place(drawn, 1130, 420, 6)}`,
    `${name}: cover`,
  );
}

function about(name: string, t: Theme, drawn: string, n: 1 | 2 | 3): string {
  const bodies = {
    // 1: the dish close up on a plate.
    1: `<rect width="600" height="600" fill="${t.accent}"/><circle cx="300" cy="300" r="230" fill="#ffffff"/><circle cx="300" cy="300" r="200" fill="${t.background}" stroke="${t.primary}" stroke-width="6" stroke-dasharray="4 14"/>${place(drawn, 300, 300, 3.6)}`,
    // 2: a kitchen counter of many portions.
    2: `<rect width="600" height="600" fill="${t.primary}"/>${[0, 1, 2, 3]
      .map(
        (i) =>
          `<rect x="${40 + (i % 2) * 280}" y="${40 + Math.floor(i / 2) * 280}" width="240" height="240" rx="24" fill="${t.background}"/>${place(drawn, 160 + (i % 2) * 280, 160 + Math.floor(i / 2) * 280, 1.8, i * 8 - 12)}`,
      )
      .join('')}`,
    // 3: on its way to you: the dish in a delivery box with motion lines.
    3: `<rect width="600" height="600" fill="${t.background}"/>${pattern(drawn, 600, 600, 150, 0.5)}<rect x="150" y="220" width="300" height="240" rx="18" fill="${t.primary}"/><rect x="150" y="200" width="300" height="50" rx="12" fill="${t.accent}"/>${place(drawn, 300, 350, 1.7)}<path d="M40 260 H120 M20 320 H120 M50 380 H120" stroke="${t.primary}" stroke-width="12" stroke-linecap="round"/>`,
  } as const;
  const captions = { 1: 'our dish', 2: 'our kitchen', 3: 'delivered to you' } as const;
  return svg(600, 600, bodies[n], `${name}: ${captions[n]}`);
}

const dir = tenantsDir();
const wanted = process.argv.slice(2);
for (const slug of wanted.length ? wanted : Object.keys(motifs)) {
  const motif = motifs[slug];
  if (!motif) throw new Error(`No motif for ${slug}: add one to tenants/generate-art.ts or draw the images yourself.`);
  const tenant = JSON.parse(readFileSync(path.join(dir, slug, 'tenant.json'), 'utf8')) as {
    name: string;
    theme: Theme;
  };
  const t = tenant.theme;
  const drawn = motif(t);
  const images = path.join(dir, slug, 'images');
  mkdirSync(images, { recursive: true });
  const files: Record<string, string> = {
    'logo.svg': logo(tenant.name, t, drawn, false),
    'logo-black.svg': logo(tenant.name, t, drawn, true),
    'favicon.svg': favicon(tenant.name, t, drawn),
    'cover.svg': cover(tenant.name, t, drawn),
    'about-1.svg': about(tenant.name, t, drawn, 1),
    'about-2.svg': about(tenant.name, t, drawn, 2),
    'about-3.svg': about(tenant.name, t, drawn, 3),
  };
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(images, file), content);
  console.log(`${slug}: ${Object.keys(files).join(', ')}`);
}
