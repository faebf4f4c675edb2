import type { Locale } from '#domain/localized-routes.ts';
import { formatMoney } from '#domain/money.ts';
import type { Basket } from '#app/stores/basket.ts';
import { fill } from './texts.ts';
import type { MenuTexts } from './types.ts';

/** The basket's count and total at the bottom of the menu, once something is in it; a link to the basket. */
export function BasketBar({
  basket,
  locale,
  basketPath,
  texts,
}: {
  basket: Basket | null;
  locale: Locale;
  basketPath: string;
  texts: MenuTexts;
}) {
  return (
    <div className="basket-bar" aria-live="polite">
      {basket && basket.itemCount > 0 && (
        <a href={basketPath}>
          <span data-basket-count={basket.itemCount}>{fill(texts.basketCount, { count: basket.itemCount })}</span>
          <strong data-basket-total={basket.summary.totalValue}>
            {fill(texts.basketTotal, { total: formatMoney(basket.summary.totalValue, basket.currency, locale) })}
          </strong>
          <span className="go">{texts.basketGo}</span>
        </a>
      )}
    </div>
  );
}
