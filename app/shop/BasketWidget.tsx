import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import type { Locale } from '#domain/localized-routes.ts';
import { formatMoney } from '#domain/money.ts';
import { brandGroups, nameIn, type BasketLine, type BrandLogos } from '#app/basket/basket-view.ts';
import { BrandName } from '#app/basket/BrandName.tsx';
import { $basket, basketFetch, loadBasket } from '#app/stores/basket.ts';
import { useDropdown, useHydrated } from './use-dropdown.ts';

export type BasketWidgetLabels = {
  label: string;
  /** "Items in basket: {count}", with {count} left in for the island to fill. */
  count: string;
  empty: string;
  total: string;
  open: string;
  loading: string;
  error: string;
  retry: string;
};

/**
 * The navbar's basket: item count and total in the basket's currency, and a fixed-width dropdown of its lines (named
 * in the page's language, under their brands' logos in a shared basket, issue 35) with a link to the basket page.
 */
export default function BasketWidget({
  labels,
  basketHref,
  locale,
  logos,
}: {
  labels: BasketWidgetLabels;
  basketHref: string;
  locale: Locale;
  logos: BrandLogos;
}) {
  const hydrated = useHydrated();
  // Another island may have loaded the basket before this one hydrates: the first render is the server's (nothing
  // loaded), the store's state once hydrated, so the HTML and the first client render always agree.
  const loaded = useStore($basket);
  const fetchState = useStore(basketFetch.$state);
  const basket = hydrated ? loaded : null;
  const pending = hydrated && fetchState.pending;
  const error = hydrated && fetchState.error;
  const { container, buttonProps, panelProps } = useDropdown();
  useEffect(() => void loadBasket(), []);

  const count = basket?.itemCount ?? 0;
  const total = basket ? formatMoney(basket.summary.totalValue, basket.currency, locale) : '';
  const groups = basket ? brandGroups(basket) : [];
  const lineItem = (line: BasketLine) => (
    <li key={line.id}>
      <span>
        {line.quantity} × {nameIn(line.name, line.names, locale)}
      </span>
      <span>{formatMoney(line.totalPrice, basket!.currency, locale)}</span>
    </li>
  );
  return (
    <div className="dropdown basket" ref={container}>
      <button {...buttonProps} className="nav-button basket-button" disabled={!hydrated}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="currentColor"
            d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.6 2H21l-2.7 8.1a2 2 0 0 1-1.9 1.4H8.6a2 2 0 0 1-1.9-1.5L4 2H1V0"
            transform="translate(0 1)"
          />
        </svg>
        <span className="visually-hidden">{labels.label}: </span>
        <span className="basket-count" aria-label={labels.count.replace('{count}', String(count))}>
          {count}
        </span>
        {count > 0 && <span className="basket-total">{total}</span>}
      </button>
      <div {...panelProps} className="dropdown-panel basket-panel">
        <p className="panel-title">{labels.label}</p>
        {pending && !basket && <p aria-live="polite">{labels.loading}</p>}
        {error && !basket && (
          <p className="form-failed">
            {labels.error}{' '}
            <button type="button" className="link-button" onClick={() => void loadBasket()}>
              {labels.retry}
            </button>
          </p>
        )}
        {basket && basket.lines.length === 0 && <p>{labels.empty}</p>}
        {basket && basket.lines.length > 0 && (
          <>
            <ul className="basket-lines">
              {groups.length === 0
                ? basket.lines.map(lineItem)
                : groups.map(({ brand, lines }) => (
                    <li key={brand.restaurantId} className="basket-lines-brand" data-brand={brand.conceptSlug}>
                      <BrandName name={brand.conceptName} logo={logos[brand.conceptSlug]} />
                      <ul>{lines.map(lineItem)}</ul>
                    </li>
                  ))}
            </ul>
            <p className="basket-sum">
              <span>{labels.total}</span>
              <strong>{total}</strong>
            </p>
            <a className="button" href={basketHref}>
              {labels.open}
            </a>
          </>
        )}
      </div>
    </div>
  );
}
