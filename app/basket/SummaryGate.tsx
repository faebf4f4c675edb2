import { useId } from 'react';
import type { Locale } from '#domain/localized-routes.ts';
import { formatMoney } from '#domain/money.ts';
import { missingForMinimum } from '#domain/pricing.ts';
import type { Basket } from '#app/stores/basket.ts';
import { fill } from '#app/catalogue/texts.ts';
import { openingTime } from '#domain/opening-time.ts';
import { summaryBlockers } from './basket-view.ts';
import type { BasketTexts } from './texts.ts';

type Props = { basket: Basket; locale: Locale; summaryHref: string; texts: BasketTexts };

/**
 * The minimum order value, with how much is missing, and the way on to the summary: a link when nothing stops the
 * order, else a disabled button with the reasons under it (the checkout's own error sentences).
 */
export function SummaryGate({ basket, locale, summaryHref, texts }: Props) {
  const id = useId();
  const { minBasketValue } = basket.summary;
  const missing = missingForMinimum(basket.summary);
  const blockers = summaryBlockers(basket);
  const money = (minor: number) => formatMoney(minor, basket.currency, locale);
  const restaurant = basket.restaurant;
  const opens =
    restaurant?.state.state === 'closed' && restaurant.state.nextOpening
      ? openingTime(restaurant.state.nextOpening, texts.lang, restaurant.timeZone)
      : null;
  return (
    <div className="basket-next">
      {minBasketValue > 0 && (
        <p className={missing > 0 ? 'basket-minimum short' : 'basket-minimum'} data-missing={missing}>
          {fill(texts.minimum, { minimum: money(minBasketValue) })}
          {missing > 0 && <strong> {fill(texts.minimumMissing, { missing: money(missing) })}</strong>}
        </p>
      )}
      {blockers.length === 0 ? (
        <a className="button basket-go" href={summaryHref}>
          {texts.goToSummary}
        </a>
      ) : (
        <>
          <button type="button" className="button basket-go" disabled aria-describedby={`${id}-reasons`}>
            {texts.goToSummary}
          </button>
          <div id={`${id}-reasons`} className="basket-blocked">
            <p>{texts.blocked}</p>
            <ul>
              {blockers.map((blocker) => (
                <li key={blocker.key} data-blocker={blocker.key}>
                  {texts.errors[blocker.key] ?? texts.errors['internalError']}
                  {blocker.key === 'restaurantClosed' && opens && ` ${fill(texts.opensAt, { time: opens })}`}
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </div>
  );
}
