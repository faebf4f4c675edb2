import { useState } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { ItemDialog } from '#app/catalogue/ItemDialog.tsx';
import type { MenuItem, MenuTexts } from '#app/catalogue/types.ts';
import { formatMoney } from '#domain/money.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $basket, $busy, $failure, $menu, addItem, closeMenu, emptyBasket } from './phone-order.ts';
import { kitchenFit } from './kitchen-fit.ts';
import { inLocale, type UiLocale } from './texts.ts';
import { Notice } from '#app/ui/notice.tsx';
import { DishAllergens } from '#app/allergens/DishAllergens.tsx';

/**
 * The open restaurant's menu by category. A dish with options opens the shop's own item dialog (the same
 * required / min / max rules, app/catalogue/item-choice.ts); a plain one goes into the caller's basket at once.
 */
export function MenuPicker(props: { locale: UiLocale; hydrated: boolean; menuTexts: MenuTexts }) {
  const { locale, hydrated, menuTexts } = props;
  const t = inLocale(locale);
  const menu = useStore($menu);
  const basket = useStore($basket);
  const busy = useStore($busy);
  const failure = useStore($failure);
  const [choosing, setChoosing] = useState<MenuItem | null>(null);
  if (!menu) return null;
  const orderable = menu.state.state !== 'unavailable';
  const basketError = failure?.section === 'basket' ? (menuTexts.errors[failure.key] ?? null) : null;
  // Said before the agent adds a dish, not after the server refuses it (issue 35).
  const fit = kitchenFit(basket, menu);

  const add = async (item: MenuItem, optionIds: number[], quantity: number) => {
    if (await addItem({ menuItemId: item.id, quantity, optionIds })) setChoosing(null);
  };

  return (
    <section className="cc-card cc-menu" aria-labelledby="cc-menu-title">
      <div className="cc-heading">
        <h2 id="cc-menu-title">{m.cc_menu_of({ name: menu.name }, t)}</h2>
        <button type="button" className="link-button" onClick={closeMenu}>
          {m.cc_close_menu({}, t)}
        </button>
      </div>
      {fit === 'sameBasket' && (
        <Notice tone="news" className="cc-notice">
          {m.cc_menu_sameBasket({}, t)}
        </Notice>
      )}
      {fit === 'needsEmpty' && (
        <Notice tone="news" className="cc-notice cc-notice-warning">
          {m.cc_menu_needsEmpty({}, t)}{' '}
          <button type="button" className="link-button" disabled={!hydrated || busy} onClick={() => void emptyBasket()}>
            {m.cc_clear({}, t)}
          </button>
        </Notice>
      )}
      {menu.categories.map((category) => (
        <div key={category.id} className="cc-category">
          <h3>{category.name}</h3>
          <ul className="cc-list">
            {category.items.map((item) => (
              <li key={item.id}>
                <span>
                  <strong>{item.name}</strong> · {formatMoney(item.price, menu.currency, locale)}
                  {item.unavailable && <em> · {menuTexts.itemUnavailable}</em>}
                  <DishAllergens item={item} texts={menuTexts.allergens} />
                </span>
                <button
                  type="button"
                  className="button cc-small"
                  disabled={!hydrated || busy || item.unavailable || !orderable}
                  aria-label={m.cc_add({ name: item.name }, t)}
                  onClick={() => (item.groups.length > 0 ? setChoosing(item) : void add(item, [], 1))}
                >
                  +
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {choosing && (
        <ItemDialog
          item={choosing}
          currency={menu.currency}
          locale={locale}
          texts={menuTexts}
          busy={busy}
          error={basketError}
          onAdd={(optionIds, quantity) => void add(choosing, optionIds, quantity)}
          onClose={() => setChoosing(null)}
        />
      )}
    </section>
  );
}
