import type { AllergenInfo } from '#domain/allergens.ts';

/**
 * The data attributes a dish card carries for the restaurant page's allergen filter
 * (sites/components/catalogue/AllergenFilter.astro): the groups it contains and may contain, space-separated, or
 * `data-allergens="unknown"` when none are given. The filter's CSS hides a card by them before any script runs.
 */
export const allergenData = (info: AllergenInfo): Record<string, string> =>
  info === null
    ? { 'data-allergens': 'unknown' }
    : {
        'data-allergens': 'given',
        'data-contains': info.contains.join(' '),
        'data-traces': info.mayContain.join(' '),
      };
