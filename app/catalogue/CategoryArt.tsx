import { artFor } from './art.ts';

/** A category's generated picture; decorative, so screen readers skip it. */
export function CategoryArt({ name }: { name: string }) {
  const art = artFor(name);
  return (
    <svg className="category-art" viewBox="0 0 100 60" aria-hidden="true" focusable="false">
      <rect width="100" height="60" rx="8" fill={art.background} />
      <ellipse cx="50" cy="32" rx="34" ry="22" fill={art.plate} stroke="rgb(0 0 0 / 0.08)" />
      {art.shapes.map((s, i) => (
        <circle key={i} cx={s.cx} cy={s.cy} r={s.r} fill={s.fill} />
      ))}
    </svg>
  );
}
