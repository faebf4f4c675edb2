import type { Consent } from '#domain/country.ts';
import { pathFor } from '#domain/localized-routes.ts';
import type { FieldRule } from '#domain/errors.ts';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { CheckField } from '#app/ui/rule-fields.tsx';
import { controlProps, FieldNotes } from '#app/ui/field.tsx';
import { inLocale } from '#app/account/form-helpers.ts';
import { MarketingConsents } from '#app/account/MarketingConsents.tsx';
import type { SectionLook } from './section-props.ts';

type Marketing = 'marketingSms' | 'marketingEmail';

/**
 * The consents (spec section 5): website terms with the privacy policy and restaurant terms (agree1, agree2; hidden in
 * Ukraine), the payment provider's terms where the method needs them, and the final "I order with obligation to
 * pay" — `consents`, those the basket's country and the chosen method require (visibleConsents); then, in the shop,
 * the optional marketing consents, asked as at registration. In the call centre (look `cc`) the agent ticks what the
 * caller accepts, in the agent's words (`texts`), each named `consents.<consent>` (ids `<form>-consent-<consent>`).
 */
export function ConsentFields({
  form,
  look = 'shop',
  locale,
  consents,
  values,
  errors,
  setField,
  marketing,
  texts,
}: {
  form: string;
  look?: SectionLook;
  locale: UiLocale;
  consents: Consent[];
  values: Record<Consent, boolean>;
  errors: Partial<Record<Consent, FieldRule>>;
  setField: (field: Consent, checked: boolean) => void;
  /** The optional marketing consents (the shop's), and how one is set. */
  marketing?: { values: Record<Marketing, boolean>; set: (field: Marketing, checked: boolean) => void };
  /** The call centre's legend and labels (its messages stay out of the shop's pages). */
  texts?: { legend: string; labels: Record<Consent, string> };
}) {
  const t = inLocale(locale);
  if (look === 'cc' && texts)
    return (
      <fieldset className="cc-choices">
        <legend>{texts.legend}</legend>
        {consents.map((consent) => {
          // The call centre's choice look (a label around its box), kept as the agents know it.
          const frame = {
            id: `${form}-consent-${consent}`,
            label: texts.labels[consent],
            error: errors[consent] && fieldMessage(errors[consent], locale),
            look: 'cc' as const,
          };
          return (
            <div key={consent}>
              <label className="cc-choice">
                <input
                  type="checkbox"
                  name={`consents.${consent}`}
                  checked={values[consent]}
                  onChange={(event) => setField(consent, event.target.checked)}
                  {...controlProps(frame)}
                />
                <span>{frame.label}</span>
              </label>
              <FieldNotes {...frame} />
            </div>
          );
        })}
      </fieldset>
    );
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
      {consents.map((consent) => (
        <CheckField
          key={consent}
          form={form}
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
      {marketing && (
        <>
          <p className="checkout-subheading">{m.checkout_marketing({}, t)}</p>
          <MarketingConsents
            form={form}
            locale={locale}
            values={marketing.values}
            onChange={(name, checked) => marketing.set(name, checked)}
          />
        </>
      )}
    </fieldset>
  );
}
