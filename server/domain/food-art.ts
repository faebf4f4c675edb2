/**
 * The demo menus' food pictures (issue 38, decision 062): no photo can be downloaded, so each dish gets a drawing,
 * an SVG of its kind of food on a plate, seen from above, whose colours and toppings come from a hash of its name.
 * The drawing is decided by its media id (`art1-<motif>-<8 hex digits>`, server/domain/media.ts): the seed stores
 * only that address, and the media route draws, encodes and stores a variant the first time it is asked for.
 * Changing a drawing means a new version (`art2-`), since variants are cached forever.
 */

export const ART_VERSION = 1;

export const MOTIFS = [
  'pizza',
  'pasta',
  'burger',
  'fries',
  'sushi',
  'dumplings',
  'soup',
  'bowl',
  'salad',
  'taco',
  'dessert',
  'drink',
  'bites',
] as const;
export type Motif = (typeof MOTIFS)[number];

// Words of a category's or a dish's name (Polish, English, Ukrainian) that say what is on the plate; the dish's own
// name is read first (a soup among starters), the category's next, and anything else is a plate of bites.
const WORDS: [Motif, RegExp][] = [
  [
    'drink',
    /napoj|drink|напо|shake|smoothie|lemoniad|lemonade|cola|woda|water|espresso|coffee|kaw|herbat|tea\b|piwo|beer|ramune|chinotto|aranciata|pellegrino|kompot/i,
  ],
  ['soup', /zup|soup|суп|борщ|barszcz|żurek|rosół|ramen|miso/i],
  ['pizza', /pizz|піц|margherita|diavola|capricciosa|formaggi|prosciutto/i],
  ['pasta', /makaron|pasta|макарон|spaghetti|tagliatelle|pappardelle|lasagne|cacio|aglio|penne/i],
  ['burger', /burger|бургер|smash/i],
  ['fries', /fryt|fries|фрі|krążki|onion rings|nugget|strips|skrzyd|wings/i],
  ['sushi', /sushi|суші|nigiri|maki|roll|uramaki|zestaw|set\b|сет/i],
  ['dumplings', /pierog|dumpling|варен|gyoza|bao|pielmie|uszka/i],
  ['salad', /sała|salad|салат|surówk|coleslaw|caprese|rukola|insalata|panzanella|wakame/i],
  ['taco', /taco|тако|burrito|quesadill|wrap|tortill/i],
  [
    'dessert',
    /deser|dessert|десерт|tiramisu|panna cotta|cannoli|affogato|semifreddo|sernik|lody|ice cream|słodk|churros/i,
  ],
  ['bowl', /misk|bowl|боул|poke|dania główne|main|ryż|rice|kurczak|chicken|wege|tofu/i],
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** What a dish's picture shows, from its name first and its category's next. */
export function motifOf(dish: string, category: string): Motif {
  for (const name of [dish, category]) for (const [motif, words] of WORDS) if (words.test(name)) return motif;
  return 'bites';
}

/** The media id of a dish's drawing: its motif and a hash of its category and name (two dishes, two drawings). */
export const artId = (dish: string, category: string): string =>
  `art${ART_VERSION}-${motifOf(dish, category)}-${hash(`${category}/${dish}`).toString(16).padStart(8, '0')}`;

/** The motif and seed an art id names, or null when it names none (an upload's hash, another version). */
export function parseArtId(id: string): { motif: Motif; seed: number } | null {
  const [, version, motif = '', seed = ''] = /^art(\d+)-([a-z]+)-([0-9a-f]{8})$/.exec(id) ?? [];
  if (Number(version) !== ART_VERSION || !(MOTIFS as readonly string[]).includes(motif)) return null;
  return { motif: motif as Motif, seed: parseInt(seed, 16) };
}

/** A small deterministic sequence from the seed (mulberry32): the same id draws the same picture everywhere. */
function randomOf(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low: number, high: number) => low + next() * (high - low),
    pick: <T>(list: readonly [T, ...T[]]): T => list[Math.floor(next() * list.length)] as T,
  };
}
type Random = ReturnType<typeof randomOf>;

const r1 = (n: number) => Math.round(n * 10) / 10;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}"${extra}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, rotate = 0) =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}"${rotate ? ` transform="rotate(${Math.round(rotate)} ${r1(cx)} ${r1(cy)})"` : ''}/>`;
const rect = (x: number, y: number, w: number, h: number, fill: string, radius = 0, rotate = 0) =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="${radius}" fill="${fill}"${rotate ? ` transform="rotate(${Math.round(rotate)} ${r1(x + w / 2)} ${r1(y + h / 2)})"` : ''}/>`;

