import { describe, expect, it } from 'vitest';
import type { Basket } from '#app/stores/basket.ts';
import { deliveryMethodsOf, lineText, nameIn, summaryBlockers } from './basket-view.ts';

type Line = Basket['lines'][number];

const line = (over: Partial<Line> = {}): Line => ({
  id: 1,
  menuItemId: 10,
  name: 'Піца Маргарита',
  names: { pl: 'Pizza Margherita' },
  quantity: 2,
  unitPrice: 3200,
  totalPrice: 6400,
  photo: null,
  unavailable: false,
  kitchen: { restaurantId: 1, locationId: 1, conceptId: 1 },
  categoryId: 1,
  blocked: null,
  allergens: null,
  options: [
    {
      id: 5,
      groupName: 'Розмір',
      groupNames: { pl: 'Rozmiar' },
      name: 'Велика',
      names: { pl: 'Duża' },
      price: 800,
      unavailable: false,
    },
  ],
  ...over,
});

const location = (over: Partial<NonNullable<Basket['location']>> = {}): NonNullable<Basket['location']> => ({
  id: 1,
  slug: 'kyiv-podil',
  name: 'Podil',
  street: 'Sahaidachnoho',
  no: '10',
  zip: '04070',
  city: 'Kyiv',
  citySlug: 'kyiv',
  country: 'ua',
  latitude: 50.46,
  longitude: 30.52,
  pickupEnabled: true,
  deliveryEnabled: true,
  ...over,
});

const basket = (over: Partial<Basket> = {}, summary: Partial<Basket['summary']> = {}): Basket =>
  ({
    id: 'b1',
    status: 'collecting',
    country: 'pl',
    deliveryMethod: 'door2door',
    address: null,
    userId: null,
    restaurant: { slug: 'pasta', name: 'Pasta', state: { state: 'open', nextOpening: null } },
    location: location(),
    currency: 'PLN',
    lines: [line()],
    discount: null,
    summary: {
      productsValue: 6400,
      deliveryValue: 799,
      discountValue: 0,
      minBasketValue: 3000,
      extraFee: 0,
      serviceFee: 299,
      totalValue: 7498,
      ...summary,
    },
    itemCount: 2,
    ...over,
  }) as Basket;

describe('names in the page’s language', () => {
  it('takes the menu’s translation where it has one, else the name as written', () => {
    expect(nameIn('Піца', { pl: 'Pizza' }, 'pl')).toBe('Pizza');
    expect(nameIn('Піца', { pl: 'Pizza' }, 'en')).toBe('Піца');
    expect(nameIn('Margherita', {}, 'ua')).toBe('Margherita');
  });

  it('names a line’s item and each chosen option with its group', () => {
    expect(lineText(line(), 'pl')).toEqual({ name: 'Pizza Margherita', options: [{ group: 'Rozmiar', name: 'Duża' }] });
    expect(lineText(line(), 'ua')).toEqual({ name: 'Піца Маргарита', options: [{ group: 'Розмір', name: 'Велика' }] });
  });
});

describe('delivery methods the location offers', () => {
  it('offers the three deliveries and pickup where both are on', () => {
    expect(deliveryMethodsOf(location())).toEqual(['door2door', 'outside', 'leave@door', 'pickup']);
  });
  it('leaves pickup out where the location does not allow it, and the deliveries where it does not deliver', () => {
    expect(deliveryMethodsOf(location({ pickupEnabled: false }))).toEqual(['door2door', 'outside', 'leave@door']);
    expect(deliveryMethodsOf(location({ deliveryEnabled: false }))).toEqual(['pickup']);
  });
  it('offers nothing before the basket holds a restaurant’s food', () => {
    expect(deliveryMethodsOf(null)).toEqual([]);
  });
});

describe('what stops the way on to the summary', () => {
  it('nothing, for an open restaurant’s available food above the minimum', () => {
    expect(summaryBlockers(basket())).toEqual([]);
  });

  it('the minimum order value, with how much is missing (compared before any discount)', () => {
    expect(summaryBlockers(basket({}, { productsValue: 2150, discountValue: 500 }))).toEqual([
      { key: 'minBasketValueError', missing: 850 },
    ]);
    expect(summaryBlockers(basket({}, { productsValue: 3000 }))).toEqual([]);
  });

  it('an applied code that is no longer active (remove it to continue)', () => {
    const discount = { id: 1, code: 'ZIMA2025', type: 'percentage', value: 20, country: 'pl', active: false, left: 0 };
    expect(summaryBlockers(basket({ discount } as Partial<Basket>))).toEqual([{ key: 'discountNotActive' }]);
    expect(summaryBlockers(basket({ discount: { ...discount, active: true } } as Partial<Basket>))).toEqual([]);
  });

  it('an unavailable line and a closed or unavailable restaurant, in the checkout’s order', () => {
    const closed = basket({
      lines: [line({ unavailable: true })],
      restaurant: { state: { state: 'closed', nextOpening: null } },
    } as Partial<Basket>);
    expect(summaryBlockers(closed).map((b) => b.key)).toEqual(['productUnavailable', 'restaurantClosed']);
    const off = basket({ restaurant: { state: { state: 'unavailable', nextOpening: null } } } as Partial<Basket>);
    expect(summaryBlockers(off).map((b) => b.key)).toEqual(['restaurantClosed']);
  });
});
