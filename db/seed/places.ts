// Kitchen locations of the demo data: real streets, plausible coordinates.
export type SeedLocation = {
  slug: string;
  name: string;
  street: string;
  no: string;
  zip: string;
  city: string;
  citySlug: string;
  country: 'pl' | 'ua';
  latitude: number;
  longitude: number;
  zips: string[];
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
  },
];

/** Concept slug → location slugs it cooks in. The first restaurant of each brand is its tenant's defaultRestaurant. */
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
];
