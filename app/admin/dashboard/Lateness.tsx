import { type ReactNode, useEffect, useState } from 'react';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '#domain/dashboard.ts';
import type { Lateness as Figures } from '#app/api-types.ts';
import { api } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { Notice } from '#app/ui/notice.tsx';
import '#app/admin/orders/staff.css';
import './lateness.css';

type T = { locale: ReturnType<typeof messageLocale> };

/** Minutes late (positive), early (negative) or on time, in words. */
function minutes(value: number | null, t: T): string {
  if (value === null) return '—';
  if (value === 0) return m.lateness_on_time({}, t);
  return value > 0 ? m.lateness_late({ minutes: value }, t) : m.lateness_early({ minutes: -value }, t);
}

/**
 * How late each kitchen had its orders ready against their promise over a period: the median and the 90th percentile
 * of ready − promised, and how many orders were measured. The admin sees every kitchen, a kitchen manager theirs (the
 * API answers the caller's scope).
 */
export default function Lateness({
  days,
  locale,
  choose,
}: {
  days: DashboardPeriod;
  locale: UiLocale;
  /** The period's choice, under the title, where the screen has no other (a kitchen manager's kitchens page). */
  choose?: ReactNode;
}) {
  const t = { locale: messageLocale(locale) } as const;
  const [state, setState] = useState<{ days: DashboardPeriod; figures: Figures | null; failed: boolean } | null>(null);
  useEffect(() => {
    let current = true;
    void readAnswer(api.admin.dashboard.lateness.$get({ query: { days: String(days) as '1' | '7' | '30' } })).then(
      (answer) => {
        if (current) setState({ days, figures: answer.ok ? answer.data : null, failed: !answer.ok });
      },
    );
    return () => {
      current = false;
    };
  }, [days]);

  return (
    <section className="staff-card lateness" aria-labelledby="lateness-title" aria-busy={state?.days !== days}>
      <h2 id="lateness-title">{m.lateness_title({}, t)}</h2>
      <p className="dashboard-caption lateness-caption">{m.lateness_caption({}, t)}</p>
      {choose}
      {state?.failed ? (
        <Notice tone="error" className="staff-alert">
          {m.admin_orders_failed({}, t)}
        </Notice>
      ) : !state?.figures ? (
        <Notice tone="news">{m.admin_dashboard_loading({}, t)}</Notice>
      ) : (
        <div className="lateness-scroll" role="region" aria-labelledby="lateness-title" tabIndex={0}>
          <table className="lateness-table">
            <thead>
              <tr>
                <th scope="col">{m.lateness_col_kitchen({}, t)}</th>
                <th scope="col">{m.lateness_col_measured({}, t)}</th>
                <th scope="col">{m.lateness_col_p50({}, t)}</th>
                <th scope="col">{m.lateness_col_p90({}, t)}</th>
              </tr>
            </thead>
            <tbody>
              {state.figures.kitchens.map((kitchen) => (
                <tr key={kitchen.id} data-kitchen={kitchen.slug}>
                  <th scope="row">{kitchen.name}</th>
                  <td>{kitchen.measured}</td>
                  <td className={kitchen.p50 !== null && kitchen.p50 > 0 ? 'lateness-late' : undefined}>
                    {minutes(kitchen.p50, t)}
                  </td>
                  <td className={kitchen.p90 !== null && kitchen.p90 > 0 ? 'lateness-late' : undefined}>
                    {minutes(kitchen.p90, t)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

// Each message named on its own: a computed name (m[key]) keeps the whole catalogue in the island (decision 010).
const PERIOD_LABEL = { 1: m.admin_dashboard_today, 7: m.admin_dashboard_7, 30: m.admin_dashboard_30 } as const;

/** Lateness with its own choice of period, for a kitchen manager's kitchens page (the admin's follows the dashboard). */
export function LatenessPanel({ locale }: { locale: UiLocale }) {
  const t = { locale: messageLocale(locale) } as const;
  const [days, setDays] = useState<DashboardPeriod>(7);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Lateness
      days={days}
      locale={locale}
      choose={
        <div className="dashboard-periods" role="group" aria-label={m.admin_dashboard_period({}, t)}>
          {DASHBOARD_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              className="staff-action"
              aria-pressed={days === period}
              disabled={!hydrated}
              onClick={() => setDays(period)}
            >
              {PERIOD_LABEL[period]({}, t)}
            </button>
          ))}
        </div>
      }
    />
  );
}
