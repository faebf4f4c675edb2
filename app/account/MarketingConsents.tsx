import { type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { CheckField } from '#app/ui/rule-fields.tsx';
import { inLocale } from './form-helpers.ts';

type Consent = 'marketingSms' | 'marketingEmail';

/** The two optional marketing consents (spec section 3), asked the same way at registration and on the profile. */
export function MarketingConsents({
  form,
  locale,
  values,
  onChange,
}: {
  form: string;
  locale: UiLocale;
  values: Record<Consent, boolean>;
  onChange: (name: Consent, checked: boolean) => void;
}) {
  const t = inLocale(locale);
  return (
    <>
      <CheckField
        form={form}
        name="marketingSms"
        label={m.account_field_marketingSms({}, t)}
        locale={locale}
        checked={values.marketingSms}
        onChange={(checked) => onChange('marketingSms', checked)}
      />
      <CheckField
        form={form}
        name="marketingEmail"
        label={m.account_field_marketingEmail({}, t)}
        locale={locale}
        checked={values.marketingEmail}
        onChange={(checked) => onChange('marketingEmail', checked)}
      />
    </>
  );
}
