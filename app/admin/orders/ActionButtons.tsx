import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '#app/ui/dialog.tsx';
import {
  DESTRUCTIVE_ACTIONS,
  MAX_PREPARATION_MINUTES,
  MIN_PREPARATION_MINUTES,
  PREPARATION_PRESETS,
  type StaffAction,
} from '#domain/staff-actions.ts';
import { REJECTION_REASONS, type RejectionReason } from '#domain/kitchen-alarms.ts';
import { errorMessage, messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { Notice } from '#app/ui/notice.tsx';
import { controlProps } from '#app/ui/field.tsx';
import { REJECTION_REASON_LABEL } from './reason-labels.ts';

// Named one by one: a computed message name makes the bundler keep the whole catalogue (i18n/allergen-texts.ts).
const ACTION_NAMES: Record<StaffAction, typeof m.admin_orders_action_accept> = {
  accept: m.admin_orders_action_accept,
  reject: m.admin_orders_action_reject,
  ready: m.admin_orders_action_ready,
  handToCourier: m.admin_orders_action_handToCourier,
  finish: m.admin_orders_action_finish,
  cancel: m.admin_orders_action_cancel,
};

type Props = {
  order: { id: string; displayId: string };
  actions: readonly StaffAction[];
  locale: UiLocale;
  /** Runs the action; resolves true when it went through. */
  onAct: (action: StaffAction, preparationMinutes?: number, rejectionReason?: RejectionReason) => Promise<boolean>;
  busy?: boolean;
  /** The minutes offered first when accepting (the restaurant's usual time). */
  defaultMinutes?: number;
  /** Large touch targets for the kitchen board. */
  large?: boolean;
};

/**
 * The buttons for what staff may do to an order now. Accepting asks for the preparation minutes (presets, or any
 * number); rejecting and canceling ask for confirmation, since they end the order for the customer. Buttons stay
 * disabled until the island has hydrated, so nothing is sent before it can be handled.
 */
export default function ActionButtons({ order, actions, locale, onAct, busy, defaultMinutes, large }: Props) {
  const t = { locale: messageLocale(locale) } as const;
  const [hydrated, setHydrated] = useState(false);
  const [asking, setAsking] = useState<StaffAction | null>(null);
  useEffect(() => setHydrated(true), []);

  const run = async (action: StaffAction, minutes?: number, reason?: RejectionReason) => {
    const done = await onAct(action, minutes, reason);
    if (done) setAsking(null);
  };
  const click = (action: StaffAction) => {
    if (action === 'accept' || DESTRUCTIVE_ACTIONS.includes(action)) setAsking(action);
    else void run(action);
  };

  if (actions.length === 0) return <p className="staff-actions-none">{m.admin_orders_no_actions({}, t)}</p>;
  const number = order.displayId;
  return (
    <div className={`staff-actions${large ? ' staff-actions-large' : ''}`}>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`staff-action staff-action-${action}`}
          disabled={!hydrated || busy}
          onClick={() => click(action)}
        >
          {ACTION_NAMES[action]({}, t)}
        </button>
      ))}
      <Dialog
        open={asking !== null}
        className="staff-dialog"
        aria-labelledby={`staff-dialog-${order.id}`}
        onClose={() => setAsking(null)}
      >
        {asking === 'accept' ? (
          <AcceptForm
            title={m.admin_orders_accept_title({ number }, t)}
            titleId={`staff-dialog-${order.id}`}
            locale={locale}
            defaultMinutes={defaultMinutes ?? 30}
            busy={busy ?? false}
            onAccept={(minutes) => void run('accept', minutes)}
            onBack={() => setAsking(null)}
          />
        ) : asking === 'reject' ? (
          <RejectForm
            title={m.admin_orders_confirm_reject({ number }, t)}
            titleId={`staff-dialog-${order.id}`}
            locale={locale}
            busy={busy ?? false}
            onReject={(reason) => void run('reject', undefined, reason)}
            onBack={() => setAsking(null)}
          />
        ) : asking ? (
          <div className="staff-dialog-body">
            <p id={`staff-dialog-${order.id}`} className="staff-dialog-title">
              {m.admin_orders_confirm_cancel({ number }, t)}
            </p>
            <div className="staff-dialog-buttons">
              <button type="button" className="staff-action" onClick={() => setAsking(null)}>
                {m.admin_orders_back({}, t)}
              </button>
              <button
                type="button"
                className="staff-action staff-action-danger"
                disabled={busy}
                onClick={() => void run(asking)}
              >
                {m.admin_orders_confirm({}, t)}
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}

function AcceptForm(props: {
  title: string;
  titleId: string;
  locale: UiLocale;
  defaultMinutes: number;
  busy: boolean;
  onAccept: (minutes: number) => void;
  onBack: () => void;
}) {
  const t = { locale: messageLocale(props.locale) } as const;
  const [minutes, setMinutes] = useState(String(props.defaultMinutes));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(minutes);
    if (Number.isInteger(value) && value >= MIN_PREPARATION_MINUTES && value <= MAX_PREPARATION_MINUTES)
      props.onAccept(value);
  };
  return (
    <form className="staff-dialog-body" onSubmit={submit}>
      <p id={props.titleId} className="staff-dialog-title">
        {props.title}
      </p>
      <div className="staff-presets" role="group" aria-label={m.admin_orders_accept_minutes({}, t)}>
        {PREPARATION_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="staff-action staff-preset"
            disabled={props.busy}
            onClick={() => props.onAccept(preset)}
          >
            {m.admin_orders_minutes({ minutes: preset }, t)}
          </button>
        ))}
      </div>
      <label className="staff-minutes">
        {m.admin_orders_accept_minutes({}, t)}
        <input
          type="number"
          inputMode="numeric"
          min={MIN_PREPARATION_MINUTES}
          max={MAX_PREPARATION_MINUTES}
          step={1}
          {...controlProps({
            id: `${props.titleId}-minutes`,
            label: m.admin_orders_accept_minutes({}, t),
            required: true,
          })}
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
        />
      </label>
      <div className="staff-dialog-buttons">
        <button type="button" className="staff-action" onClick={props.onBack}>
          {m.admin_orders_back({}, t)}
        </button>
        <button type="submit" className="staff-action staff-action-accept" disabled={props.busy}>
          {m.admin_orders_action_accept({}, t)}
        </button>
      </div>
    </form>
  );
}

