import type { Locale } from '#domain/localized-routes.ts';
import { formatMoney, type Currency } from '#domain/money.ts';
import { MAX_LINE_QUANTITY } from '#app/stores/basket-actions.ts';
import { fill } from '#app/catalogue/texts.ts';
import { Photo } from '#app/catalogue/Photo.tsx';
import { lineText, type BasketLine } from './basket-view.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import { Allergens } from '#app/allergens/Allergens.tsx';
import type { BasketTexts } from './texts.ts';

type Props = {
  line: BasketLine;
  currency: Currency;
  locale: Locale;
  texts: BasketTexts;
  onQuantity: (line: BasketLine, delta: 1 | -1) => void;
  onRemove: (line: BasketLine) => void;
  /** Under a brand's heading (a shared basket, issue 35): the item's name is a heading one level below it. */
  nested?: boolean;
};

/**
 * One basket line: the item and its chosen options in the page's language, its price, quantity and removal, and why
 * it stops the order when it does (its dish is unavailable, or its brand closed while the kitchen is open).
 */
export function BasketLineItem({ line, currency, locale, texts, onQuantity, onRemove, nested }: Props) {
  const { name, options } = lineText(line, locale);
  const Heading = nested ? 'h4' : 'h3';
  const closed = line.blocked === 'restaurantClosed' && !line.unavailable;
  return (
    <li
      className={line.unavailable || line.blocked ? 'basket-line unavailable' : 'basket-line'}
      data-line={line.id}
      data-blocked={line.blocked ?? undefined}
    >
      <div className="basket-line-main">
        <Photo photo={line.photo} width={64} sizes="4rem" lazy={false} className="basket-line-photo" />
        <div className="basket-line-text">
          <Heading>{name}</Heading>
          {options.length > 0 && (
            <ul className="basket-line-options">
              {options.map((option, i) => (
                <li key={i}>
                  <span className="group">{option.group}:</span> {option.name}
                </li>
              ))}
            </ul>
          )}
          <Allergens info={line.allergens} texts={texts.allergens} />
          {line.unavailable && <p className="basket-line-unavailable">{texts.lineUnavailable}</p>}
          {closed && <p className="basket-line-unavailable">{texts.errors['restaurantClosed']}</p>}
          <p className="basket-line-unit">
            {fill(texts.unitPrice, { price: formatMoney(line.unitPrice, currency, locale) })}
          </p>
        </div>
      </div>
      <div className="basket-line-controls">
        <QuantityStepper
          quantity={line.quantity}
          max={MAX_LINE_QUANTITY}
          quantityLabel={`${texts.quantity}: ${name}`}
          decreaseLabel={fill(texts.decrease, { item: name })}
          increaseLabel={fill(texts.increase, { item: name })}
          onChange={(delta) => onQuantity(line, delta)}
        />
        <strong className="basket-line-total" data-line-total={line.totalPrice}>
          {formatMoney(line.totalPrice, currency, locale)}
        </strong>
        <button
          type="button"
          className="link-button basket-line-remove"
          aria-label={fill(texts.removeItem, { item: name })}
          onClick={() => onRemove(line)}
        >
          {texts.remove}
        </button>
      </div>
    </li>
  );
}
