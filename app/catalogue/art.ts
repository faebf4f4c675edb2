/**
 * Generated art for dish categories and concepts (no photos can be fetched): a plate of shapes whose colours and
 * layout come from a hash of the name, so each category looks the same on every visit and differs from its
 * neighbours. Pure, so the server renders it into the HTML and the island renders the same markup.
 */
function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

export type Art = { background: string; plate: string; shapes: { cx: number; cy: number; r: number; fill: string }[] };

/** The shapes of a category's picture, in a 100×60 box. */
export function artFor(name: string): Art {
  const h = hash(name);
  const hue = h % 360;
  const shapes = Array.from({ length: 3 + (h % 3) }, (_, i) => {
    const angle = ((h >>> (i * 3)) % 360) * (Math.PI / 180);
    const distance = 6 + ((h >>> (i * 2)) % 9);
    return {
      cx: Math.round(50 + Math.cos(angle) * distance),
      cy: Math.round(30 + Math.sin(angle) * distance * 0.6),
      r: 4 + ((h >>> (i * 4)) % 6),
      fill: `hsl(${(hue + i * 47) % 360} 70% ${45 + (i % 2) * 12}%)`,
    };
  });
  return { background: `hsl(${hue} 60% 92%)`, plate: `hsl(${(hue + 180) % 360} 20% 98%)`, shapes };
}
