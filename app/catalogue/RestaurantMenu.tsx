import { windowLabel } from '#domain/menu-window-label.ts';
import { useEffect, useState } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { formatMoney } from '#domain/money.ts';
import { $basket, loadBasket } from '#app/stores/basket.ts';
import { useHydrated } from '#app/shop/use-dropdown.ts';
import {
  $basketBusy,
  $basketConflict,
  $basketError,
  addToBasket,
  clearBasketAndAdd,
  dismissBasketError,
  keepBasket,
} from '#app/stores/basket-actions.ts';
import { BasketBar } from './BasketBar.tsx';
import { CategoryArt } from './CategoryArt.tsx';
import { Photo } from './Photo.tsx';
import { ConflictDialog } from './ConflictDialog.tsx';
import { ItemDialog } from './ItemDialog.tsx';
import type { MenuItem, RestaurantMenuProps } from './types.ts';
import { Notice } from '#app/ui/notice.tsx';
import { Allergens } from '#app/allergens/Allergens.tsx';
import { allergenData } from '#app/allergens/filter-data.ts';
import { allergensOfDish } from '#domain/allergens.ts';
import { $liveAvailability, withLive } from './live-menu.ts';

/** How many dishes' photos the first screen shows at most, on a wide one (two rows of the grid's cards). */
const EAGER_PHOTOS = 6;

/**
 * The restaurant's menu by category. The server renders it into the page (search engines read every dish); the
 * island hydrates on the visitor's first touch (client:interaction), loads the basket and opens an item's dialog.
 */
export default function RestaurantMenu({
  currency,
  locale,
  orderable,
  categories: rendered,
  basketPath,
  texts,
}: RestaurantMenuProps) {
  // The navbar's basket island may have loaded the basket before this one hydrates (on the first touch): the first
  // render is the server's HTML (no basket bar), the loaded basket once hydrated. A mismatch would make React
  // re-render the whole island and lose the click that hydrated it.
  const hydrated = useHydrated();
  const loaded = useStore($basket);
  const basket = hydrated ? loaded : null;
  const conflict = useStore($basketConflict);
  const error = useStore($basketError);
  const busy = useStore($basketBusy);
  // The kitchen's changes since the page was rendered (the page's availability stream), once hydrated.
  const live = useStore($liveAvailability);
  const categories = withLive(rendered, hydrated ? live : null);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = categories.flatMap((c) => c.items).find((item) => item.id === openId) ?? null;
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    void loadBasket();
  }, []);

  const choose = (item: MenuItem) => {
    dismissBasketError();
    setAnnouncement('');
    setOpenId(item.id);
  };
  const add = async (item: MenuItem, optionIds: number[], quantity: number) => {
    const outcome = await addToBasket({ menuItemId: item.id, quantity, optionIds });
    if (outcome === 'refused') return;
    setOpenId(null);
    if (outcome === 'added') setAnnouncement(`${texts.added}: ${item.name}`);
  };

  // The first dishes are on the first screen and load at once; the rest load as they come near it.
  const firstOfEach = categories.map((_, i) => categories.slice(0, i).reduce((sum, c) => sum + c.items.length, 0));

  return (
    <div className="restaurant-menu">
      {categories.map((category, categoryIndex) => (
        <section
          key={category.id}
          id={`category-${category.id}`}
          className="category"
          aria-labelledby={`c-${category.id}`}
        >
          <div className="category-head">
            <CategoryArt name={category.name} />
            <h2 id={`c-${category.id}`}>{category.name}</h2>
          </div>
          <ul className="items">
            {category.items.map((item, itemIndex) => {
              const dish = allergensOfDish(item.allergens, item.groups);
              return (
                <li
                  key={item.id}
                  data-item-id={item.id}
                  className={item.unavailable ? 'item unavailable' : 'item'}
                  {...allergenData(dish.info)}
                >
                  <Photo
                    photo={item.photo}
                    width={120}
                    sizes="7.5rem"
                    lazy={firstOfEach[categoryIndex]! + itemIndex >= EAGER_PHOTOS}
                    className="item-photo"
                  />
                  <div className="item-text">
                    <h3>{item.name}</h3>
                    {item.desc && <p>{item.desc}</p>}
                    {item.availability && (
                      <p className="item-window">
                        {texts.availableBetween.replace('{hours}', item.availability.map(windowLabel).join(', '))}
                      </p>
                    )}
                    <Allergens
                      info={dish.info}
                      texts={texts.allergens}
                      optionsAdd={dish.optionsAdd ? texts.allergens.optionsAdd : undefined}
                    />
                    <p className="item-price">
                      {item.unavailable
                        ? texts.itemUnavailable
                        : formatMoney(item.resetPrices ? 0 : item.price, currency, locale)}
                    </p>
                  </div>
                  {orderable && !item.unavailable && (
                    <button
                      type="button"
                      className="add"
                      data-item={item.id}
                      aria-haspopup="dialog"
                      aria-label={`${texts.add}: ${item.name}`}
                      onClick={() => choose(item)}
                    >
                      +
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <Notice tone="news" className="visually-hidden">
        {announcement}
      </Notice>
      <BasketBar basket={basket} locale={locale} basketPath={basketPath} texts={texts} />
      {open && (
        <ItemDialog
          item={open}
          currency={currency}
          locale={locale}
          texts={texts}
          busy={busy}
          error={error ? (texts.errors[error] ?? texts.errors['internalError'] ?? null) : null}
          onAdd={(optionIds, quantity) => void add(open, optionIds, quantity)}
          onClose={() => setOpenId(null)}
        />
      )}
      {conflict && (
        <ConflictDialog
          errorKey={conflict.key}
          texts={texts}
          onKeep={keepBasket}
          onClear={() =>
            void clearBasketAndAdd().then((outcome) => {
              if (outcome === 'added') setAnnouncement(texts.added);
            })
          }
        />
      )}
    </div>
  );
}
