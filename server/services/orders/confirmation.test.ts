import { describe, expect, it } from 'vitest';
import type { Env } from '#server/context.ts';
import { orderConfirmationEmail, type ConfirmationData } from './confirmation.ts';

// The confirmation as place-order writes it for an order paid on delivery (place/draft.ts): from the basket's lines,
// each with the brand that cooks it (issue 35).
const env = { orderTokenSecret: 'a-test-secret-of-some-length', publicBaseUrl: 'https://shop.example.com' } as Env;
const pasta = { restaurantId: 1, name: 'Pasta Fresca' };
const sushi = { restaurantId: 16, name: 'Sushi Kaizen' };
const line = (name: string, brand?: { restaurantId: number; name: string }) => ({
  name,
  quantity: 1,
  value: 1900,
  mods: [],
  allergens: null,
  ...(brand ? { brand } : {}),
});
const order = (items: ConfirmationData['items']): ConfirmationData => ({
  id: '2ff4d741-e4e8-4ec2-90b9-1b644a759579',
  displayId: '81b39',
  email: 'anna@example.com',
  currency: 'PLN',
  total: 5700,
  restaurantName: 'Pasta Fresca Warszawa Mokotów',
  conceptSlug: 'pasta-fresca',
  country: 'pl',
  lang: 'en',
  items,
});

describe('the order confirmation', () => {
  it('lists the lines under each brand’s name, in the lines’ order, when several brands cook the order', () => {
    const mail = orderConfirmationEmail(
      env,
      order([line('Bruschetta', pasta), line('Nigiri', sushi), line('Carpaccio', pasta)]),
    );
    expect(mail.text).toMatch(
      /\nPasta Fresca:\n1 × Bruschetta .+\n.+\n1 × Carpaccio .+\n.+\nSushi Kaizen:\n1 × Nigiri /,
    );
    expect(mail.html).toMatch(/>Pasta Fresca<\/p><ul[^>]*><li>1 × Bruschetta.*<li>1 × Carpaccio.*>Sushi Kaizen<\/p>/);
  });

  it('lists an ordinary order’s lines as before: no brand names over them, with or without brands given', () => {
    for (const items of [
      [line('Bruschetta', pasta), line('Carpaccio', pasta)],
      [line('Bruschetta'), line('Carpaccio')],
    ]) {
      const mail = orderConfirmationEmail(env, order(items));
      expect(mail.text).toMatch(/\n\n1 × Bruschetta .+\n.+\n1 × Carpaccio /);
      expect(mail.text).not.toContain('Pasta Fresca:');
      expect(mail.html).not.toContain('font-weight:bold">Pasta Fresca</p>');
    }
  });
});
