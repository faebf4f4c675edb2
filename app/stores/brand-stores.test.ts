import { afterEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores } from 'nanostores';
import { $aggregatorsOpen, closeAggregators, openAggregators } from './aggregator-modal.ts';
import { $brandMenu, loadBrandMenu, shownPrice, type MenuItem, type RestaurantMenu } from './brand-menu.ts';
import { $contactForm, resetContactForm, sendContactForm, setContactField } from './contact-form.ts';

const menu: RestaurantMenu = {
  slug: 'smash-club-warszawa-mokotow',
  name: 'Smash Club Warszawa Mokotów',
  currency: 'PLN',
  state: { state: 'open', nextOpening: null },
  categories: [{ id: 1, name: 'Burgery', items: [] }],
};
const answer = (status: number, body: unknown, asText = false) =>
  new Response(asText ? String(body) : JSON.stringify(body), {
    status,
    headers: { 'content-type': asText ? 'text/plain' : 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  cleanStores($brandMenu, $contactForm, $aggregatorsOpen);
  $brandMenu.set({ status: 'idle' });
  resetContactForm();
});

describe('brand menu store', () => {
  it("loads the default restaurant's menu from the API", async () => {
    const fetch = vi.fn(async () => answer(200, menu));
    vi.stubGlobal('fetch', fetch);
    void loadBrandMenu('smash-club-warszawa-mokotow');
    expect($brandMenu.get()).toEqual({ status: 'loading' });
    await allTasks();
    expect($brandMenu.get()).toEqual({ status: 'ready', restaurant: menu });
    expect(fetch).toHaveBeenCalledWith('/api/restaurants/smash-club-warszawa-mokotow', expect.anything());
  });

  it('ends in an error state on a 404 or a network failure, and loads again on retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, { error: 'notFound' })),
    );
    await loadBrandMenu('nope');
    expect($brandMenu.get()).toEqual({ status: 'error' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await loadBrandMenu('nope');
    expect($brandMenu.get()).toEqual({ status: 'error' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, menu)),
    );
    await loadBrandMenu('smash-club-warszawa-mokotow');
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
    expect($contactForm.get().errors).toEqual({ email: 'isValidEmail' });
    setContactField('email', '');
    expect($contactForm.get().errors).toEqual({ email: 'notEmpty' });
    setContactField('email', 'ania@example.com');
    setContactField('name', '   ');
    expect($contactForm.get().errors).toEqual({ name: 'notEmpty' });
  });

  it('sends nothing while a field is wrong and names the first one', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    setContactField('message', 'Hej');
    expect(await sendContactForm('smash-club')).toBe('name');
    expect($contactForm.get().errors).toEqual({ name: 'notEmpty', email: 'notEmpty', terms: 'isTrue' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("posts the form with the brand's slug; 'OK' marks it sent and locks it", async () => {
    const fetch = vi.fn(async () => answer(200, 'OK', true));
    vi.stubGlobal('fetch', fetch);
    fill();
    expect(await sendContactForm('smash-club')).toBeNull();
    expect($contactForm.get().status).toBe('sent');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ania',
      email: 'ania@example.com',
      message: 'Dzień dobry',
      terms: true,
      concept: 'smash-club',
    });
    setContactField('name', 'Changed');
    await sendContactForm('smash-club');
    expect($contactForm.get().values.name).toBe('Ania');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the server's field errors, its rate limit and any other failure", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fill();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, { error: 'validation', details: { email: 'isValidEmail' } })),
    );
    expect(await sendContactForm('smash-club')).toBe('email');
    expect($contactForm.get()).toMatchObject({ status: 'editing', errors: { email: 'isValidEmail' } });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(429, { error: 'tooManyRequests' })),
    );
    await sendContactForm('smash-club');
    expect($contactForm.get().status).toBe('tooMany');

    for (const failure of [answer(500, { error: 'internalError' }), answer(200, 'not ok', true)]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => failure),
      );
      await sendContactForm('smash-club');
      expect($contactForm.get().status).toBe('failed');
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await sendContactForm('smash-club');
    expect($contactForm.get()).toMatchObject({ status: 'failed', values: { name: 'Ania' } });
    setContactField('name', 'Ania K.');
    expect($contactForm.get().status).toBe('editing');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
