import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { moneyParts, type Currency } from '#server/domain/money.ts';
import { stripEmoji } from '#server/domain/orders.ts';
import { $brandMenu, loadBrandMenu, shownPrice } from '#app/stores/brand-menu.ts';

export type MenuLabels = {
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

function Price({ minor, currency }: { minor: number; currency: Currency }) {
  const p = moneyParts(minor, currency);
  // Decimals as superscript (spec section 9); the label keeps it one number for screen readers.
  return (
    <span className="price" aria-label={`${p.sign}${p.prefix}${p.whole}.${p.fraction}${p.suffix}`}>
      {p.sign}
      {p.prefix}
      {p.whole}
      <sup>{p.fraction}</sup>
      {p.suffix}
    </span>
  );
}

/** The default restaurant's menu, read-only: guests order through the apps or the shop. */
export default function Menu({ restaurant, labels }: { restaurant: string; labels: MenuLabels }) {
  const state = useStore($brandMenu);
  useEffect(() => {
    if ($brandMenu.get().status === 'idle') void loadBrandMenu(restaurant);
  }, [restaurant]);

  if (state.status === 'error')
    return (
      <div className="menu-status" role="alert">
        <p>{labels.menuError}</p>
        <button type="button" className="button" onClick={() => void loadBrandMenu(restaurant)}>
          {labels.retry}
        </button>
      </div>
    );
  if (state.status !== 'ready')
    return (
      <div className="menu-status menu-loading" aria-busy="true">
        <p>{labels.menuLoading}</p>
      </div>
    );

  const { restaurant: menu } = state;
  const categories = menu.categories.filter((category) => category.items.length > 0);
  return (
    <div className="menu" data-restaurant={menu.slug}>
      <p className="menu-restaurant">
        {labels.menuFrom} <strong>{menu.name}</strong>{' '}
        <span className={`badge badge-${menu.state.state}`}>{labels[menu.state.state]}</span>
      </p>
      {categories.length === 0 && <p>{labels.menuEmpty}</p>}
      {categories.length > 0 && (
        <nav className="menu-categories" aria-label={labels.menuFrom}>
          {categories.map((category) => (
            <a key={category.id} href={`#menu-${category.id}`}>
              {stripEmoji(category.name)}
            </a>
          ))}
        </nav>
      )}
      {categories.map((category) => (
        <section
          key={category.id}
          id={`menu-${category.id}`}
          className="menu-category"
          aria-labelledby={`menu-h-${category.id}`}
        >
          <h3 id={`menu-h-${category.id}`}>{stripEmoji(category.name)}</h3>
          <ul>
            {category.items.map((item) => (
              <li key={item.id} className={item.unavailable ? 'menu-item is-unavailable' : 'menu-item'}>
                <div>
                  <h4>{stripEmoji(item.name)}</h4>
                  {item.desc && <p>{item.desc}</p>}
                  {item.unavailable && <span className="badge badge-unavailable">{labels.itemUnavailable}</span>}
                </div>
                <Price minor={shownPrice(item)} currency={menu.currency} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
