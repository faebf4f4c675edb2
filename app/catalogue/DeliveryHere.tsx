import { useEffect, useState } from 'react';
import { loadAddress } from '#app/stores/address.ts';
import { countryOfZip } from '#app/stores/nearby.ts';
import { api } from '#app/api-client.ts';
import { formatMoney, type Currency } from '#domain/money.ts';
import type { Locale } from '#domain/localized-routes.ts';
import { messageLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';

type Terms = { deliveryValue: number; minBasketValue: number };
type Answer = { state: 'unknown' } | { state: 'here'; terms: Terms } | { state: 'notHere'; address: string };

/**
 * The restaurant page's delivery line (issue 38): "delivery from" (the cheapest zone) as the server rendered it, and,
 * once the visitor's address kept in the browser is known, what delivery costs at that address, or that this
 * restaurant does not deliver there. The same question as the home page's "restaurants near you", so the answer is
 * the one cached for it.
 */
export default function DeliveryHere({
  restaurantId,
  currency,
  locale,
  from,
}: {
  restaurantId: number;
  currency: Currency;
  locale: Locale;
  /** "Delivery from …, minimum order …", shown until the address is known, and when there is none. */
  from: string;
}) {
  const [answer, setAnswer] = useState<Answer>({ state: 'unknown' });
  useEffect(() => {
    const address = loadAddress();
    const zip = address?.zip.trim() ?? '';
    const country = countryOfZip(zip);
    if (!address || !country) return;
    const query = {
      zip,
      country,
      lang: locale,
      ...(address.lat !== undefined && address.lng !== undefined
        ? { lat: String(address.lat), lng: String(address.lng) }
        : {}),
    };
    void api.restaurants
      .$get({ query })
      .then(async (response) => {
        if (!response.ok) return;
        const { restaurants } = await response.json();
        const here = restaurants.find((r) => r.id === restaurantId);
        setAnswer(here ? { state: 'here', terms: here.atAddress } : { state: 'notHere', address: address.fullAddress });
      })
      .catch(() => undefined);
  }, [restaurantId, locale]);

  const t = { locale: messageLocale(locale) } as const;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  return (
    <span data-testid="delivery-terms" data-state={answer.state}>
      {answer.state === 'here'
        ? m.zone_deliveryHere(
            { fee: money(answer.terms.deliveryValue), minimum: money(answer.terms.minBasketValue) },
            t,
          )
        : answer.state === 'notHere'
          ? m.zone_notHere({ address: answer.address }, t)
          : from}
    </span>
  );
}
