import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { RadioGroup, Select } from '#app/ui/field.tsx';
import { Notice } from '#app/ui/notice.tsx';
import type { ScheduleAnswer } from '#domain/kitchen-settings.ts';
import { formatPromise } from '#domain/promise-time.ts';
import type { OrderTime } from './order-time.ts';
import './order-time.css';

/**
 * "As soon as possible" or "choose a time" (issue 34), with the time the order is promised for shown before paying:
 * ready for pickup, or delivered. Full slots are not offered; a paused kitchen says until when. Used by the shop's
 * checkout and the call centre's order form alike.
 */
export function OrderTimePicker({
  locale,
  schedule,
  value,
  onChange,
  pickup,
  idPrefix = 'order-time',
}: {
  locale: UiLocale;
  schedule: ScheduleAnswer | null;
  value: OrderTime;
  onChange: (value: OrderTime) => void;
  pickup: boolean;
  idPrefix?: string;
}) {
  const t = inLocale(locale);
  if (!schedule) return null;
  const when = (p: { readyAt: string; dueAt: string | null }) =>
    formatPromise(p.dueAt ?? p.readyAt, schedule.timeZone, locale);
  const promiseText = (p: { readyAt: string; dueAt: string | null }) =>
    pickup || !p.dueAt ? m.capacity_promise_ready({ time: when(p) }, t) : m.capacity_promise_due({ time: when(p) }, t);
  const chosen = value.mode === 'slot' ? schedule.slots.find((s) => s.slot === value.slot) : undefined;
  const promised = value.mode === 'slot' ? chosen : schedule.asap;
  return (
    <div className="order-time" data-testid="order-time">
      {schedule.paused && (
        <Notice tone="error" className="account-alert account-alert-error">
          {schedule.pausedUntil
            ? m.capacity_badge_paused_until({ time: formatPromise(schedule.pausedUntil, schedule.timeZone, locale) }, t)
            : m.capacity_badge_paused_open({}, t)}
        </Notice>
      )}
      <RadioGroup<'asap' | 'slot'>
        id={`${idPrefix}-mode`}
        className="account-fieldset order-time-modes"
        name={`${idPrefix}-mode`}
        label={m.capacity_when_legend({}, t)}
        value={value.mode}
        options={[
          { value: 'asap', label: m.capacity_when_asap({}, t), disabled: !schedule.asap },
          { value: 'slot', label: m.capacity_when_choose({}, t), disabled: schedule.slots.length === 0 },
        ]}
        onChange={(mode) => {
          const first = schedule.slots[0];
          if (mode === 'asap') onChange({ mode: 'asap' });
          else if (first) onChange({ mode: 'slot', slot: chosen?.slot ?? first.slot });
        }}
      />
      {value.mode === 'slot' && schedule.slots.length > 0 && (
        <Select
          id={`${idPrefix}-slot`}
          name={`${idPrefix}-slot`}
          label={m.capacity_when_slot({}, t)}
          value={value.slot}
          onChange={(event) => onChange({ mode: 'slot', slot: event.target.value })}
          options={schedule.slots.map((s) => ({
            value: s.slot,
            label: formatPromise(s.readyAt, schedule.timeZone, locale),
          }))}
        />
      )}
      {!schedule.asap && !schedule.paused && schedule.slots.length > 0 && value.mode === 'asap' && (
        <p className="order-time-note">{m.capacity_when_asap_none({}, t)}</p>
      )}
      {schedule.slots.length === 0 && !schedule.asap && !schedule.paused && (
        <p className="order-time-note">{m.capacity_when_none({}, t)}</p>
      )}
      {promised && (
        <p className="order-time-promise" data-testid="order-time-promise" aria-live="polite">
          <strong>{promiseText(promised)}</strong>
        </p>
      )}
    </div>
  );
}
