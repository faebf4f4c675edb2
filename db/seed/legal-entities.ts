import type { LegalEntity } from '../../server/domain/invoice.ts';

/**
 * The demo brands' sellers (issue 36): fictional companies with NIPs that pass the check digit and made-up register
 * numbers. Smash Club and Taco Loco are one company's brands, so they share its invoice series (code SFB). Bao House
 * sells in Ukraine, where the shop issues no invoices; its seller is still named at checkout and on the status page.
 */
export const demoLegalEntities: Record<string, LegalEntity> = {
  'pasta-fresca': {
    code: 'PFR',
    name: 'Pasta Fresca Polska sp. z o.o.',
    street: 'ul. Mokotowska 48',
    zip: '00-543',
    city: 'Warszawa',
    taxId: '5213017843',
    register: 'KRS 0000874512',
  },
  'pierogi-babci': {
    code: 'PBA',
    name: 'Pierogarnia Babci Zosi sp. z o.o.',
    street: 'ul. Krakowska 12',
    zip: '31-062',
    city: 'Kraków',
    taxId: '6772419038',
    register: 'KRS 0000791203',
  },
  'sushi-kaizen': {
    code: 'SKZ',
    name: 'Kaizen Gastronomia sp. z o.o.',
    street: 'ul. Chmielna 73',
    zip: '00-801',
    city: 'Warszawa',
    taxId: '5261743027',
    register: 'KRS 0000903317',
  },
  'green-bowl': {
    code: 'GBW',
    name: 'Green Bowl Foods sp. z o.o.',
    street: 'ul. Długa 21',
    zip: '80-827',
    city: 'Gdańsk',
    taxId: '5832190769',
    register: 'KRS 0000865540',
  },
  'smash-club': {
    code: 'SFB',
    name: 'Street Food Brands sp. z o.o.',
    street: 'ul. Puławska 145',
    zip: '02-715',
    city: 'Warszawa',
    taxId: '1132876505',
    register: 'KRS 0000932671',
  },
  'taco-loco': {
    code: 'SFB',
    name: 'Street Food Brands sp. z o.o.',
    street: 'ul. Puławska 145',
    zip: '02-715',
    city: 'Warszawa',
    taxId: '1132876505',
    register: 'KRS 0000932671',
  },
  'bao-house': {
    code: 'BAOUA',
    name: 'ТОВ «Бао Хаус Україна»',
    street: 'вул. Хрещатик, 22',
    zip: '01001',
    city: 'Київ',
    taxId: '43912785',
    register: 'ЄДР 1 000 102 0000 081234',
  },
};

/** The demo's VAT rate of a menu item: 23 % for the drinks, 8 % for meals and for coffee or tea served (gastronomy). */
export function demoVatRate(categoryName: string, itemName: string): 8 | 23 {
  if (categoryName !== 'Napoje') return 8;
  return /espresso|kawa|herbata|matcha|kompot/i.test(itemName) ? 8 : 23;
}
