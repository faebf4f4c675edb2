import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import type { Basket } from '#app/stores/basket.ts';
import {
  $discountError,
  applyDiscountCode,
  dismissDiscountError,
  removeDiscountCode,
} from '#app/stores/basket-actions.ts';
import { fill } from '#app/catalogue/texts.ts';
import type { BasketTexts } from './texts.ts';

type Props = { discount: Basket['discount']; busy: boolean; texts: BasketTexts };

/**
 * Apply a discount code, or remove the applied one. The API's refusal (discountCode, discountNotActive,
 * tooManyRequests) shows under the field; a code that stopped being active since it was applied says
 * 'remove it to continue' beside it (discountNotActive), and the summary stays closed until it is removed; a code
 * whose own rule the basket breaks now (below its minimum, outside its window…) says which, by its key.
 */
export function DiscountCodeForm({ discount, busy, texts }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const error = useStore($discountError);
  const errorText = error ? (texts.errors[error] ?? texts.errors['internalError']) : null;

  const apply = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      input.current?.focus();
      return;
    }
    if (await applyDiscountCode(code)) setCode('');
    else input.current?.focus();
  };
  const remove = async () => {
    if (await removeDiscountCode()) input.current?.focus();
  };

  return (
    <section className="basket-card basket-discount-code" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.discountTitle}</h2>
      {discount ? (
        <div className="discount-applied">
          <p>
            {fill(texts.discountApplied, { code: discount.code })}{' '}
            <button
              type="button"
              className="link-button"
              aria-label={fill(texts.discountRemoveCode, { code: discount.code })}
              onClick={() => void remove()}
            >
              {texts.discountRemove}
            </button>
          </p>
          {!discount.active && (
            <p role="alert" className="basket-alert" data-error="discountNotActive">
              {texts.errors['discountNotActive']}
            </p>
          )}
          {discount.active && discount.refusal && (
            <p role="alert" className="basket-alert" data-error={discount.refusal.key}>
              {texts.errors[discount.refusal.key] ?? texts.errors['internalError']}
            </p>
          )}
          {errorText && (
            <p role="alert" className="basket-alert" data-error={error}>
              {errorText}
            </p>
          )}
        </div>
      ) : (
        // method=post: the form is only rendered once the island runs, and never puts the code in a URL.
        <form method="post" className="discount-form" onSubmit={(event) => void apply(event)} noValidate>
          {/* Wired as app/ui's controlProps and FieldNotes wire a field, by hand: importing app/ui/field.tsx costs the
              basket page a kilobyte (its byte budget). */}
          <label htmlFor={`${id}-code`}>{texts.discountLabel}</label>
          <div className="discount-row">
            <input
              ref={input}
              id={`${id}-code`}
              name="code"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={code}
              aria-invalid={errorText ? true : undefined}
              aria-describedby={errorText ? `${id}-error` : undefined}
              onChange={(event) => {
                setCode(event.target.value);
                if (error) dismissDiscountError();
              }}
            />
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {texts.discountApply}
            </button>
          </div>
          {errorText && (
            <p id={`${id}-error`} role="alert" className="field-error" data-error={error}>
              {errorText}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