/** Points scattered inside a circle around the plate's centre. */
function scatter(random: Random, count: number, radius: number, cx = 200, cy = 150) {
  return Array.from({ length: count }, () => {
    const angle = random.between(0, Math.PI * 2);
    const distance = Math.sqrt(random.next()) * radius;
    return { x: cx + Math.cos(angle) * distance, y: cy + Math.sin(angle) * distance, turn: angle * 57.3 };
  });
}

const leaves = (
  random: Random,
  count: number,
  radius: number,
  greens: readonly [string, ...string[]] = ['#4f8a3a', '#6aa84f', '#3d7a34'],
) =>
  scatter(random, count, radius)
    .map((p) => ellipse(p.x, p.y, random.between(6, 11), random.between(3, 5), random.pick(greens), p.turn))
    .join('');

const DRAW: Record<Motif, (random: Random) => string> = {
  pizza(random) {
    const topping = random.pick(['#a8322a', '#3b2f2a', '#8c6a4f', '#2f6b2f']);
    return [
      circle(200, 150, 104, '#d9a15b'),
      circle(200, 150, 92, random.pick(['#c8452f', '#d2553a', '#f1e4c3'])),
      ...scatter(random, 9, 70).map((p) => ellipse(p.x, p.y, 16, 12, '#f6dc8a', p.turn)),
      ...scatter(random, 10, 78).map((p) => circle(p.x, p.y, random.between(6, 10), topping)),
      leaves(random, 5, 70),
      `<path d="M200 58V242M120 104L280 196M280 104L120 196" stroke="#b7833f" stroke-width="2" opacity=".5"/>`,
    ].join('');
  },
  pasta(random) {
    const noodles = random.pick(['#f0cf7a', '#e9c168', '#f3d98f']);
    const arcs = Array.from({ length: 14 }, (_, i) => {
      const r = 22 + i * 5;
      const start = random.between(0, 6.28);
      const end = start + random.between(2.5, 4.5);
      const [x1, y1, x2, y2] = [Math.cos(start) * r, Math.sin(start) * r, Math.cos(end) * r, Math.sin(end) * r];
      return `<path d="M${r1(200 + x1)} ${r1(150 + y1)}A${r} ${r} 0 1 1 ${r1(200 + x2)} ${r1(150 + y2)}" stroke="${noodles}" stroke-width="7" fill="none" stroke-linecap="round"/>`;
    });
    const sauce = random.pick(['#b8392b', '#c96a2b', '#f4ecd6', '#5e8f3a']);
    return [
      ...arcs,
      ...scatter(random, 6, 26).map((p) => circle(p.x, p.y, 14, sauce)),
      ...scatter(random, 14, 60).map((p) => rect(p.x, p.y, 4, 4, '#fff6d8')),
      leaves(random, 3, 30),
    ].join('');
  },
  burger(random) {
    const bun = random.pick(['#d99a4e', '#c98a3c', '#e2ad63']);
    const seeds = scatter(random, 16, 62).map((p) => ellipse(p.x, p.y - 6, 3, 1.6, '#fff3d6', p.turn));
    return [
      circle(200, 158, 96, '#6b8f3a'),
      circle(200, 154, 90, random.pick(['#f2c230', '#e7a92a'])),
      circle(200, 146, 84, bun),
      circle(176, 124, 34, '#ffffff', ' opacity=".18"'),
      ...seeds,
      rect(300, 200, 14, 48, '#f4c542', 3, 20),
      rect(316, 192, 14, 52, '#f4c542', 3, 8),
    ].join('');
  },
  fries(random) {
    const carton = random.pick(['#d63b2f', '#2f6fb3', '#2e8b57', '#222222']);
    return [
      `<path d="M150 112H250L236 232H164Z" fill="${carton}"/>`,
      ...Array.from({ length: 9 }, (_, i) =>
        rect(152 + i * 10.5, random.between(62, 96), 10, 80, random.pick(['#f4c542', '#eeb73a']), 3, (i - 4) * 4),
      ),
      `<path d="M146 112H254L250 140H150Z" fill="${carton}"/>`,
      `<path d="M146 112H254L250 140H150Z" fill="#000" opacity=".15"/>`,
      circle(290, 196, 26, '#c8302a'),
      circle(290, 196, 20, '#e0433a'),
    ].join('');
  },
  sushi(random) {
    const fillings = ['#f28b5b', '#c8324a', '#9bc45a', '#f6d36b'] as const;
    const pieces = [-1, 0, 1].flatMap((row) =>
      [-1, 0, 1].map((col) => {
        const x = 200 + col * 58;
        const y = 150 + row * 58;
        return circle(x, y, 25, '#1f2a24') + circle(x, y, 20, '#f7f4ea') + circle(x, y, 9, random.pick(fillings));
      }),
    );
    return [...pieces, ellipse(292, 226, 14, 8, '#a7c957'), ellipse(108, 226, 16, 9, '#f3a3a0')].join('');
  },
  dumplings(random) {
    const dough = random.pick(['#f3e6c6', '#efdcb2', '#f6ecd7']);
    const crescents = Array.from({ length: 6 }, (_, i) => {
      const a = (i / 6) * Math.PI * 2 + random.between(0, 0.3);
      const x = 200 + Math.cos(a) * 56;
      const y = 150 + Math.sin(a) * 56;
      const turn = a * 57.3 + 90;
      return `<g transform="rotate(${Math.round(turn)} ${r1(x)} ${r1(y)})"><path d="M${r1(x - 30)} ${r1(y)}A30 22 0 0 1 ${r1(x + 30)} ${r1(y)}Z" fill="${dough}" stroke="#d9c08e" stroke-width="2"/><path d="M${r1(x - 22)} ${r1(y - 12)}Q${r1(x)} ${r1(y - 28)} ${r1(x + 22)} ${r1(y - 12)}" stroke="#d9c08e" stroke-width="3" fill="none" stroke-dasharray="4 3"/></g>`;
    });
    return [
      ...crescents,
      circle(200, 150, 22, '#fbf7ef'),
      ...scatter(random, 18, 80).map((p) => rect(p.x, p.y, 5, 4, '#b7762e', 1, p.turn)),
      leaves(random, 6, 84, ['#3d8a3a', '#58a846']),
    ].join('');
  },
  soup(random) {
    const broth = random.pick(['#a8223b', '#e3b04b', '#c79a5b', '#7aa84a', '#d9693a']);
    return [
      circle(200, 150, 100, '#fbfaf6'),
      circle(200, 150, 84, broth),
      circle(176, 126, 40, '#ffffff', ' opacity=".12"'),
      ...scatter(random, 7, 60).map((p) => rect(p.x, p.y, 12, 12, random.pick(['#f5e9c8', '#e8c37a']), 2, p.turn)),
      ...scatter(random, 14, 70).map((p) => circle(p.x, p.y, 3, '#3f7d2f')),
      circle(246, 120, 16, '#fffaf0') + circle(246, 120, 8, '#f2b02c'),
    ].join('');
  },
  bowl(random) {
    const parts = ['#f7f2e6', '#4f8a3a', '#e07a3f', '#9bc45a', '#c0392b', '#f2c94c', '#7b4f9e'];
    const start = random.between(0, 6.28);
    const sectors = Array.from({ length: 5 }, (_, i) => {
      const a = start + (i / 5) * Math.PI * 2;
      const b = a + (Math.PI * 2) / 5;
      const [x1, y1, x2, y2] = [Math.cos(a) * 84, Math.sin(a) * 84, Math.cos(b) * 84, Math.sin(b) * 84];
      return `<path d="M200 150L${r1(200 + x1)} ${r1(150 + y1)}A84 84 0 0 1 ${r1(200 + x2)} ${r1(150 + y2)}Z" fill="${parts[(i + Math.floor(random.next() * 7)) % 7]}"/>`;
    });
    return [
      circle(200, 150, 100, '#2f3d4a'),
      ...sectors,
      ...scatter(random, 20, 80).map((p) => circle(p.x, p.y, 2.5, '#1d1d1d')),
      circle(200, 150, 20, '#f7f2e6'),
      leaves(random, 4, 20),
    ].join('');
  },
  salad(random) {
    return [
      leaves(random, 44, 86, ['#4f8a3a', '#6aa84f', '#89c065', '#3d7a34']),
      ...scatter(random, 6, 70).map((p) => circle(p.x, p.y, 11, '#d9412f') + circle(p.x, p.y, 5, '#f1a58c')),
      ...scatter(random, 7, 70).map((p) => rect(p.x, p.y, 12, 12, random.pick(['#fbf4dc', '#f3e1a6']), 2, p.turn)),
    ].join('');
  },
  taco(random) {
    const shell = random.pick(['#e8b64c', '#f0c769', '#dba441']);
    const shells = [-1, 1].map((side) => {
      const x = 200 + side * 48;
      return [
        ellipse(x, 150, 40, 82, shell, side * 12),
        ...Array.from({ length: 8 }, (_, i) =>
          circle(
            x + random.between(-22, 22),
            90 + i * 16,
            8,
            random.pick(['#6aa84f', '#c0392b', '#6b3f24', '#f4e3b5']),
          ),
        ),
      ].join('');
    });
    return [...shells, circle(200, 248, 0, '#000'), ellipse(318, 230, 20, 12, '#8cb454')].join('');
  },
  dessert(random) {
    const cream = random.pick(['#f8efe0', '#f6d7e0', '#efe2c8', '#d8ecd0']);
    const coulis = random.pick(['#b3173a', '#7b3f1d', '#e0a12b']);
    return [
      `<path d="M130 210L200 80L270 210Z" fill="${random.pick(['#7b4a2a', '#e8c486', '#c98d5b'])}"/>`,
      `<path d="M145 182L200 80L255 182Z" fill="${cream}"/>`,
      `<path d="M158 156L200 80L242 156Z" fill="${random.pick(['#5a321b', '#f2ddb0', '#e7a36f'])}"/>`,
      ...scatter(random, 8, 90, 200, 170).map((p) => circle(p.x, p.y, random.between(3, 7), coulis)),
      circle(200, 96, 12, '#d0243a'),
      ellipse(210, 84, 6, 3, '#3f8a3a', -30),
    ].join('');
  },
  drink(random) {
    const liquid = random.pick(['#f2d14b', '#3b1f12', '#f4b6c2', '#8a5a3a', '#f7f1e3', '#9fcf6a', '#e57a2d']);
    return [
      circle(200, 150, 96, '#e9dfcf'),
      circle(200, 150, 72, '#ffffff', ' opacity=".75"'),
      circle(200, 150, 62, liquid),
      ...scatter(random, 4, 34).map((p) =>
        rect(p.x - 10, p.y - 10, 20, 20, '#ffffff', 4, p.turn).replace('/>', ' opacity=".45"/>'),
      ),
      rect(218, 60, 10, 110, random.pick(['#e23c3c', '#2f7dd1', '#30a46c']), 4, 30),
      circle(150, 104, 18, '#f7e26b', ' stroke="#e1c23c" stroke-width="3"'),
    ].join('');
  },
  bites(random) {
    const bites = scatter(random, 9, 62).map((p) =>
      random.next() < 0.5
        ? circle(p.x, p.y, 15, random.pick(['#d88a35', '#c8762b', '#e4a44c'])) +
          circle(p.x - 4, p.y - 5, 5, '#ffffff', ' opacity=".25"')
        : rect(p.x - 18, p.y - 10, 36, 20, '#e2b16a', 5, p.turn) + circle(p.x, p.y, 6, '#c7362b'),
    );
    return [
      ...bites,
      ...scatter(random, 6, 80).map((p) => ellipse(p.x, p.y, 6, 4, '#3f4f2a')),
      leaves(random, 6, 80),
    ].join('');
  },
};

/** The drawing an art id names, as an SVG document 400×300 (4:3, the dish pictures' shape), or null. */
export function drawFood(id: string): string | null {
  const art = parseArtId(id);
  if (!art) return null;
  const random = randomOf(art.seed);
  const table = random.pick(['#e9d8bf', '#d9c4a3', '#c9d6cf', '#e6cfc7', '#d7dbe6', '#efe4cf']);
  const plate =
    art.motif === 'drink'
      ? ''
      : circle(200, 156, 124, '#000', ' opacity=".12"') +
        circle(200, 150, 122, '#fbfaf7') +
        circle(200, 150, 108, '#f1eee8');
  const cloth = random.next() < 0.5 ? `<path d="M0 250L400 200V300H0Z" fill="#ffffff" opacity=".35"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300"><rect width="400" height="300" fill="${table}"/>${cloth}${plate}${DRAW[art.motif](random)}</svg>`;
}
