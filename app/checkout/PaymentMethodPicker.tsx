import type { PaymentMethod } from '#domain/country.ts';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { controlProps, FieldNotes } from '#app/ui/field.tsx';
import type { FieldRule } from '#domain/errors.ts';
import type { OfferedMethod } from '#app/stores/checkout.ts';
import { BlikField } from './BlikField.tsx';
import type { SectionLook } from './section-props.ts';

/** A payment method's name in the interface's language. */
function methodLabel(method: PaymentMethod, locale: UiLocale): string {
  const t = inLocale(locale);
  switch (method) {
    case 'blik':
      return m.checkout_method_blik({}, t);
    case 'googlePay':
      return m.checkout_method_googlePay({}, t);
    case 'fastTransfer':
      return m.checkout_method_fastTransfer({}, t);
    case 'cashOnDelivery':
      return m.checkout_method_cashOnDelivery({}, t);
    case 'cardOnDelivery':
      return m.checkout_method_cardOnDelivery({}, t);
  }
}

/**
 * The payment methods the API offers for the basket's country on the web (GET /api/payment-methods, highlighted
 * first), as radio buttons; one outside its availability hours is shown but cannot be chosen. The Blik code field
 * follows when Blik is chosen. Used by the checkout and by the payment retry, each with its own form id, and by the
 * call centre's phone order (look `cc`, with the agent's words in `texts`: its messages stay out of the shop's pages).
 */
export function PaymentMethodPicker({
  form,
  locale,
  methods,
  value,
  error,
  blikCode,
  blikError,
  onChange,
  onBlikChange,
  look = 'shop',
  texts,
}: {
  form: string;
  look?: SectionLook;
  texts?: { legend: string; none: string; blik: string; methods: Partial<Record<PaymentMethod, string>> };
  locale: UiLocale;
  methods: OfferedMethod[] | null;
  value: PaymentMethod | '';
  error: FieldRule | undefined;
  blikCode: string;
  blikError: FieldRule | undefined;
  onChange: (method: PaymentMethod) => void;
  onBlikChange: (code: string) => void;
}) {
  const t = inLocale(locale);
  const cc = look === 'cc';
  // ui/field.tsx's wiring: the error is `<form>-paymentMethod-error`, named by the fieldset; the first choice holds
  // the id, so that the whole-form check's focus lands on a radio button.
  const frame = {
    id: `${form}-paymentMethod`,
    label: null,
    error: error && fieldMessage(error, locale),
    look: cc ? ('cc' as const) : ('account' as const),
  };
  const { 'aria-invalid': invalid, 'aria-describedby': describedBy } = controlProps(frame);
  return (
    <fieldset
      className={cc ? 'cc-choices' : 'account-fieldset checkout-methods'}
      aria-describedby={describedBy}
      aria-invalid={invalid}
    >
      <legend>{texts?.legend ?? m.checkout_section_payment({}, t)}</legend>
      {methods === null && (
        <p className="account-loading checkout-methods-loading">{m.checkout_methodsLoading({}, t)}</p>
      )}
      {methods?.length === 0 && <p>{texts?.none ?? m.checkout_methodsNone({}, t)}</p>}
      {methods?.map((method, index) => (
        <label
          key={method.id}
          className={cc ? 'cc-choice' : `checkout-choice checkout-method${method.highlighted ? ' is-highlighted' : ''}`}
          data-method={method.id}
        >
          <input
            type="radio"
            name="paymentMethod"
            value={method.id}
            id={index === 0 ? `${form}-paymentMethod` : undefined}
            checked={value === method.id}
            disabled={!cc && !method.availableNow}
            onChange={() => onChange(method.id)}
          />
          <span>
            {texts?.methods[method.id] ?? methodLabel(method.id, locale)}
            {!cc && !method.availableNow && <small> ({m.checkout_methodNotNow({}, t)})</small>}
          </span>
        </label>
      ))}
      <FieldNotes {...frame} />
      {value === 'blik' && (
        <BlikField
          form={form}
          look={look}
          label={texts?.blik}
          locale={locale}
          value={blikCode}
          error={blikError}
          onChange={onBlikChange}
        />
      )}
    </fieldset>
  );
}
