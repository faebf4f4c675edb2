import { useRef, type FormEvent, type ReactNode } from 'react';
import { useEarlyInput } from '#app/forms/early-input.ts';
import { useStore } from '#app/stores/use-store.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import type { Form } from '#app/forms/form.ts';
import { focusField, inLocale, useHydrated } from './form-helpers.ts';

/**
 * What every account form is around its fields: a real form (it posts to `action` before its island loads, or cannot
 * be sent until then with `waitForHydration`), the fields typed before the island loaded taken over, the whole-form
 * check on submit with a scroll to the first field in error, the form's error or success under the fields, and the
 * submit button that says when it is sending.
 */
export function AccountFormShell<V extends Record<string, unknown>, R>(props: {
  form: Form<V, R>;
  locale: UiLocale;
  /** Checks and sends; resolves to the first field in error (or null). */
  send: () => Promise<string | null>;
  /** After a send that was accepted (navigation, say); otherwise the first field in error takes the focus. */
  onDone?: () => void;
  submitLabel: string;
  action?: string;
  className?: string;
  ariaLabel?: string;
  buttonClassName?: string;
  waitForHydration?: boolean;
  /** False while the form cannot be sent for another reason (no token in the link). */
  sendable?: boolean;
  /** `status` for a form whose success is said in the slot (politely), `alert` for one whose errors only are. */
  slotRole?: 'alert' | 'status';
  /** Said in the slot once the form has been accepted. */
  done?: ReactNode;
  /** More in the slot (the login's "send the activation link again"). */
  slot?: ReactNode;
  /** Beside the submit button (a cancel button), inside one row. */
  beside?: ReactNode;
  /** After the button (links to other account pages). */
  after?: ReactNode;
  children: ReactNode;
}) {
  const { form, locale, slotRole = 'alert', waitForHydration = false, sendable = true } = props;
  const { error, status } = useStore(form.$state);
  const hydrated = useHydrated();
  const element = useRef<HTMLFormElement>(null);
  useEarlyInput(element, form.adopt);
  const t = inLocale(locale);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const first = await props.send();
    if (form.$state.get().status === 'done') props.onDone?.();
    else focusField(element.current, first);
  };

  const button = (
    <button
      type="submit"
      className={props.buttonClassName ?? 'account-button'}
      disabled={(waitForHydration && !hydrated) || !sendable || status === 'sending'}
    >
      {status === 'sending' ? m.account_sending({}, t) : props.submitLabel}
    </button>
  );
  return (
    <form
      ref={element}
      className={props.className ?? 'account-form'}
      method="post"
      action={props.action}
      noValidate
      aria-label={props.ariaLabel}
      onSubmit={(event) => void onSubmit(event)}
    >
      {props.children}
      <div role={slotRole} aria-live={slotRole === 'status' ? 'polite' : undefined} className="account-alert-slot">
        {error && <p className="account-alert account-alert-error">{errorMessage(error, locale)}</p>}
        {status === 'done' && props.done && <p className="account-alert account-alert-ok">{props.done}</p>}
        {props.slot}
      </div>
      {props.beside ? (
        <div className="account-actions">
          {button}
          {props.beside}
        </div>
      ) : (
        button
      )}
      {props.after}
    </form>
  );
}
