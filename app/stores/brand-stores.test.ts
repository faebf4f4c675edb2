import { afterEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores } from 'nanostores';
import { createApiClient } from '#app/api-client.ts';
import { $aggregatorsOpen, closeAggregators, openAggregators } from './aggregator-modal.ts';
import { $brandMenu, loadBrandMenu, menuPath, shownPrice, type MenuItem, type RestaurantMenu } from './brand-menu.ts';
import { contactForm, contactView, resetContactForm, sendContactForm, setContactField } from './contact-form.ts';

// Only what the brand site reads of the answer.
const menu = {
  slug: 'smash-club-warszawa-mokotow',
  name: 'Smash Club Warszawa Mokotów',
  currency: 'PLN',
  state: { state: 'open', nextOpening: null },
  categories: [{ id: 1, name: 'Burgery', items: [] }],
} as Partial<RestaurantMenu> as RestaurantMenu;
const answer = (status: number, body: unknown, asText = false) =>
  new Response(asText ? String(body) : JSON.stringify(body), {
    status,
    headers: { 'content-type': asText ? 'text/plain' : 'application/json' },
  });

/** The stores' typed API client, answered by the given fetch instead of a server. */
const clientWith = (fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) =>
  createApiClient({ fetch });

afterEach(() => {
  cleanStores($brandMenu, contactForm.$state, $aggregatorsOpen);
  $brandMenu.set({ status: 'idle' });
  resetContactForm();
});

describe('brand menu store', () => {
  it("loads the brand's default restaurant's menu from the API", async () => {
    const fetch = vi.fn(async () => answer(200, menu));
    void loadBrandMenu(menuPath({ concept: 'smash-club' }), fetch);
    expect($brandMenu.get()).toEqual({ status: 'loading' });
    await allTasks();
    expect($brandMenu.get()).toEqual({ status: 'ready', restaurant: menu });
    expect(fetch).toHaveBeenCalledWith('/api/concepts/smash-club/menu', expect.objectContaining({ method: 'GET' }));
  });

  it('ends in an error state on a 404 or a network failure, and loads again on retry', async () => {
    await loadBrandMenu(menuPath({ restaurant: 'nope' }), async () => answer(404, { error: 'notFound' }));
    expect($brandMenu.get()).toEqual({ status: 'error' });
    await loadBrandMenu(menuPath({ restaurant: 'nope' }), async () => {
      throw new TypeError('offline');
    });
    expect($brandMenu.get()).toEqual({ status: 'error' });
    await loadBrandMenu(menuPath({ restaurant: 'smash-club-warszawa-mokotow' }), async () => answer(200, menu));
    expect($brandMenu.get().status).toBe('ready');
  });

  it('shows resetPrices items as free', () => {
    const item = { price: 3400, resetPrices: false } as MenuItem;
    expect(shownPrice(item)).toBe(3400);
    expect(shownPrice({ ...item, resetPrices: true })).toBe(0);
  });
});

describe('aggregator dialog store', () => {
  it('opens and closes', () => {
    expect($aggregatorsOpen.get()).toBe(false);
    openAggregators();
    expect($aggregatorsOpen.get()).toBe(true);
    closeAggregators();
    expect($aggregatorsOpen.get()).toBe(false);
  });
});

describe('contact form store', () => {
  const fill = () => {
    setContactField('name', 'Ania');
    setContactField('email', 'ania@example.com');
    setContactField('message', 'Dzień dobry');
    setContactField('terms', true);
  };

  it('checks each field as it changes with the spec rules', () => {
    setContactField('email', 'ania@');
    expect(contactView().errors).toEqual({ email: 'isValidEmail' });
    setContactField('email', '');
    expect(contactView().errors).toEqual({ email: 'notEmpty' });
    setContactField('email', 'ania@example.com');
    setContactField('name', '   ');
    expect(contactView().errors).toEqual({ name: 'notEmpty' });
  });

  it('sends nothing while a field is wrong and names the first one', async () => {
    const fetch = vi.fn();
    setContactField('message', 'Hej');
    expect(await sendContactForm('smash-club', clientWith(fetch))).toBe('name');
    expect(contactView().errors).toEqual({ name: 'notEmpty', email: 'notEmpty', terms: 'isTrue' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("posts the form with the brand's slug; 'OK' marks it sent and locks it", async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer(200, 'OK', true));
    const client = clientWith(fetch);
    fill();
    expect(await sendContactForm('smash-club', client)).toBeNull();
    expect(contactView().status).toBe('sent');
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init?.method]).toEqual(['/api/contact', 'POST']);
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(init?.body as string)).toEqual({
      name: 'Ania',
      email: 'ania@example.com',
      message: 'Dzień dobry',
      terms: true,
      concept: 'smash-club',
    });
    setContactField('name', 'Changed');
    await sendContactForm('smash-club', client);
    expect(contactView().values.name).toBe('Ania');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the server's field errors, its rate limit and any other failure", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fill();
    expect(
      await sendContactForm(
        'smash-club',
        clientWith(async () => answer(400, { error: 'validation', details: { email: 'isValidEmail' } })),
      ),
    ).toBe('email');
    expect(contactView()).toMatchObject({ status: 'editing', errors: { email: 'isValidEmail' } });

    await sendContactForm(
      'smash-club',
      clientWith(async () => answer(429, { error: 'tooManyRequests' })),
    );
    expect(contactView().status).toBe('tooMany');

    for (const failure of [answer(500, { error: 'internalError' }), answer(200, 'not ok', true)]) {
      await sendContactForm(
        'smash-club',
        clientWith(async () => failure),
      );
      expect(contactView().status).toBe('failed');
    }
    await sendContactForm(
      'smash-club',
      clientWith(async () => {
        throw new TypeError('offline');
      }),
    );
    expect(contactView()).toMatchObject({ status: 'failed', values: { name: 'Ania' } });
    setContactField('name', 'Ania K.');
    expect(contactView().status).toBe('editing');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
