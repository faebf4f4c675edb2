import { useStore } from '#app/stores/use-store.ts';
import type { Consent } from '#domain/country.ts';
import { pathFor } from '#domain/localized-routes.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { CheckField } from '#app/ui/rule-fields.tsx';
import { inLocale } from '#app/account/form-helpers.ts';
import { MarketingConsents } from '#app/account/MarketingConsents.tsx';
import { visibleConsents } from './checkout-form.ts';
import { $errors, $setup, $values, setField } from '#app/stores/checkout.ts';

/**
 * The consents (spec section 5): website terms with the privacy policy and restaurant terms (agree1, agree2; hidden in
 * Ukraine), the payment provider's terms where the method needs them, and the final "I order with obligation to
 * pay"; then the optional marketing consents, asked as at registration.
 */
export function ConsentFields({ locale }: { locale: UiLocale }) {
  const values = useStore($values);
  const errors = useStore($errors);
  const { basket } = useStore($setup);
  const t = inLocale(locale);
  const shown = visibleConsents(basket?.country ?? 'pl', values.paymentMethod);
  const link = (href: string, label: string) => (
    <a href={href} target="_blank" rel="noopener">
      {label}
    </a>
  );
  const extra: Partial<Record<Consent, React.ReactNode>> = {
    agree1: (
      <span className="checkout-consent-links">
        {' '}
        ({link(pathFor('terms', locale), m.checkout_link_terms({}, t))},{' '}
        {link(pathFor('privacyPolicy', locale), m.checkout_link_privacy({}, t))})
      </span>
    ),
    agree2: (
      <span className="checkout-consent-links">
        {' '}
        ({link(pathFor('restaurantTerms', locale), m.checkout_link_restaurantTerms({}, t))})
      </span>
    ),
  };
  const label: Record<Consent, string> = {
    agree1: m.checkout_consent_agree1({}, t),
    agree2: m.checkout_consent_agree2({}, t),
    providerTerms: m.checkout_consent_providerTerms({}, t),
    orderWithObligation: m.checkout_consent_orderWithObligation({}, t),
  };
  return (
    <fieldset className="account-fieldset">
      <legend>{m.checkout_section_consents({}, t)}</legend>
      {shown.map((consent) => (
        <CheckField
          key={consent}
          form="checkout"
          name={consent}
          required
          label={label[consent]}
          extra={extra[consent]}
          locale={locale}
          checked={values[consent]}
          error={errors[consent]}
          onChange={(checked) => setField(consent, checked)}
        />
      ))}
      <p className="checkout-subheading">{m.checkout_marketing({}, t)}</p>
      <MarketingConsents
        form="checkout"
        locale={locale}
        values={{ marketingSms: values.marketingSms, marketingEmail: values.marketingEmail }}
        onChange={(name, checked) => setField(name, checked)}
      />
    </fieldset>
  );
}
