import { useState } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { messageLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import type { KitchenQueue } from '#app/api-types.ts';
import { Notice } from '#app/ui/notice.tsx';
import { controlProps } from '#app/ui/field.tsx';
import { BUSY_EXTRA_MINUTES, BUSY_PAUSE_MINUTES } from '#domain/kitchen-capacity.ts';
import { formatPromise } from '#domain/promise-time.ts';
import { setBusy, type BusyChoice } from '#app/admin/kitchen/kitchen-store.ts';
import './kitchen-board.css';

/** How long a tap of extra time lasts: an hour, then the kitchen is back to its usual time by itself. */
const EXTRA_FOR_MINUTES = 60;

/**
 * Busy mode on the kitchen board (issue 34): one tap adds 10, 20 or 30 minutes to every order's preparation time, or
 * pauses new orders for 15, 30, 60 minutes or until resumed (with a reason); the current state stays in sight. It
 * holds for every brand cooked in this kitchen and every channel, and ends by itself when its time is up.
 */
export function BusyControl({ queue, locale }: { queue: KitchenQueue; locale: UiLocale }) {
  const t = { locale: messageLocale(locale) } as const;
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [reasonMissing, setReasonMissing] = useState(false);
  const busy = queue.kitchen.busy;
  const time = (iso: string) => formatPromise(iso, queue.kitchen.timeZone, locale);
  // A pause without a reason is the reason field's error, said where the board's problems are said.
  const reasonField = {
    id: 'kitchen-busy-reason',
    label: m.capacity_busy_reason({}, t),
    error: reasonMissing ? problem : undefined,
  };

  const send = async (choice: BusyChoice) => {
    if (choice.kind === 'paused' && choice.reason.trim() === '') {
      setProblem(m.capacity_busy_reason_needed({}, t));
      setReasonMissing(true);
      document.getElementById(reasonField.id)?.focus();
      return;
    }
    setProblem(null);
    setReasonMissing(false);
    setSending(true);
    const slug = queue.restaurant.slug;
    if (!(await setBusy(slug, choice))) setProblem(m.admin_orders_failed({}, t));
    setSending(false);
    if (choice.kind === 'paused') setReason('');
  };

  const state = !busy
    ? m.capacity_busy_normal({}, t)
    : busy.kind === 'extraTime'
      ? busy.until
        ? m.capacity_busy_extra_until({ minutes: String(busy.extraMinutes), time: time(busy.until) }, t)
        : m.capacity_busy_extra_open({ minutes: String(busy.extraMinutes) }, t)
      : busy.until
        ? m.capacity_busy_paused_until({ time: time(busy.until), reason: busy.reason ?? '' }, t)
        : m.capacity_busy_paused_open({ reason: busy.reason ?? '' }, t);

  // Dense on a tablet (issue 34): the state and "back to normal" share the title's line, the extra time and the pause
  // share a row where there is width; every choice is still one tap, and a pause still names its reason.
  return (
    <section className="kitchen-busy" aria-labelledby="kitchen-busy-title" data-testid="kitchen-busy">
      <div className="kitchen-busy-head">
        <h2 id="kitchen-busy-title">{m.capacity_busy_title({}, t)}</h2>
        <p
          className={`kitchen-busy-state${busy ? ` kitchen-busy-state-${busy.kind}` : ''}`}
          role="status"
          data-testid="kitchen-busy-state"
        >
          {state}
        </p>
        {busy && (
          <button
            type="button"
            className="staff-action kitchen-busy-resume"
            disabled={sending}
            onClick={() => void send({ kind: 'none' })}
          >
            {m.capacity_busy_resume({}, t)}
          </button>
        )}
      </div>
      <p className="kitchen-busy-note">{m.capacity_busy_all_brands({}, t)}</p>
      <div className="kitchen-busy-controls">
        <div className="kitchen-busy-row kitchen-busy-extra">
          {BUSY_EXTRA_MINUTES.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className="staff-action"
              disabled={sending}
              aria-pressed={busy?.kind === 'extraTime' && busy.extraMinutes === minutes}
              onClick={() => void send({ kind: 'extraTime', extraMinutes: minutes, forMinutes: EXTRA_FOR_MINUTES })}
            >
              {m.capacity_busy_extra({ minutes: String(minutes) }, t)}
            </button>
          ))}
        </div>
        <div className="kitchen-busy-pause">
          <label htmlFor={reasonField.id}>{reasonField.label}</label>
          <input
            {...controlProps(reasonField)}
            type="text"
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="kitchen-busy-row kitchen-busy-pauses">
          {BUSY_PAUSE_MINUTES.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className="staff-action"
              disabled={sending}
              onClick={() => void send({ kind: 'paused', reason, forMinutes: minutes })}
            >
              {m.capacity_busy_pause({ minutes: String(minutes) }, t)}
            </button>
          ))}
          <button
            type="button"
            className="staff-action"
            disabled={sending}
            onClick={() => void send({ kind: 'paused', reason, forMinutes: null })}
          >
            {m.capacity_busy_pause_open({}, t)}
          </button>
        </div>
      </div>
      {problem && (
        <Notice tone="error" className="staff-alert" id={reasonMissing ? `${reasonField.id}-error` : undefined}>
          {problem}
        </Notice>
      )}
    </section>
  );
}
