import type { Locale } from '#domain/localized-routes.ts';
import { superscriptMoney, type Currency } from '#domain/money.ts';
import { pictureSources } from '#domain/media.ts';
import { $brandMenu, loadBrandMenu, shownPrice, type BrandMenuState } from '#app/stores/brand-menu.ts';

/**
 * The brand site's read-only menu without a framework: a page script renders `$brandMenu` into the DOM, so the
 * landing page loads no React before a visitor touches something (decision 005). The markup is what the page's
 * static HTML starts with (the loading state, sites/brands/MenuSection.astro) and what the stylesheet expects.
 */

export type MenuLabels = {
  /** The page's language, which the labels are in and the prices are written in. */
  locale: Locale;
  menuFrom: string;
  menuLoading: string;
  menuError: string;
  menuEmpty: string;
  retry: string;
  itemUnavailable: string;
  open: string;
  closed: string;
  unavailable: string;
};

/** The part of `document` the renderer uses, so a test can hand it a small stand-in. */
export type ElementFactory = Pick<Document, 'createElement'>;

type Child = Node | string | null | false | undefined;

/** `<tag class=…>children</tag>`; text children become text nodes, never HTML. */
function element<K extends keyof HTMLElementTagNameMap>(
  doc: ElementFactory,
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/**
 * A price with its decimals as superscript (spec section 9). Screen readers get the whole amount as text and not
 * the raised form, which they read as two numbers ('15 00 zł'); an aria-label on the span would not do, as
 * Chromium and others ignore the name of an element without a role and read its content.
 */
function renderPrice(doc: ElementFactory, minor: number, currency: Currency, locale: Locale): HTMLElement {
  const price = superscriptMoney(minor, currency, locale);
  return element(
    doc,
    'span',
    { class: 'price' },
    element(doc, 'span', { class: 'visually-hidden' }, price.text),
    element(doc, 'span', { 'aria-hidden': 'true' }, price.before, element(doc, 'sup', {}, price.fraction), price.after),
  );
}

/**
 * A dish's photo as the shop's menu shows it (app/catalogue/Photo.tsx, decision 062): AVIF, else WebP, in a box of
 * the photo's shape reserved before the file arrives; lazy, as the menu is below the brand's hero.
 */
function renderPhoto(doc: ElementFactory, photo: string | null | undefined): HTMLElement | null {
  const picture = pictureSources(photo, 96);
  if (!picture) return null;
  return element(
    doc,
    'picture',
    { class: 'menu-item-photo' },
    ...picture.sources.map((source) =>
      element(doc, 'source', { type: source.type, srcset: source.srcset, sizes: '6rem' }),
    ),
    element(doc, 'img', {
      src: picture.src,
      alt: '',
      width: String(picture.width),
      height: String(picture.height),
      loading: 'lazy',
      decoding: 'async',
    }),
  );
}

/** What the menu shows in a given state; `onRetry` is called by the error state's button. */
export function renderMenu(
  doc: ElementFactory,
  state: BrandMenuState,
  labels: MenuLabels,
  onRetry: () => void,
): HTMLElement {
  if (state.status === 'error') {
    const retry = element(doc, 'button', { type: 'button', class: 'button' }, labels.retry);
    retry.addEventListener('click', onRetry);
    return element(doc, 'div', { class: 'menu-status', role: 'alert' }, element(doc, 'p', {}, labels.menuError), retry);
  }
  if (state.status !== 'ready')
    return element(
      doc,
      'div',
      { class: 'menu-status menu-loading', 'aria-busy': 'true' },
      element(doc, 'p', {}, labels.menuLoading),
    );

  const { restaurant: menu } = state;
  const categories = menu.categories.filter((category) => category.items.length > 0);
  return element(
    doc,
    'div',
    { class: 'menu', 'data-restaurant': menu.slug },
    element(
      doc,
      'p',
      { class: 'menu-restaurant' },
      labels.menuFrom,
      ' ',
      element(doc, 'strong', {}, menu.name),
      ' ',
      element(doc, 'span', { class: `badge badge-${menu.state.state}` }, labels[menu.state.state]),
    ),
    categories.length === 0 && element(doc, 'p', {}, labels.menuEmpty),
    categories.length > 0 &&
      element(
        doc,
        'nav',
        { class: 'menu-categories', 'aria-label': labels.menuFrom },
        ...categories.map((category) => element(doc, 'a', { href: `#menu-${category.id}` }, category.name)),
      ),
    ...categories.map((category) =>
      element(
        doc,
        'section',
        { id: `menu-${category.id}`, class: 'menu-category', 'aria-labelledby': `menu-h-${category.id}` },
        element(doc, 'h3', { id: `menu-h-${category.id}` }, category.name),
        element(
          doc,
          'ul',
          {},
          ...category.items.map((item) =>
            element(
              doc,
              'li',
              { class: item.unavailable ? 'menu-item is-unavailable' : 'menu-item' },
              renderPhoto(doc, item.photo),
              element(
                doc,
                'div',
                { class: 'menu-item-text' },
                element(doc, 'h4', {}, item.name),
                item.desc && element(doc, 'p', {}, item.desc),
                item.unavailable && element(doc, 'span', { class: 'badge badge-unavailable' }, labels.itemUnavailable),
              ),
              renderPrice(doc, shownPrice(item), menu.currency, labels.locale),
            ),
          ),
        ),
      ),
    ),
  );
}

/**
 * Shows `$brandMenu` inside `root` from now on and starts loading the menu at `path` (menuPath) if nothing has yet.
 * `root` starts with the loading state in the page's HTML. Returns the unsubscribe function.
 */
export function mountMenu(root: HTMLElement, path: string, labels: MenuLabels): () => void {
  const retry = () => void loadBrandMenu(path);
  const show = (state: BrandMenuState) => root.replaceChildren(renderMenu(root.ownerDocument, state, labels, retry));
  const stop = $brandMenu.listen(show);
  const current = $brandMenu.get();
  if (current.status === 'idle') retry();
  else show(current);
  return stop;
}
