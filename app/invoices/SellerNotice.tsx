import { pathFor } from '#domain/localized-routes.ts';
import type { LegalEntity } from '#domain/invoice.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import './invoice.css';

/** The seller's identifiers as written on its documents: NIP in Poland, ЄДРПОУ in Ukraine. */
export const sellerIdentifiers = (seller: LegalEntity, country: string) =>
  `${country === 'ua' ? 'ЄДРПОУ' : 'NIP'} ${seller.taxId} · ${seller.register}`;

/**
 * Who sells (the brand's legal entity), and, before ordering, the restaurant terms and the withdrawal exception
 * (issue 36): shown right before the order button, on the status page and in my orders.
 */
export function SellerNotice({
  seller,
  country,
  locale,
  beforeOrdering = false,
  heading = 'h2',
}: {
  seller: LegalEntity | null;
  country: string;
  locale: UiLocale;
  /** Adds the restaurant terms and the withdrawal exception (the checkout's last step). */
  beforeOrdering?: boolean;
  heading?: 'h2' | 'h3';
}) {
  const t = inLocale(locale);
  const Heading = heading;
  if (!seller && !beforeOrdering) return null;
  return (
    <section className="seller-notice" aria-label={m.seller_title({}, t)}>
      {seller && (
        <>
          <Heading>{m.seller_title({}, t)}</Heading>
          <address>
            {seller.name}, {seller.street}, {seller.zip} {seller.city}
            <br />
            {sellerIdentifiers(seller, country)}
          </address>
        </>
      )}
      {beforeOrdering && (
        <>
          <p className="seller-withdrawal">{m.seller_withdrawal({}, t)}</p>
          <p>
            <a href={pathFor('restaurantTerms', locale)} target="_blank" rel="noopener">
              {m.seller_termsLink({}, t)}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
