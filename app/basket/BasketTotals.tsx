import { useId } from 'react';
import type { Locale } from '#domain/localized-routes.ts';
import { formatMoney } from '#domain/money.ts';
import type { Basket } from '#app/stores/basket.ts';
import { fill } from '#app/catalogue/texts.ts';
import type { BasketTotalsLabels } from './texts.ts';
import './basket-totals.css';

type Props = {
  /** The priced basket as the basket API answers it (GET /api/basket and every change). */
  basket: Basket;
  /** The page's language: amounts are written as it writes them. */
  locale: Locale;
  labels: BasketTotalsLabels;
  /** The title's level: 2 on the basket page, 3 inside the summary page's recap (which has its own h2). */
  headingLevel?: 2 | 3;
};

/** The name of the discount line: its code, with the percent of a percentage code (spec section 3). */
function discountLabel(discount: NonNullable<Basket['discount']>, labels: BasketTotalsLabels): string {
  const name = fill(labels.discount, { code: discount.code });
  if (discount.type === 'percentage') return `${name} (${discount.value}%)`;
  if (discount.type === 'freeDelivery') return `${name} (${labels.discountFreeDelivery})`;
  return name;
}

/**
 * The spec's summary lines, in its order: service fee, items, delivery (0 for pickup, as the server prices it),
 * discount, the extra fee of a small order, total; in the basket's currency. The discount line shows once a code is
 * applied and the extra fee once it is charged. Shared by the basket and the summary page.
 */
export default function BasketTotals({ basket, locale, labels, headingLevel = 2 }: Props) {
  const id = useId();
  const { summary, currency, discount } = basket;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const threshold = basket.restaurant?.smallOrderThreshold;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className="basket-totals" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{labels.title}</Heading>
      <dl>
        <div data-total="serviceFee">
          <dt>{labels.serviceFee}</dt>
          <dd>{money(summary.serviceFee)}</dd>
        </div>
        <div data-total="items">
          <dt>{labels.items}</dt>
          <dd>{money(summary.productsValue)}</dd>
        </div>
        <div data-total="delivery">
          <dt>{labels.delivery}</dt>
          <dd>{money(summary.deliveryValue)}</dd>
        </div>
        {discount && (
          <div data-total="discount" className={discount.active ? 'basket-discount' : 'basket-discount inactive'}>
            <dt>{discountLabel(discount, labels)}</dt>
            <dd>{money(-summary.discountValue)}</dd>
          </div>
        )}
        {summary.extraFee > 0 && (
          <div data-total="extraFee">
            <dt>
              {labels.extraFee}
              {threshold !== undefined && <small>{fill(labels.extraFeeHint, { threshold: money(threshold) })}</small>}
            </dt>
            <dd>{money(summary.extraFee)}</dd>
          </div>
        )}
        <div data-total="total" className="basket-total-line" data-value={summary.totalValue}>
          <dt>{labels.total}</dt>
          <dd>{money(summary.totalValue)}</dd>
        </div>
      </dl>
    </section>
  );
}
