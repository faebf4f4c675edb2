import type { LocationBody } from '#domain/admin-forms.ts';
import type { LocationTranslations } from '../schema/catalogue.ts';

/**
 * Kitchen locations of the demo data: real streets, plausible coordinates. A location's fields as the admin form
 * has them (pickup and delivery left at their default, on), the zips its restaurants deliver to, and its name and
 * city (and a Ukrainian street) in the shop's other languages: every language has a form of each name
 * (db/seed/seed-texts.test.ts), so "Київ" reads "Kyiv" on /en and "Kijów" on /pl. Polish streets stay as the
 * courier and the map know them.
 */
export type SeedLocation = Omit<LocationBody, 'pickupEnabled' | 'deliveryEnabled'> & {
  zips: string[];
  translations: LocationTranslations;
};

export const seedLocations: SeedLocation[] = [
  {
    slug: 'warszawa-mokotow',
    name: 'Warszawa Mokotów',
    street: 'Puławska',
    no: '145',
    zip: '02-715',
    city: 'Warszawa',
    citySlug: 'warszawa',
    country: 'pl',
    latitude: 52.1935,
    longitude: 21.0228,
    zips: ['02-715', '02-716', '02-001'],
    translations: { en: { name: 'Warsaw Mokotów', city: 'Warsaw' }, ua: { name: 'Варшава Мокотів', city: 'Варшава' } },
  },
  {
    slug: 'warszawa-wola',
    name: 'Warszawa Wola',
    street: 'Prosta',
    no: '51',
    zip: '00-838',
    city: 'Warszawa',
    citySlug: 'warszawa',
    country: 'pl',
    latitude: 52.2319,
    longitude: 20.9862,
    zips: ['00-838', '01-001'],
    translations: { en: { name: 'Warsaw Wola', city: 'Warsaw' }, ua: { name: 'Варшава Воля', city: 'Варшава' } },
  },
  {
    slug: 'krakow-kazimierz',
    name: 'Kraków Kazimierz',
    street: 'Starowiślna',
    no: '60',
    zip: '31-035',
    city: 'Kraków',
    citySlug: 'krakow',
    country: 'pl',
    latitude: 50.0521,
    longitude: 19.945,
    zips: ['31-035', '31-036'],
    translations: { en: { name: 'Kraków Kazimierz', city: 'Kraków' }, ua: { name: 'Краків Казімеж', city: 'Краків' } },
  },
  {
    slug: 'wroclaw-centrum',
    name: 'Wrocław Centrum',
    street: 'Świdnicka',
    no: '40',
    zip: '50-024',
    city: 'Wrocław',
    citySlug: 'wroclaw',
    country: 'pl',
    latitude: 51.1049,
    longitude: 17.0311,
    zips: ['50-024'],
    translations: {
      en: { name: 'Wrocław City Centre', city: 'Wrocław' },
      ua: { name: 'Вроцлав Центр', city: 'Вроцлав' },
    },
  },
  {
    slug: 'poznan-jezyce',
    name: 'Poznań Jeżyce',
    street: 'Dąbrowskiego',
    no: '42',
    zip: '60-843',
    city: 'Poznań',
    citySlug: 'poznan',
    country: 'pl',
    latitude: 52.4133,
    longitude: 16.9007,
    zips: ['60-843'],
    translations: { en: { name: 'Poznań Jeżyce', city: 'Poznań' }, ua: { name: 'Познань Єжице', city: 'Познань' } },
  },
  {
    slug: 'gdansk-wrzeszcz',
    name: 'Gdańsk Wrzeszcz',
    street: 'Grunwaldzka',
    no: '82',
    zip: '80-244',
    city: 'Gdańsk',
    citySlug: 'gdansk',
    country: 'pl',
    latitude: 54.3782,
    longitude: 18.605,
    zips: ['80-244'],
    translations: { en: { name: 'Gdańsk Wrzeszcz', city: 'Gdańsk' }, ua: { name: 'Гданськ Вжещ', city: 'Гданськ' } },
  },
  {
    slug: 'kyiv-podil',
    name: 'Київ Поділ',
    street: 'Сагайдачного',
    no: '25',
    zip: '04070',
    city: 'Київ',
    citySlug: 'kyiv',
    country: 'ua',
    latitude: 50.4633,
    longitude: 30.519,
    zips: ['04070', '04071'],
    translations: {
      pl: { name: 'Kijów Podole', street: 'Sahajdacznego', city: 'Kijów' },
      en: { name: 'Kyiv Podil', street: 'Sahaidachnoho', city: 'Kyiv' },
    },
  },
  {
    slug: 'lviv-rynok',
    name: 'Львів Ринок',
    street: 'Площа Ринок',
    no: '10',
    zip: '79008',
    city: 'Львів',
    citySlug: 'lviv',
    country: 'ua',
    latitude: 49.8419,
    longitude: 24.0316,
    zips: ['79008'],
    translations: {
      pl: { name: 'Lwów Rynek', street: 'Rynek', city: 'Lwów' },
      en: { name: 'Lviv Market Square', street: 'Rynok Square', city: 'Lviv' },
    },
  },
];

/** Concept slug → location slugs it cooks in. The first restaurant of each brand is its default restaurant. */
export const seedRestaurants: [concept: string, location: string][] = [
  ['pasta-fresca', 'warszawa-mokotow'],
  ['pasta-fresca', 'gdansk-wrzeszcz'],
  ['pasta-fresca', 'kyiv-podil'],
  ['smash-club', 'warszawa-mokotow'],
  ['smash-club', 'wroclaw-centrum'],
  ['smash-club', 'poznan-jezyce'],
  ['sushi-kaizen', 'krakow-kazimierz'],
  ['sushi-kaizen', 'warszawa-wola'],
  ['pierogi-babci', 'krakow-kazimierz'],
  ['pierogi-babci', 'warszawa-wola'],
  ['bao-house', 'kyiv-podil'],
  ['bao-house', 'lviv-rynok'],
  ['taco-loco', 'wroclaw-centrum'],
  ['green-bowl', 'poznan-jezyce'],
  // Mokotów's kitchen cooks four brands and shares one basket among them (issue 35): a family's pierogi, sushi and
  // pasta in one bag. Last, so that every brand's default restaurant stays its first one above.
  ['pierogi-babci', 'warszawa-mokotow'],
  ['sushi-kaizen', 'warszawa-mokotow'],
];

/** Locations whose kitchen takes one basket across its brands (issue 35, decision 066). */
export const sharedBasketLocations = new Set(['warszawa-mokotow']);

/** A demo brand's default restaurant, as an operator would pick it: its first one above. */
export const demoDefaultRestaurant = (concept: string): string | undefined => {
  const first = seedRestaurants.find(([c]) => c === concept);
  return first && `${first[0]}-${first[1]}`;
};

/** Demo brands an operator has taken off the "our other brands" list (showOnCompanyPortfolio). */
export const hiddenFromPortfolio = new Set(['green-bowl']);
