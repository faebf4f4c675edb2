/**
 * Orders placed through the running server's API, as a browser's islands would place them (for browser tests,
 * where tests/helpers/orders.ts's in-process app is not the server the browser talks to).
 */

type MenuItem = { id: number; price: number; unavailable: boolean; groups: unknown[] };
type Restaurant = {
  minBasketValue: number;
  location: { zip: string; latitude: number; longitude: number };
  categories: { items: MenuItem[] }[];
};

export const customers = {
  pl: {
    firstname: 'Jan',
    lastname: 'Kowalski',
    phone: '600 700 800',
    email: 'jan@example.com',
    street: 'Puławska',
    streetNo: '10',
    city: 'Warszawa',
    zip: '02-512',
  },
  ua: {
    firstname: 'Олена',
    lastname: 'Шевченко',
    phone: '0501234567',
    email: 'olena@example.com',
    street: 'Сагайдачного',
    streetNo: '5',
    city: 'Київ',
    zip: '04070',
  },
} as const;

export type PlacedOrder = { order: { id: string; displayId: string; status: string }; accessToken: string };

const cookieOf = (response: Response, name: string) =>
  new RegExp(`(?:^|,\\s*)${name}=([^;]+)`).exec(response.headers.get('set-cookie') ?? '')?.[1];

/** Logs in and answers the session cookie ("session=…"). */
export async function logIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0]!;
}

/**
 * The cookie of a new basket holding two of the first plain available dish of `restaurant` ("basket=…"): a page
 * that needs a basket (the basket and summary pages go home without one) opened with it.
 */
export async function basketCookie(baseUrl: string, restaurant: string): Promise<string> {
  const menu = (await (await fetch(`${baseUrl}/api/restaurants/${restaurant}`)).json()) as Restaurant;
  const item = menu.categories.flatMap((c) => c.items).find((i) => i.groups.length === 0 && !i.unavailable);
  if (!item) throw new Error(`no plain item at ${restaurant}`);
  const added = await fetch(`${baseUrl}/api/basket/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ menuItemId: item.id, quantity: 2 }),
  });
  if (!added.ok) throw new Error(`adding to the basket answered ${added.status}`);
  const basket = cookieOf(added, 'basket');
  if (!basket) throw new Error('no basket cookie');
  return `basket=${basket}`;
}

/**
 * Fills a new basket at `restaurant` with enough of its first plain available item to pass the minimum, and places
 * the order with `payment` (Blik code 123456 is approved by the sandbox). `session` makes it that user's order.
 */
export async function placeOrderOverHttp(
  baseUrl: string,
  options: {
    restaurant: string;
    country: 'pl' | 'ua';
    payment: 'blik' | 'cashOnDelivery' | 'fastTransfer';
    deliveryMethod?: 'door2door' | 'pickup';
    session?: string;
    lang?: 'pl' | 'en' | 'ua';
    /** 777123 is declined by the sandbox; any other 6 digits are approved. */
    blikCode?: string;
    /** The customer's comment to the restaurant. */
    comment?: string;
    /** Other brands' restaurants at the same location, whose first plain dish goes into a shared basket too. */
    also?: string[];
  },
): Promise<PlacedOrder & { menuItemId: number }> {
  const restaurant = (await (await fetch(`${baseUrl}/api/restaurants/${options.restaurant}`)).json()) as Restaurant;
  const item = restaurant.categories
    .flatMap((c) => c.items)
    .find((i) => !i.unavailable && i.groups.length === 0 && i.price > 0);
  if (!item) throw new Error(`no plain item at ${options.restaurant}`);
  const quantity = Math.min(99, Math.ceil((restaurant.minBasketValue + 1) / item.price) + 1);
  const headers = (cookies: string[]) => ({
    'content-type': 'application/json',
    origin: baseUrl,
    ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
  });
  const sessionCookies = options.session ? [options.session] : [];
  const added = await fetch(`${baseUrl}/api/basket/items`, {
    method: 'POST',
    headers: headers(sessionCookies),
    body: JSON.stringify({ menuItemId: item.id, quantity }),
  });
  if (!added.ok) throw new Error(`basket answered ${added.status}: ${await added.text()}`);
  const basket = cookieOf(added, 'basket');
  if (!basket) throw new Error('no basket cookie');
  const cookies = [...sessionCookies, `basket=${basket}`];
  for (const other of options.also ?? []) {
    const menu = (await (await fetch(`${baseUrl}/api/restaurants/${other}`)).json()) as Restaurant;
    const dish = menu.categories
      .flatMap((c) => c.items)
      .find((i) => !i.unavailable && i.groups.length === 0 && i.price > 0);
    if (!dish) throw new Error(`no plain item at ${other}`);
    const more = await fetch(`${baseUrl}/api/basket/items`, {
      method: 'POST',
      headers: headers(cookies),
      body: JSON.stringify({ menuItemId: dish.id, quantity: 1 }),
    });
    if (!more.ok) throw new Error(`basket answered ${more.status} for ${other}: ${await more.text()}`);
  }
  if (options.deliveryMethod === 'pickup') {
    const delivery = await fetch(`${baseUrl}/api/basket/delivery`, {
      method: 'PUT',
      headers: headers(cookies),
      body: JSON.stringify({ deliveryMethod: 'pickup' }),
    });
    if (!delivery.ok) throw new Error(`delivery answered ${delivery.status}: ${await delivery.text()}`);
  }
  const placed = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { ...headers(cookies), 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      ...customers[options.country],
      // The restaurant's own spot: inside its delivery area whatever shape that has.
      zip: restaurant.location.zip,
      lat: restaurant.location.latitude,
      lng: restaurant.location.longitude,
      consents: { agree1: true, agree2: true, providerTerms: true, orderWithObligation: true },
      paymentMethod: options.payment,
      ...(options.payment === 'blik' ? { blikCode: options.blikCode ?? '123456' } : {}),
      lang: options.lang ?? options.country,
      ...(options.comment ? { comment: options.comment } : {}),
    }),
  });
  if (placed.status !== 201) throw new Error(`place order answered ${placed.status}: ${await placed.text()}`);
  return { ...((await placed.json()) as PlacedOrder), menuItemId: item.id };
}
