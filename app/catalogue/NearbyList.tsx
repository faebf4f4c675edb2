import { formatMoney } from '#domain/money.ts';
import { pathFor } from '#domain/localized-routes.ts';
import type { UiLocale } from '#i18n/messages.ts';
import type { NearbyState } from '#app/stores/nearby.ts';
import { fill } from './texts.ts';
import type { AddressTexts } from './address-types.ts';

/** The restaurants that deliver to the entered address, open ones first, or why there are none. */
export function NearbyList({ state, locale, texts }: { state: NearbyState; locale: UiLocale; texts: AddressTexts }) {
  if (state.status === 'idle') return <p className="nearby-note">{texts.hint}</p>;
  if (state.status === 'loading') return <p className="nearby-note">{texts.loading}</p>;
  if (state.status === 'error') return <p className="nearby-note error">{texts.error}</p>;
  if (state.restaurants.length === 0) return <p className="nearby-note empty">{texts.empty}</p>;
  // Every restaurant of the first (usually the only) city delivering here, beyond those that reach this address.
  const city = state.restaurants[0]!.location;
  return (
    <>
      <ul className="nearby-list">
        {state.restaurants.map((r) => (
          <li key={r.id}>
            <a href={pathFor('restaurant', locale, { slug: r.slug })}>
              <strong>{r.name}</strong>
              <span>
                {r.location.street} {r.location.no}, {r.location.city}
              </span>
              <span className={`state ${r.state.state}`}>{texts[r.state.state]}</span>
              <span>{fill(texts.deliveryCost, { price: formatMoney(r.deliveryValue, r.currency, locale) })}</span>
            </a>
          </li>
        ))}
      </ul>
      <p>
        <a className="nearby-city" href={pathFor('city', locale, { slug: city.citySlug })}>
          {fill(texts.cityLink, { city: city.city })}
        </a>
      </p>
    </>
  );
}
