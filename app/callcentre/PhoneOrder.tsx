import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import type { MenuTexts } from '#app/catalogue/types.ts';
import { CallerBasket } from './CallerBasket.tsx';
import { CallerLookup } from './CallerLookup.tsx';
import { MenuPicker } from './MenuPicker.tsx';
import { OrderForm } from './OrderForm.tsx';
import { PlacedOrder } from './PlacedOrder.tsx';
import { $placed, resumeBasket } from './phone-order.ts';
import { RestaurantFinder } from './RestaurantFinder.tsx';
import type { UiLocale } from './texts.ts';
import { useHydrated } from '#app/account/form-helpers.ts';
import './phone-order.css';

/**
 * The call centre's new-order screen: the caller (by phone) and the restaurant with its menu on one side, the
 * caller's basket and the order form on the other; after placing, the order's confirmation until the next call.
 */
export default function PhoneOrder({ locale, menuTexts }: { locale: UiLocale; menuTexts: MenuTexts }) {
  const hydrated = useHydrated();
  const placed = useStore($placed);
  useEffect(() => {
    void resumeBasket();
  }, []);

  if (placed) return <PlacedOrder locale={locale} />;
  return (
    <div className="cc-screen">
      <div className="cc-column">
        <CallerLookup locale={locale} hydrated={hydrated} />
        <RestaurantFinder locale={locale} hydrated={hydrated} />
        <MenuPicker locale={locale} hydrated={hydrated} menuTexts={menuTexts} />
      </div>
      <div className="cc-column">
        <CallerBasket locale={locale} hydrated={hydrated} />
        <OrderForm locale={locale} hydrated={hydrated} />
      </div>
    </div>
  );
}
