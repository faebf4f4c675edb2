import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { pathFor, type Locale } from '#domain/localized-routes.ts';
import { $basket, basketFetch, loadBasket } from '#app/stores/basket.ts';
import {
  $basketBusy,
  $basketError,
  changeLineQuantity,
  clearBasket,
  removeLine,
  removeLines,
} from '#app/stores/basket-actions.ts';
import { useHydrated } from '#app/shop/use-dropdown.ts';
import { fill } from '#app/catalogue/texts.ts';
import { blockedLines, brandGroups, lineText, type BasketLine, type BrandLogos } from './basket-view.ts';
import { BasketLineItem } from './BasketLineItem.tsx';
import { BrandName } from './BrandName.tsx';
import BasketTotals from './BasketTotals.tsx';
import { ClearBasketDialog } from './ClearBasketDialog.tsx';
import { DeliveryMethodPicker } from './DeliveryMethodPicker.tsx';
import { DiscountCodeForm } from './DiscountCodeForm.tsx';
import { SummaryGate } from './SummaryGate.tsx';
import type { BasketTexts } from './texts.ts';
import { Notice } from '#app/ui/notice.tsx';
import { KitchenBadge } from '#app/capacity/KitchenBadge.tsx';
import './basket-page.css';

export type BasketPageProps = { locale: Locale; texts: BasketTexts; logos: BrandLogos };

/**
 * The basket page's island. The static page holds its loading state (nothing to send before the island runs); once
 * the basket has come from the server it shows the lines, the delivery method, the discount code, the summary lines
 * and the way on to the summary. An empty basket sends the visitor to the home page of the page's language (spec
 * section 2), also when the last line goes. A shared basket (issue 35) shows its lines under their brands, and offers to
 * remove just the lines that stop the order.
 */
export default function BasketPage({ locale, texts, logos }: BasketPageProps) {
  const id = useId();
  // The navbar's basket widget may load the basket first: render the server's state (loading) until mounted.
  const hydrated = useHydrated();
  const loaded = useStore($basket);
  const fetchState = useStore(basketFetch.$state);
  const busy = useStore($basketBusy);
  const error = useStore($basketError);
  const basket = hydrated ? loaded : null;
  const [confirmClear, setConfirmClear] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const homeHref = pathFor('home', locale);
  const empty = basket !== null && basket.lines.length === 0;

  useEffect(() => void loadBasket(), []);
  useEffect(() => {
    if (empty) window.location.replace(homeHref);
  }, [empty, homeHref]);

  if (!basket || empty) {
    if (hydrated && fetchState.error && !basket)
      return (
        <div className="basket-loading" role="alert">
          <p>{texts.loadError}</p>
          <button type="button" className="button" onClick={() => void loadBasket()}>
            {texts.retry}
          </button>
        </div>
      );
    return (
      <Notice tone="news" className="basket-loading">
        {texts.loading}
      </Notice>
    );
  }

  const nameOf = (line: BasketLine) => lineText(line, locale).name;
  const changeQuantity = async (line: BasketLine, delta: 1 | -1) => {
    if (!(await changeLineQuantity(line.id, delta))) return;
    const now = $basket.get()?.lines.find((l) => l.id === line.id);
    if (now) setAnnouncement(fill(texts.quantityChanged, { item: nameOf(line), count: now.quantity }));
  };
  const remove = async (line: BasketLine) => {
    if (!(await removeLine(line.id))) return;
    setAnnouncement(fill(texts.removed, { item: nameOf(line) }));
    // The removed line's button is gone: the focus goes to the list's heading rather than to the page's start.
    heading.current?.focus();
  };
  const removeBlocked = async () => {
    if (!(await removeLines(blockedLines(basket).map((line) => line.id)))) return;
    setAnnouncement(texts.removedBlocked);
    heading.current?.focus();
  };
  // Emptied, the page goes home (the effect above); refused, the dialog closes on the error it shows.
  const clear = async () => {
    if (!(await clearBasket())) setConfirmClear(false);
  };

  const restaurant = basket.restaurant;
  const errorText = error ? (texts.errors[error] ?? texts.errors['internalError']) : null;
  const groups = brandGroups(basket);
  const blocked = blockedLines(basket).length > 0;
  const lineItem = (line: BasketLine) => (
    <BasketLineItem
      key={line.id}
      line={line}
      currency={basket.currency}
      locale={locale}
      texts={texts}
      onQuantity={(l, delta) => void changeQuantity(l, delta)}
      onRemove={(l) => void remove(l)}
      nested={groups.length > 0}
    />
  );
  return (
    <div className="basket-layout">
      <div className="basket-main">
        <section className="basket-card basket-lines-card" aria-labelledby={`${id}-lines`}>
          <div className="basket-lines-head">
            <h2 id={`${id}-lines`} ref={heading} tabIndex={-1}>
              {groups.length > 0
                ? texts.linesTitleShared
                : fill(texts.linesTitle, { restaurant: restaurant?.name ?? '' })}
            </h2>
            {restaurant && groups.length === 0 && (
              <a href={pathFor('restaurant', locale, { slug: restaurant.slug })}>{texts.backToMenu}</a>
            )}
          </div>
          {errorText && (
            <p role="alert" className="basket-alert" data-error={error}>
              {errorText}
            </p>
          )}
          {blocked && (
            <div className="basket-blocked-lines">
              <p>{texts.blockedLines}</p>
              <button type="button" className="button" disabled={busy} onClick={() => void removeBlocked()}>
                {texts.removeBlocked}
              </button>
            </div>
          )}
          {groups.length === 0 ? (
            <ul className="basket-line-list">{basket.lines.map(lineItem)}</ul>
          ) : (
            groups.map(({ brand, lines }) => (
              <section
                key={brand.restaurantId}
                className="basket-brand"
                aria-labelledby={`${id}-brand-${brand.restaurantId}`}
                data-brand={brand.conceptSlug}
              >
                <div className="basket-brand-head">
                  <h3 id={`${id}-brand-${brand.restaurantId}`}>
                    <BrandName name={brand.conceptName} logo={logos[brand.conceptSlug]} />
                  </h3>
                  <a
                    href={pathFor('restaurant', locale, { slug: brand.slug })}
                    aria-label={`${texts.brandMenu}: ${brand.conceptName}`}
                  >
                    {texts.brandMenu}
                  </a>
                </div>
                <ul className="basket-line-list">{lines.map(lineItem)}</ul>
              </section>
            ))
          )}
          <button type="button" className="link-button basket-clear" onClick={() => setConfirmClear(true)}>
            {texts.clear}
          </button>
        </section>
        <DeliveryMethodPicker basket={basket} texts={texts} />
        <DiscountCodeForm discount={basket.discount} busy={busy} texts={texts} />
      </div>
      <div className="basket-side">
        <div className="basket-card">
          <KitchenBadge kitchen={basket.kitchen?.now} timeZone={basket.restaurant?.timeZone ?? 'UTC'} locale={locale} />
          <BasketTotals basket={basket} locale={locale} labels={texts.totals} />
          <SummaryGate basket={basket} locale={locale} summaryHref={pathFor('summary', locale)} texts={texts} />
        </div>
      </div>
      <Notice tone="news" className="visually-hidden">
        {announcement}
      </Notice>
      {confirmClear && (
        <ClearBasketDialog
          texts={texts}
          busy={busy}
          onConfirm={() => void clear()}
          onCancel={() => setConfirmClear(false)}
        />
      )}
    </div>
  );
}
