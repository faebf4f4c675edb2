import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OrderView } from '#app/stores/account/shared.ts';
import OrderCard from './OrderCard.tsx';

// An order as GET /api/my-orders answers it (server/services/orders/view.ts), trimmed to what the card reads.
const order = {
  id: 'ord-1',
  displayId: 'K7Q2Z',
  status: 'processing',
  groups: { rejected: false, finished: false },
  restaurant: { slug: 'smash-club-warszawa', name: 'Smash Club Warszawa', country: 'pl', phone: null },
  items: [
    {
      restaurantId: 7,
      brand: { conceptSlug: 'smash-club', conceptName: 'Smash Club', restaurantName: 'Smash Club Warszawa' },
      name: 'Smash burger',
      quantity: 2,
      unitPrice: 3200,
      value: 6400,
      mods: [{ groupName: 'Ser', name: 'Cheddar', value: 0 }],
      allergens: { contains: ['gluten', 'milk'], mayContain: [] },
    },
  ],
  brands: [
    {
      restaurantId: 7,
      restaurantSlug: 'smash-club-warszawa',
      restaurantName: 'Smash Club Warszawa',
      conceptSlug: 'smash-club',
      conceptName: 'Smash Club',
      look: null,
    },
  ],
  currency: 'PLN',
  total: 7190,
  createdAt: '2026-11-20T17:05:00.000Z',
  accessToken: 'tok_en-1',
} as unknown as OrderView;

const render = (open: boolean, locale: 'pl' | 'en' | 'ua' = 'pl', shown: OrderView = order) =>
  renderToStaticMarkup(createElement(OrderCard, { order: shown, open, locale }));

describe('an order on my orders', () => {
  it('shows its number, local date, restaurant, translated status, total and a link to its status page', () => {
    const html = render(false);
    expect(html).toContain('Zamówienie nr K7Q2Z');
    // 17:05 UTC is 18:05 in Warsaw in November.
    expect(html).toMatch(/20 lis 2026.{0,10}18:05/);
    expect(html).toContain('Smash Club Warszawa');
    expect(html).toContain('W przygotowaniu');
    // The total as a Polish reader writes it, with the no-break space Intl puts before the sign.
    expect(html).toContain('71,90\u00a0zł');
    expect(render(false, 'en')).toContain('71.90\u00a0zł');
    // The status page's address with the order's token, as the confirmation e-mail links it.
    expect(html).toContain('href="/status/ord-1/tok_en-1"');
    expect(render(false, 'ua')).toContain('href="/ua/status/ord-1/tok_en-1"');
    expect(render(false, 'en')).toContain('href="/en/status/ord-1/tok_en-1"');
  });

  it('offers to order it again, a button that waits for the island before it sends anything', () => {
    const button = /<button([^>]*)>Zamów ponownie<\/button>/.exec(render(false))?.[1] ?? '';
    expect(button).toContain('class="reorder-button"');
    expect(button).toMatch(/\bdisabled\b/);
    expect(render(false, 'en')).toContain('Order again');
    expect(render(false, 'ua')).toContain('Замовити знову');
  });

  it('keeps its items hidden until asked', () => {
    expect(render(false)).toMatch(/<ul[^>]*\bhidden(?:="")?[\s>]/);
    const open = render(true);
    expect(open).not.toMatch(/<ul[^>]*hidden/);
    expect(open).toContain('aria-expanded="true"');
    expect(open).toContain('Ukryj pozycje');
    expect(open).toMatch(/2 × Smash burger\s*<small> \(Cheddar\)<\/small>/);
    // One brand: nothing names it beside the line (the card's restaurant does).
    expect(open).not.toContain('· Smash Club');
  });

  it('names each line’s brand, each brand’s lines together, when several brands at one kitchen cook it', () => {
    const pierogi = { conceptSlug: 'pierogi-babci', conceptName: 'Pierogi Babci', restaurantName: 'Pierogi Babci Wwa' };
    const [burger] = order.items;
    const shared = {
      ...order,
      items: [burger, { ...burger, restaurantId: 9, brand: pierogi, name: 'Ruskie', mods: [] }, burger],
      brands: [...order.brands, { ...order.brands[0], ...pierogi, restaurantId: 9, restaurantSlug: 'pierogi' }],
    } as OrderView;
    const html = render(true, 'en', shared);
    expect(html.match(/Smash burger|Ruskie|· Smash Club|· Pierogi Babci/g)).toEqual([
      'Smash burger',
      '· Smash Club',
      'Smash burger',
      '· Smash Club',
      'Ruskie',
      '· Pierogi Babci',
    ]);
  });
});