/**
 * Rejecting asks why: the customer's status page says it and the figures count it. The choice is required; sending
 * without one says so next to the choices instead of rejecting.
 */
function RejectForm(props: {
  title: string;
  titleId: string;
  locale: UiLocale;
  busy: boolean;
  onReject: (reason: RejectionReason) => void;
  onBack: () => void;
}) {
  const t = { locale: messageLocale(props.locale) } as const;
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason) props.onReject(reason);
    else setMissing(true);
  };
  // Wired as ui/field.tsx's RadioGroup (controlProps: `<id>-error`, aria-invalid on the group); the error keeps the
  // staff screens' class and is read out at once, as an answer to a send.
  const frame = {
    id: `${props.titleId}-reason`,
    label: m.admin_orders_reject_reason({}, t),
    error: missing ? errorMessage('rejectionReasonRequired', props.locale) : undefined,
  };
  const { 'aria-invalid': invalid, 'aria-describedby': describedBy } = controlProps(frame);
  return (
    <form className="staff-dialog-body" onSubmit={submit} noValidate>
      <p id={props.titleId} className="staff-dialog-title">
        {props.title}
      </p>
      <fieldset className="staff-reasons" aria-invalid={invalid} aria-describedby={describedBy}>
        <legend>{frame.label}</legend>
        {REJECTION_REASONS.map((value) => (
          <label key={value} className="staff-reason">
            <input
              type="radio"
              name="rejectionReason"
              value={value}
              required
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setMissing(false);
              }}
            />
            {REJECTION_REASON_LABEL[value]({}, t)}
          </label>
        ))}
      </fieldset>
      {frame.error && (
        <Notice tone="error" id={`${frame.id}-error`} className="staff-reason-error">
          {frame.error}
        </Notice>
      )}
      <div className="staff-dialog-buttons">
        <button type="button" className="staff-action" onClick={props.onBack}>
          {m.admin_orders_back({}, t)}
        </button>
        <button type="submit" className="staff-action staff-action-danger" disabled={props.busy}>
          {m.admin_orders_confirm({}, t)}
        </button>
      </div>
    </form>
  );
}
