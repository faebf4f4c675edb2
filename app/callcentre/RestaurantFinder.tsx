import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { useEarlyInput } from '#app/forms/early-input.ts';
import { errorMessage } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import {
  $basket,
  $busy,
  $failure,
  $kitchen,
  $menu,
  $restaurants,
  findRestaurants,
  openMenu,
  type RestaurantFound,
} from './phone-order.ts';
import { kitchenFit } from './kitchen-fit.ts';
import { inLocale, type UiLocale } from './texts.ts';
import { Notice } from '#app/ui/notice.tsx';
import { controlProps } from '#app/ui/field.tsx';

const STATE_TEXT = {
  open: m.catalogue_state_open,
  closed: m.catalogue_state_closed,
  unavailable: m.catalogue_state_unavailable,
} as const;

/** What a restaurant's dishes would do to the caller's basket; nothing is said while the basket is empty. */
const FIT_TEXT = {
  inBasket: m.cc_fit_inBasket,
  sameBasket: m.cc_fit_sameBasket,
  needsEmpty: m.cc_fit_needsEmpty,
} as const;

/**
 * Finds restaurants by a part of their name, their brand's or their city's, and opens one's menu. While the basket
 * holds food of a kitchen that shares baskets (issue 35), the brands cooked there come first, since their dishes join
 * the same basket; each restaurant says whether it is in the basket, joins it or needs it emptied.
 */
export function RestaurantFinder({ locale, hydrated }: { locale: UiLocale; hydrated: boolean }) {
  const t = inLocale(locale);
  const restaurants = useStore($restaurants);
  const kitchen = useStore($kitchen);
  const basket = useStore($basket);
  const menu = useStore($menu);
  const busy = useStore($busy);
  const failure = useStore($failure);
  const [query, setQuery] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, (changed) => {
    if (typeof changed['query'] === 'string') setQuery(changed['query']);
  });

  // Every restaurant at first, so the agent can pick without typing.
  useEffect(() => {
    if ($restaurants.get() === null) void findRestaurants('');
  }, []);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void findRestaurants(query);
  };

  // The search has no error of its own: a failed search or menu says so under the form, for the whole card.
  const queryField = { id: 'cc-restaurant-query', label: m.cc_restaurant_search({}, t) };
  // The kitchen's brands are listed once, above the search, and left out of its results.
  const mates = kitchen?.restaurants ?? [];
  const others = (restaurants ?? []).filter((r) => !mates.some((mate) => mate.id === r.id));

  const choice = (r: RestaurantFound) => {
    const fit = kitchenFit(basket, r);
    return (
      <li key={r.id}>
        <button
          type="button"
          className="cc-restaurant"
          aria-pressed={menu?.slug === r.slug}
          disabled={!hydrated}
          onClick={() => void openMenu(r.slug, locale)}
        >
          <span className="cc-restaurant-name">{r.name}</span>
          <span className="cc-restaurant-meta">
            {r.concept.name} · {r.location.city}
          </span>
          <span className={`cc-state cc-state-${r.state.state}`}>{STATE_TEXT[r.state.state]({}, t)}</span>
          {fit !== 'free' && <span className={`cc-fit cc-fit-${fit}`}>{FIT_TEXT[fit]({}, t)}</span>}
        </button>
      </li>
    );
  };

  return (
    <section className="cc-card" aria-labelledby="cc-restaurant-title">
      <h2 id="cc-restaurant-title">{m.cc_restaurant_title({}, t)}</h2>
      <form ref={form} method="post" className="cc-inline-form" onSubmit={submit} role="search">
        <label htmlFor={queryField.id}>{queryField.label}</label>
        <div className="cc-inline">
          <input
            {...controlProps(queryField)}
            name="query"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="submit" className="button" disabled={!hydrated || busy}>
            {m.cc_search({}, t)}
          </button>
        </div>
      </form>
      {(failure?.section === 'restaurants' || failure?.section === 'menu') && (
        <Notice tone="error" className="cc-error">
          {errorMessage(failure.key, locale)}
        </Notice>
      )}
      {mates.length > 0 && (
        <div className="cc-kitchen" role="group" aria-labelledby="cc-kitchen-title">
          <h3 id="cc-kitchen-title">{m.cc_kitchen_title({ location: mates[0]?.location.name ?? '' }, t)}</h3>
          <ul className="cc-restaurants">{mates.map(choice)}</ul>
        </div>
      )}
      {mates.length > 0 && others.length > 0 && <h3>{m.cc_other_kitchens({}, t)}</h3>}
      {restaurants?.length === 0 && <Notice tone="news">{m.cc_no_restaurants({}, t)}</Notice>}
      {others.length > 0 && <ul className="cc-restaurants">{others.map(choice)}</ul>}
    </section>
  );
}
