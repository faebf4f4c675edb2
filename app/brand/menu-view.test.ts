import { afterEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores } from 'nanostores';
import { $brandMenu, type BrandMenuState, type RestaurantMenu } from '#app/stores/brand-menu.ts';
import { mountMenu, renderMenu, type ElementFactory, type MenuLabels } from './menu-view.ts';

/**
 * The few DOM calls the renderer makes, recorded so the result can be written out as HTML (the unit project has
 * no DOM). Text is escaped on the way out, as the browser does for text nodes.
 */
class FakeElement {
  readonly attributes: [string, string][] = [];
  readonly children: (FakeElement | string)[] = [];
  readonly listeners = new Map<string, (() => void)[]>();
  readonly tagName: string;
  constructor(tagName: string) {
    this.tagName = tagName;
  }
  get ownerDocument() {
    return fakeDocument;
  }
  setAttribute(name: string, value: string) {
    this.attributes.push([name, value]);
  }
  append(...nodes: (FakeElement | string)[]) {
    this.children.push(...nodes);
  }
  replaceChildren(...nodes: (FakeElement | string)[]) {
    this.children.splice(0, this.children.length, ...nodes);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  click() {
    for (const listener of this.listeners.get('click') ?? []) listener();
  }
  find(tagName: string): FakeElement | undefined {
    for (const child of this.children) {
      if (typeof child === 'string') continue;
      const found = child.tagName === tagName ? child : child.find(tagName);
      if (found) return found;
    }
    return undefined;
  }
  get outerHTML(): string {
    const attributes = this.attributes.map(([name, value]) => ` ${name}="${escape(value).replace(/"/g, '&quot;')}"`);
    return `<${this.tagName}${attributes.join('')}>${this.innerHTML}</${this.tagName}>`;
  }
  get innerHTML(): string {
    return this.children.map((child) => (typeof child === 'string' ? escape(child) : child.outerHTML)).join('');
  }
}
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fakeDocument = { createElement: (tag: string) => new FakeElement(tag) };
const doc = fakeDocument as unknown as ElementFactory;
const html = (node: HTMLElement) => (node as unknown as FakeElement).outerHTML;

const labels: MenuLabels = {
  locale: 'pl',
  menuFrom: 'Menu restauracji',
  menuLoading: 'Wczytujemy menu…',
  menuError: 'Nie udało się wczytać menu.',
  menuEmpty: 'Menu jest chwilowo puste.',
  retry: 'Spróbuj ponownie',
  itemUnavailable: 'Chwilowo niedostępne',
  open: 'Otwarte teraz',
  closed: 'Zamknięte teraz',
  unavailable: 'Chwilowo niedostępna',
};
const item = { desc: null, unavailable: false, resetPrices: false };
// Only what the brand site reads of the answer (whose names come without emoji, server/services/catalogue/menu.ts).
const menu = {
  slug: 'bao-house-kyiv',
  name: 'Bao House <Київ>',
  currency: 'UAH',
  state: { state: 'closed', nextOpening: null },
  categories: [
    {
      id: 7,
      name: 'Бао',
      items: [
        { ...item, id: 1, name: 'Bao wieprzowe', desc: 'Boczek & ogórek', price: 16050 },
        { ...item, id: 2, name: 'Bao z kurczakiem', price: 14000, unavailable: true },
        { ...item, id: 3, name: 'Sos', price: 900, resetPrices: true },
      ],
    },
    { id: 8, name: 'Napoje', items: [] },
  ],
} as unknown as RestaurantMenu;
const ready = (restaurant: RestaurantMenu): BrandMenuState => ({ status: 'ready', restaurant });
const noRetry = () => undefined;

afterEach(() => {
  cleanStores($brandMenu);
  $brandMenu.set({ status: 'idle' });
  vi.unstubAllGlobals();
});

describe('menu renderer', () => {
  it("shows the loading state as the page's HTML has it, idle or loading", () => {
    const loading = '<div class="menu-status menu-loading" aria-busy="true"><p>Wczytujemy menu…</p></div>';
    expect(html(renderMenu(doc, { status: 'idle' }, labels, noRetry))).toBe(loading);
    expect(html(renderMenu(doc, { status: 'loading' }, labels, noRetry))).toBe(loading);
  });

  it('shows an error as an alert with a retry button', () => {
    const onRetry = vi.fn();
    const view = renderMenu(doc, { status: 'error' }, labels, onRetry);
    expect(html(view)).toBe(
      '<div class="menu-status" role="alert"><p>Nie udało się wczytać menu.</p>' +
        '<button type="button" class="button">Spróbuj ponownie</button></div>',
    );
    (view as unknown as FakeElement).find('button')!.click();
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('lists the categories that have items, with prices, superscript decimals read as one amount, and unavailable badges', () => {
    expect(html(renderMenu(doc, ready(menu), labels, noRetry))).toBe(
      '<div class="menu" data-restaurant="bao-house-kyiv">' +
        '<p class="menu-restaurant">Menu restauracji <strong>Bao House &lt;Київ&gt;</strong> ' +
        '<span class="badge badge-closed">Zamknięte teraz</span></p>' +
        '<nav class="menu-categories" aria-label="Menu restauracji"><a href="#menu-7">Бао</a></nav>' +
        '<section id="menu-7" class="menu-category" aria-labelledby="menu-h-7"><h3 id="menu-h-7">Бао</h3><ul>' +
        '<li class="menu-item"><div class="menu-item-text"><h4>Bao wieprzowe</h4><p>Boczek &amp; ogórek</p></div>' +
        '<span class="price"><span class="visually-hidden">160,50\u00a0₴</span><span aria-hidden="true">160<sup>50</sup>\u00a0₴</span></span></li>' +
        '<li class="menu-item is-unavailable"><div class="menu-item-text"><h4>Bao z kurczakiem</h4>' +
        '<span class="badge badge-unavailable">Chwilowo niedostępne</span></div>' +
        '<span class="price"><span class="visually-hidden">140,00\u00a0₴</span><span aria-hidden="true">140<sup>00</sup>\u00a0₴</span></span></li>' +
        '<li class="menu-item"><div class="menu-item-text"><h4>Sos</h4></div>' +
        '<span class="price"><span class="visually-hidden">0,00\u00a0₴</span><span aria-hidden="true">0<sup>00</sup>\u00a0₴</span></span></li>' +
        '</ul></section></div>',
    );
  });

  it('shows a dish’s photo as AVIF or WebP in a reserved 4:3 box, lazily (issue 38)', () => {
    const id = '0123456789abcdef01234567';
    const withPhoto = {
      ...menu,
      categories: menu.categories.map((c) => ({
        ...c,
        items: c.items.map((item, i) => (i === 0 ? { ...item, photo: `/media/dish/${id}` } : item)),
      })),
    } as RestaurantMenu;
    const view = html(renderMenu(doc, ready(withPhoto), labels, noRetry));
    expect(view).toContain(
      `<li class="menu-item"><picture class="menu-item-photo"><source type="image/avif" srcset="/media/dish/${id}-128.avif 128w, `,
    );
    expect(view).toContain(
      `<img src="/media/dish/${id}-256.webp" alt="" width="96" height="72" loading="lazy" decoding="async"></img></picture>`,
    );
    expect(view.match(/<picture/g)).toHaveLength(1);
  });

  it('writes złoty after the number and names an open restaurant', () => {
    const pln = { ...menu, currency: 'PLN', state: { state: 'open', nextOpening: null } } as RestaurantMenu;
    const view = html(renderMenu(doc, ready(pln), labels, noRetry));
    expect(view).toContain('<span class="badge badge-open">Otwarte teraz</span>');
    expect(view).toContain(
      '<span class="price"><span class="visually-hidden">160,50\u00a0zł</span><span aria-hidden="true">160<sup>50</sup>\u00a0zł</span></span>',
    );
    // The English page writes the decimal point, the sign where the other languages put it.
    const en = html(renderMenu(doc, ready(pln), { ...labels, locale: 'en' }, noRetry));
    expect(en).toContain(
      '<span class="price"><span class="visually-hidden">160.50\u00a0zł</span><span aria-hidden="true">160<sup>50</sup>\u00a0zł</span></span>',
    );
  });

  it('says the menu is empty when no category has items', () => {
    const empty = { ...menu, categories: [{ id: 8, name: 'Napoje', items: [] }] } as unknown as RestaurantMenu;
    expect(html(renderMenu(doc, ready(empty), labels, noRetry))).toBe(
      '<div class="menu" data-restaurant="bao-house-kyiv">' +
        '<p class="menu-restaurant">Menu restauracji <strong>Bao House &lt;Київ&gt;</strong> ' +
        '<span class="badge badge-closed">Zamknięte teraz</span></p><p>Menu jest chwilowo puste.</p></div>',
    );
  });
});

describe('mounted menu', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('loads the menu at once, shows it, and offers a retry after a failure', async () => {
    const fetch = vi.fn(async () => answer(500, { error: 'internalError' }));
    vi.stubGlobal('fetch', fetch);
    const root = new FakeElement('div');
    const stop = mountMenu(root as unknown as HTMLElement, '/api/restaurants/bao-house-kyiv', labels);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(root.innerHTML).toContain('menu-loading');
    await allTasks();
    expect(root.innerHTML).toContain('role="alert"');

    fetch.mockImplementation(async () => answer(200, menu));
    root.find('button')!.click();
    expect(root.innerHTML).toContain('menu-loading');
    await allTasks();
    expect(root.innerHTML).toMatch(/^<div class="menu" data-restaurant="bao-house-kyiv">/);
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
  });

  it('shows a menu already loaded without asking again', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    $brandMenu.set(ready(menu));
    const root = new FakeElement('div');
    mountMenu(root as unknown as HTMLElement, '/api/restaurants/bao-house-kyiv', labels)();
    expect(root.find('section')).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
  });
});
