/**
 * A colour token's value (`--brand` → `#b3261e`) for what cannot take `var()`: a canvas' fillStyle, a chart's dataset
 * colour. The tokens stay the one place a colour is written (decision 065). Empty outside a browser; a canvas or
 * chart is drawn in one only.
 */
export function tokenColour(name: `--${string}`): string {
  if (typeof document === 'undefined') return '';
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}
