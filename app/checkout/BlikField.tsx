import { m } from '#i18n/paraglide/messages.js';
import { TextField } from '#app/ui/rule-fields.tsx';
import { inLocale } from '#app/account/form-helpers.ts';
import type { UiLocale } from '#i18n/messages.ts';
import type { FieldRule } from '#domain/errors.ts';
import type { SectionLook } from './section-props.ts';

/**
 * The 6-digit Blik code (spec section 5). The phone's number pad comes up (inputMode numeric); what is typed is
 * not filtered beyond its length, so a letter shows "digits only" (blikCodeMustBeNumber) as the API would answer it.
 */
export function BlikField({
  form,
  look = 'shop',
  label,
  locale,
  value,
  error,
  onChange,
}: {
  form: string;
  look?: SectionLook;
  /** The call centre's label (the agent's words); the shop's otherwise. */
  label?: string | undefined;
  locale: UiLocale;
  value: string;
  error: FieldRule | undefined;
  onChange: (value: string) => void;
}) {
  const t = inLocale(locale);
  const cc = look === 'cc';
  return (
    <div className={cc ? undefined : 'checkout-blik'}>
      <TextField
        form={form}
        name="blikCode"
        required={!cc}
        look={cc ? 'cc' : undefined}
        autoComplete={cc ? 'off' : 'one-time-code'}
        inputMode="numeric"
        maxLength={6}
        label={label ?? m.checkout_blik_label({}, t)}
        hint={cc ? undefined : m.checkout_blik_hint({}, t)}
        locale={locale}
        value={value}
        error={error}
        onChange={onChange}
      />
    </div>
  );
}
