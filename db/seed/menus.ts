// Demo menus of the seven brands. Prices are in PLN grosze; Ukrainian restaurants scale them (see seed.ts).
// An item name ending in '*' is seeded as temporarily unavailable; the 'build' flag marks a resetPrices item.

export type SeedModifierGroup = {
  name: string;
  required: boolean;
  min: number;
  max: number;
  options: [name: string, price: number][];
};
export type SeedItem = { name: string; price: number; desc?: string; groups?: string[]; build?: boolean };
export type SeedMenu = { groups: Record<string, SeedModifierGroup>; categories: [name: string, items: SeedItem[]][] };

const item = (name: string, price: number, desc = '', groups: string[] = []): SeedItem => ({
  name,
  price,
  desc,
  groups,
});

export const menus: Record<string, SeedMenu> = {
  'pasta-fresca': {
    groups: {
      pasta: {
        name: 'Rodzaj makaronu',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['Spaghetti', 0],
          ['Tagliatelle', 0],
          ['Pappardelle', 200],
          ['Bezglutenowy', 400],
        ],
      },
      extras: {
        name: 'Dodatki',
        required: false,
        min: 0,
        max: 3,
        options: [
          ['Parmezan', 300],
          ['Boczek', 500],
          ['Chili', 0],
          ['Burrata', 900],
        ],
      },
      size: {
        name: 'Rozmiar',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['32 cm', 0],
          ['40 cm', 1200],
        ],
      },
      sauce: {
        name: 'Sos',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['Pomodoro', 1800],
          ['Carbonara', 2400],
          ['Pesto', 2200],
          ['Arrabbiata', 2000],
        ],
      },
    },
    categories: [
      [
        'Przystawki',
        [
          item('Bruschetta al pomodoro', 1900, 'Grzanki z pomidorami i bazylią'),
          item('Focaccia z rozmarynem', 1500),
          item('Arancini 🍙', 2100, 'Smażone kulki ryżowe z mozzarellą'),
          item('Carpaccio wołowe', 3400),
          item('Burrata z pomidorami', 3600),
          item('Oliwki marynowane', 1200),
        ],
      ],
      [
        'Makarony',
        [
          item('Spaghetti Carbonara', 3900, 'Guanciale, żółtko, pecorino', ['pasta', 'extras']),
          item('Tagliatelle Bolognese', 3800, 'Ragù gotowane 6 godzin', ['pasta', 'extras']),
          item('Cacio e Pepe', 3400, '', ['pasta', 'extras']),
          item('Pappardelle z borowikami', 4400, '', ['pasta']),
          item('Aglio, olio e peperoncino', 2900, '', ['pasta', 'extras']),
          item('Lasagne della nonna*', 4200),
          {
            name: 'Skomponuj swój makaron',
            price: 0,
            desc: 'Wybierz sos, zapłacisz za składniki',
            groups: ['pasta', 'sauce', 'extras'],
            build: true,
          },
        ],
      ],
      [
        'Pizza',
        [
          item('Margherita', 3200, '', ['size']),
          item('Diavola 🌶️', 3900, '', ['size']),
          item('Quattro formaggi', 4100, '', ['size']),
          item('Prosciutto e funghi', 4000, '', ['size']),
          item('Capricciosa', 4200, '', ['size']),
        ],
      ],
      [
        'Sałatki',
        [
          item('Caprese', 2800),
          item('Rukola z parmezanem', 2600),
          item('Panzanella', 2500),
          item('Insalata mista', 2200),
          item('Sałatka z tuńczykiem', 3100),
        ],
      ],
      [
        'Desery',
        [
          item('Tiramisu', 2200),
          item('Panna cotta', 1900),
          item('Cannoli siciliani', 1800),
          item('Affogato', 1600),
          item('Semifreddo pistacjowe*', 2100),
        ],
      ],
      [
        'Napoje',
        [
          item('Lemoniada cytrynowa', 1200),
          item('San Pellegrino 0,5 l', 900),
          item('Chinotto', 1100),
          item('Espresso', 800),
          item('Aranciata', 1000),
        ],
      ],
    ],
  },
  'smash-club': {
    groups: {
      doneness: {
        name: 'Ser',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['Cheddar', 0],
          ['Bez sera', 0],
          ['Pepper jack', 300],
        ],
      },
      toppings: {
        name: 'Dodatki',
        required: false,
        min: 0,
        max: 4,
        options: [
          ['Bekon', 600],
          ['Jalapeño', 300],
          ['Jajko sadzone', 400],
          ['Cebula karmelizowana', 300],
          ['Podwójne mięso', 1200],
        ],
      },
      dip: {
        name: 'Sos',
        required: true,
        min: 1,
        max: 2,
        options: [
          ['Ketchup', 0],
          ['Majonez', 0],
          ['Smash sauce', 200],
          ['BBQ', 200],
        ],
      },
      size: {
        name: 'Rozmiar',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['0,33 l', 0],
          ['0,5 l', 300],
        ],
      },
    },
    categories: [
      [
        'Burgery',
        [
          item('Classic Smash', 3400, 'Dwa placki, cheddar, pikle, smash sauce', ['doneness', 'toppings']),
          item('Bacon Smash', 3900, '', ['doneness', 'toppings']),
          item('Triple Smash 🍔', 4700, '', ['doneness', 'toppings']),
          item('Oklahoma Onion', 3700, '', ['doneness', 'toppings']),
          item('Jalapeño Smash', 3800, '', ['doneness', 'toppings']),
          item('Truffle Smash*', 4500, '', ['doneness']),
        ],
      ],
      [
        'Kurczak',
        [
          item('Crispy Chicken Burger', 3500, '', ['toppings']),
          item('Nashville Hot', 3700),
          item('Stripsy z kurczaka', 2600, '', ['dip']),
          item('Skrzydełka BBQ', 2900, '', ['dip']),
          item('Nuggetsy 9 szt.', 2300, '', ['dip']),
        ],
      ],
      [
        'Wege',
        [
          item('Beyond Smash', 3900, '', ['doneness', 'toppings']),
          item('Halloumi Burger', 3600),
          item('Burger z falafelem', 3300),
          item('Crispy Tofu', 3200),
          item('Wege nuggetsy', 2300, '', ['dip']),
        ],
      ],
      [
        'Frytki i dodatki',
        [
          item('Frytki', 1200, '', ['dip']),
          item('Frytki z serem i bekonem', 1900),
          item('Krążki cebulowe', 1500, '', ['dip']),
          item('Coleslaw', 900),
          item('Słodkie ziemniaki', 1600, '', ['dip']),
        ],
      ],
      [
        'Shake’i',
        [
          item('Shake waniliowy', 1700),
          item('Shake czekoladowy', 1700),
          item('Shake truskawkowy', 1700),
          item('Shake z masłem orzechowym', 1900),
          item('Shake oreo*', 1900),
        ],
      ],
      [
        'Napoje',
        [
          item('Cola', 900, '', ['size']),
          item('Cola Zero', 900, '', ['size']),
          item('Lemoniada', 1100),
          item('Piwo bezalkoholowe', 1200),
          item('Woda', 700),
        ],
      ],
    ],
  },
  'sushi-kaizen': {
    groups: {
      rice: {
        name: 'Ryż',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['Biały', 0],
          ['Brązowy', 300],
        ],
      },
      sides: {
        name: 'Dodatki',
        required: false,
        min: 0,
        max: 3,
        options: [
          ['Imbir', 0],
          ['Wasabi', 0],
          ['Sos sojowy bezglutenowy', 200],
          ['Sos spicy mayo', 300],
        ],
      },
      pieces: {
        name: 'Liczba kawałków',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['6 szt.', 0],
          ['12 szt.', 1800],
        ],
      },
    },
    categories: [
      [
        'Nigiri',
        [
          item('Nigiri łosoś', 1400, '2 szt.'),
          item('Nigiri tuńczyk', 1700, '2 szt.'),
          item('Nigiri węgorz', 1800),
          item('Nigiri krewetka', 1500),
          item('Nigiri tamago', 1000),
          item('Nigiri przegrzebek*', 2200),
        ],
      ],
      [
        'Maki',
        [
          item('Maki łosoś', 1900, '', ['rice', 'pieces']),
          item('Maki ogórek', 1200, '', ['rice', 'pieces']),
          item('Maki tuńczyk', 2100, '', ['rice', 'pieces']),
          item('Maki awokado', 1400, '', ['rice', 'pieces']),
          item('Maki tykwa', 1200, '', ['rice', 'pieces']),
        ],
      ],
      [
        'Uramaki',
        [
          item('California roll', 3200, '', ['rice', 'sides']),
          item('Philadelphia roll', 3400, '', ['rice', 'sides']),
          item('Spicy tuna roll 🔥', 3600, '', ['rice', 'sides']),
          item('Ebi tempura roll', 3500, '', ['rice', 'sides']),
          item('Dragon roll', 4200, '', ['rice', 'sides']),
        ],
      ],
      [
        'Zestawy',
        [
          item('Zestaw Kaizen 24 szt.', 8900, '', ['sides']),
          item('Zestaw dla dwojga 32 szt.', 11900, '', ['sides']),
          item('Zestaw wege 18 szt.', 5900, '', ['sides']),
          item('Zestaw lunchowy 12 szt.', 3900, '', ['sides']),
          item('Zestaw omakase*', 14900),
        ],
      ],
      [
        'Zupy i przystawki',
        [
          item('Zupa miso', 1200),
          item('Edamame', 1400),
          item('Gyoza z kurczakiem', 2200),
          item('Wakame', 1600),
          item('Krewetki tempura', 2800),
        ],
      ],
      [
        'Napoje',
        [
          item('Herbata jaśminowa', 900),
          item('Ramune', 1400),
          item('Lemoniada yuzu', 1300),
          item('Woda', 700),
          item('Zielona herbata mrożona', 1100),
        ],
      ],
    ],
  },
  'pierogi-babci': {
    groups: {
      portion: {
        name: 'Porcja',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['8 szt.', 0],
          ['12 szt.', 900],
        ],
      },
      topping: {
        name: 'Okrasa',
        required: false,
        min: 0,
        max: 2,
        options: [
          ['Cebulka', 0],
          ['Skwarki', 300],
          ['Śmietana', 300],
          ['Masło', 200],
        ],
      },
      cooking: {
        name: 'Sposób podania',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['Gotowane', 0],
          ['Podsmażane', 300],
        ],
      },
    },
    categories: [
      [
        'Pierogi',
        [
          item('Pierogi ruskie', 2600, 'Ziemniaki, twaróg, cebulka', ['portion', 'cooking', 'topping']),
          item('Pierogi z mięsem', 2900, '', ['portion', 'cooking', 'topping']),
          item('Pierogi z kapustą i grzybami', 2800, '', ['portion', 'cooking', 'topping']),
          item('Pierogi ze szpinakiem', 2700, '', ['portion', 'cooking', 'topping']),
          item('Pierogi z kaszanką', 2700, '', ['portion', 'cooking', 'topping']),
          item('Pierogi z gęsiną*', 3900, '', ['portion']),
        ],
      ],
      [
        'Pierogi na słodko',
        [
          item('Pierogi z jagodami', 2800, '', ['portion']),
          item('Pierogi z truskawkami', 2800, '', ['portion']),
          item('Pierogi z serem na słodko', 2500, '', ['portion']),
          item('Pierogi z wiśniami 🍒', 2900, '', ['portion']),
          item('Leniwe', 2200),
        ],
      ],
      [
        'Zupy',
        [
          item('Żurek w chlebie', 2400),
          item('Barszcz czerwony z uszkami', 1900),
          item('Rosół z makaronem', 1600),
          item('Pomidorowa', 1500),
          item('Flaki', 2100),
        ],
      ],
      [
        'Dania główne',
        [
          item('Kotlet schabowy z ziemniakami', 3800),
          item('Gołąbki w sosie pomidorowym', 3400),
          item('Placki ziemniaczane', 2600),
          item('Bigos', 2900),
          item('Kopytka z sosem pieczeniowym', 2700),
        ],
      ],
      [
        'Surówki',
        [
          item('Mizeria', 900),
          item('Surówka z kapusty', 900),
          item('Buraczki', 900),
          item('Ogórki kiszone', 800),
          item('Surówka z marchwi', 900),
        ],
      ],
      [
        'Napoje',
        [
          item('Kompot z suszu', 800),
          item('Kompot truskawkowy', 800),
          item('Kwas chlebowy', 1000),
          item('Woda', 600),
          item('Herbata z malinami', 900),
        ],
      ],
    ],
  },
  'bao-house': {
    groups: {
      spice: {
        name: 'Ostrość',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['Łagodny', 0],
          ['Średni', 0],
          ['Ostry', 0],
        ],
      },
      add: {
        name: 'Dodatki',
        required: false,
        min: 0,
        max: 3,
        options: [
          ['Jajko marynowane', 400],
          ['Kimchi', 500],
          ['Dodatkowe mięso', 900],
          ['Kolendra', 0],
        ],
      },
      count: {
        name: 'Liczba bao',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['2 szt.', 0],
          ['3 szt.', 1200],
        ],
      },
    },
    categories: [
      [
        'Bao',
        [
          item('Bao z boczkiem', 2400, 'Boczek chashu, ogórek, hoisin', ['count', 'spice']),
          item('Bao z kurczakiem', 2200, '', ['count', 'spice']),
          item('Bao z tofu', 2100, '', ['count', 'spice']),
          item('Bao z kaczką', 2800, '', ['count', 'spice']),
          item('Bao z krewetką', 2700, '', ['count', 'spice']),
          item('Bao z wołowiną bulgogi*', 2900, '', ['count']),
        ],
      ],
      [
        'Ramen',
        [
          item('Tonkotsu ramen', 3900, '', ['spice', 'add']),
          item('Shoyu ramen', 3600, '', ['spice', 'add']),
          item('Miso ramen', 3700, '', ['spice', 'add']),
          item('Wege ramen', 3400, '', ['spice', 'add']),
          item('Tantanmen 🌶️', 3900, '', ['spice', 'add']),
        ],
      ],
      [
        'Przekąski',
        [
          item('Gyoza wieprzowe', 2100),
          item('Krewetki w panko', 2600),
          item('Skrzydełka koreańskie', 2500, '', ['spice']),
          item('Edamame z solą', 1400),
          item('Frytki z kimchi', 1700),
        ],
      ],
      [
        'Miski',
        [
          item('Miska z kurczakiem teriyaki', 3300, '', ['add']),
          item('Miska z boczkiem', 3500, '', ['add']),
          item('Miska z tofu', 3000, '', ['add']),
          item('Bibimbap', 3600, '', ['spice', 'add']),
          item('Poke z łososiem*', 3900),
        ],
      ],
      [
        'Desery',
        [
          item('Bao z lodami', 1600),
          item('Mochi 3 szt.', 1800),
          item('Sernik matcha', 1700),
          item('Sezamowe kulki', 1400),
          item('Pudding z mango', 1500),
        ],
      ],
      [
        'Napoje',
        [
          item('Bubble tea mleczna', 1600),
          item('Bubble tea owocowa', 1600),
          item('Herbata oolong', 1000),
          item('Lemoniada z trawą cytrynową', 1200),
          item('Woda', 600),
        ],
      ],
    ],
  },
  'taco-loco': {
    groups: {
      tortilla: {
        name: 'Tortilla',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['Kukurydziana', 0],
          ['Pszenna', 0],
        ],
      },
      salsa: {
        name: 'Salsy',
        required: true,
        min: 1,
        max: 2,
        options: [
          ['Salsa verde', 0],
          ['Pico de gallo', 0],
          ['Salsa roja', 0],
          ['Habanero', 200],
        ],
      },
      extra: {
        name: 'Dodatki',
        required: false,
        min: 0,
        max: 3,
        options: [
          ['Guacamole', 500],
          ['Ser', 300],
          ['Jalapeño', 200],
          ['Kwaśna śmietana', 200],
        ],
      },
    },
    categories: [
      [
        'Tacos',
        [
          item('Tacos al pastor', 2900, '3 szt., wieprzowina z ananasem', ['tortilla', 'salsa', 'extra']),
          item('Tacos carnitas', 2900, '', ['tortilla', 'salsa', 'extra']),
          item('Tacos de pollo', 2700, '', ['tortilla', 'salsa', 'extra']),
          item('Tacos z krewetkami', 3300, '', ['tortilla', 'salsa', 'extra']),
          item('Tacos z kalafiorem', 2500, '', ['tortilla', 'salsa', 'extra']),
          item('Tacos birria*', 3500, '', ['tortilla']),
        ],
      ],
      [
        'Burrito',
        [
          item('Burrito z wołowiną', 3400, '', ['salsa', 'extra']),
          item('Burrito z kurczakiem', 3200, '', ['salsa', 'extra']),
          item('Burrito wege', 2900, '', ['salsa', 'extra']),
          item('Burrito śniadaniowe', 2800, '', ['salsa']),
          item('Burrito bowl', 3300, '', ['salsa', 'extra']),
        ],
      ],
      [
        'Quesadillas',
        [
          item('Quesadilla z serem', 2200, '', ['salsa']),
          item('Quesadilla z kurczakiem', 2700, '', ['salsa']),
          item('Quesadilla z chorizo', 2800, '', ['salsa']),
          item('Quesadilla z grzybami', 2500, '', ['salsa']),
          item('Quesabirria 🌮', 3400),
        ],
      ],
      [
        'Przekąski',
        [
          item('Nachos z serem', 2100, '', ['extra']),
          item('Guacamole z chipsami', 2200),
          item('Elote', 1600),
          item('Skrzydełka chipotle', 2500),
          item('Jalapeño poppers', 1900),
        ],
      ],
      [
        'Desery',
        [
          item('Churros z czekoladą', 1700),
          item('Tres leches', 1900),
          item('Flan', 1600),
          item('Lody z dulce de leche', 1500),
          item('Sopapillas', 1400),
        ],
      ],
      [
        'Napoje',
        [
          item('Horchata', 1300),
          item('Agua de jamaica', 1200),
          item('Jarritos', 1100),
          item('Lemoniada z limonką', 1100),
          item('Woda', 700),
        ],
      ],
    ],
  },
  'green-bowl': {
    groups: {
      base: {
        name: 'Baza',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['Komosa ryżowa', 0],
          ['Brązowy ryż', 0],
          ['Mix sałat', 0],
          ['Kasza bulgur', 0],
        ],
      },
      protein: {
        name: 'Białko',
        required: true,
        min: 1,
        max: 2,
        options: [
          ['Kurczak', 1400],
          ['Tofu', 1100],
          ['Łosoś', 1900],
          ['Ciecierzyca', 900],
          ['Jajko', 700],
        ],
      },
      veg: {
        name: 'Warzywa',
        required: false,
        min: 0,
        max: 5,
        options: [
          ['Awokado', 500],
          ['Edamame', 300],
          ['Batat', 300],
          ['Ogórek', 200],
          ['Marchew', 200],
          ['Kimchi', 400],
        ],
      },
      dressing: {
        name: 'Dressing',
        required: true,
        min: 1,
        max: 1,
        options: [
          ['Tahini', 0],
          ['Miso-imbir', 0],
          ['Cytrynowy', 0],
          ['Sriracha mayo', 0],
        ],
      },
    },
    categories: [
      [
        'Nasze miski',
        [
          item('Miska Buddy', 3600, 'Komosa, batat, ciecierzyca, tahini', ['dressing']),
          item('Miska Poke łosoś', 4200, '', ['dressing']),
          item('Miska Teriyaki tofu', 3400, '', ['dressing']),
          item('Miska Meksykańska', 3500, '', ['dressing']),
          item('Miska Grecka', 3300, '', ['dressing']),
          item('Miska sezonowa*', 3700),
        ],
      ],
      [
        'Skomponuj miskę',
        [
          {
            name: 'Twoja miska',
            price: 0,
            desc: 'Płacisz za to, co wybierzesz',
            groups: ['base', 'protein', 'veg', 'dressing'],
            build: true,
          },
          item('Twoja sałatka', 1500, 'Baza sałat + białko', ['protein', 'veg', 'dressing']),
          item('Twój wrap', 1800, '', ['protein', 'veg', 'dressing']),
          item('Mała miska dla dziecka', 1900, '', ['base', 'protein']),
          item('Miska XL', 4900, '', ['base', 'protein', 'veg', 'dressing']),
        ],
      ],
      [
        'Zupy',
        [
          item('Krem z dyni', 1700),
          item('Zupa z soczewicy', 1600),
          item('Gazpacho', 1700),
          item('Krem z brokułów', 1600),
          item('Pho warzywne', 2200),
        ],
      ],
      [
        'Wrapy',
        [
          item('Wrap z falafelem 🥙', 2600),
          item('Wrap z kurczakiem', 2800),
          item('Wrap z halloumi', 2900),
          item('Wrap z tofu', 2600),
          item('Wrap śniadaniowy', 2400),
        ],
      ],
      [
        'Smoothie',
        [
          item('Zielone smoothie', 1600),
          item('Smoothie mango-marakuja', 1700),
          item('Smoothie jagodowe', 1700),
          item('Smoothie bananowe z masłem orzechowym', 1800),
          item('Smoothie acai*', 1900),
        ],
      ],
      [
        'Napoje',
        [
          item('Kombucha', 1400),
          item('Woda kokosowa', 1200),
          item('Lemoniada z miętą', 1100),
          item('Herbata matcha latte', 1600),
          item('Woda', 700),
        ],
      ],
    ],
  },
};
