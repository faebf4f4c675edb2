import { useEffect, useState } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { adminPath } from '#domain/admin-routes.ts';
import { formatMoney } from '#domain/money.ts';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '#domain/dashboard.ts';
import type { Dashboard as Figures } from '#app/api-types.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $dashboard, followWaiting, loadDashboard } from './dashboard-store.ts';
import FigureChart from './FigureChart.tsx';
import WaitingOrders from './WaitingOrders.tsx';
import Lateness from './Lateness.tsx';
import { Notice } from '#app/ui/notice.tsx';
import '#app/admin/orders/staff.css';

// Each message named on its own: a computed name (m[key]) keeps the whole catalogue in the island (decision 010).
const PERIOD_LABEL = { 1: m.admin_dashboard_today, 7: m.admin_dashboard_7, 30: m.admin_dashboard_30 } as const;

/** The admin's start page: the period's figures per currency as charts, and the orders waiting to be accepted. */
export default function Dashboard({ locale }: { locale: UiLocale }) {
  const state = useStore($dashboard);
  const t = { locale: messageLocale(locale) } as const;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    void loadDashboard(1);
    return followWaiting();
  }, []);

  const figures = state.figures;
  return (
    <div className="dashboard">
      <div className="dashboard-periods" role="group" aria-label={m.admin_dashboard_period({}, t)}>
        {DASHBOARD_PERIODS.map((days: DashboardPeriod) => (
          <button
            key={days}
            type="button"
            className="staff-action"
            aria-pressed={state.days === days}
            disabled={!hydrated}
            onClick={() => void loadDashboard(days)}
          >
            {PERIOD_LABEL[days]({}, t)}
          </button>
        ))}
      </div>
      <WaitingOrders waiting={state.waiting} offsetMs={state.offsetMs} locale={locale} />
      {state.status === 'failed' && (
        <Notice tone="error" className="staff-alert">
          {m.admin_orders_failed({}, t)}
        </Notice>
      )}
      {!figures ? (
        <Notice tone="news">{m.admin_dashboard_loading({}, t)}</Notice>
      ) : (
        <Figures figures={figures} locale={locale} />
      )}
      {hydrated && <Lateness days={state.days} locale={locale} />}
      {figures && <KitchenLinks restaurants={figures.restaurants} locale={locale} />}
    </div>
  );
}

function Figures({ figures, locale }: { figures: Figures; locale: UiLocale }) {
  const t = { locale: messageLocale(locale) } as const;
  if (figures.totals.length === 0) return <p className="staff-card">{m.admin_dashboard_none({}, t)}</p>;
  const apart = [
    ['rejected', m.admin_figures_rejected({}, t), m.admin_figures_rejected_caption({}, t)],
    ['missed', m.admin_figures_missed({}, t), m.admin_figures_missed_caption({}, t)],
    ['canceled', m.admin_figures_canceled({}, t), m.admin_figures_canceled_caption({}, t)],
  ] as const;
  return (
    <>
      {figures.totals.map((total) => (
        <section key={total.currency} className="staff-card" aria-labelledby={`dashboard-${total.currency}`}>
          <h2 id={`dashboard-${total.currency}`}>{m.admin_dashboard_totals({ currency: total.currency }, t)}</h2>
          <p className="dashboard-totals">
            <span>
              <strong>{total.orders}</strong> {m.admin_dashboard_orders({}, t)}
            </span>
            <span>
              <strong>{formatMoney(total.revenue, total.currency, locale)}</strong>
            </span>
          </p>
          <p className="dashboard-caption">{m.admin_figures_sold_caption({}, t)}</p>
          <dl className="dashboard-apart">
            {apart.map(([key, title, caption]) => (
              <div key={key}>
                <dt>{title}</dt>
                <dd>
                  <strong>
                    {m.admin_figures_count(
                      {
                        count: total[key].orders,
                        amount: formatMoney(total[key].revenue, total.currency, locale),
                      },
                      t,
                    )}
                  </strong>
                  <span className="dashboard-caption">{caption}</span>
                </dd>
              </div>
            ))}
          </dl>
          <div className="dashboard-charts">
            <FigureChart
              id={`concept-${total.currency}`}
              title={m.admin_dashboard_by_concept({ currency: total.currency }, t)}
              rows={figures.byConcept.filter((r) => r.currency === total.currency)}
              currency={total.currency}
              locale={locale}
            />
            <FigureChart
              id={`restaurant-${total.currency}`}
              title={m.admin_dashboard_by_restaurant({ currency: total.currency }, t)}
              rows={figures.byRestaurant.filter((r) => r.currency === total.currency)}
              currency={total.currency}
              locale={locale}
            />
          </div>
          <RestaurantTimes
            currency={total.currency}
            rows={figures.byRestaurant.filter((r) => r.currency === total.currency)}
            locale={locale}
          />
        </section>
      ))}
    </>
  );
}

/** Each restaurant's acceptance and preparation times over the period, with what they are measured from. */
function RestaurantTimes({
  currency,
  rows,
  locale,
}: {
  currency: string;
  rows: Figures['byRestaurant'];
  locale: UiLocale;
}) {
  const t = { locale: messageLocale(locale) } as const;
  const lang = messageLocale(locale);
  const minutes = (value: number | null) =>
    value === null ? '—' : m.admin_figures_minutes({ minutes: value.toLocaleString(lang) }, t);
  const seconds = (value: number | null) =>
    value === null ? '—' : m.admin_figures_minutesSeconds({ minutes: Math.floor(value / 60), seconds: value % 60 }, t);
  const id = `dashboard-times-${currency}`;
  return (
    <figure className="dashboard-times" aria-labelledby={id}>
      <figcaption id={id}>
        <strong>{m.admin_figures_times({ currency }, t)}</strong>
        <span className="dashboard-caption">{m.admin_figures_times_caption({}, t)}</span>
      </figcaption>
      <div className="dashboard-scroll" role="region" aria-labelledby={id} tabIndex={0}>
        <table className="dashboard-table">
          <thead>
            <tr>
              <th scope="col">{m.admin_dashboard_name({}, t)}</th>
              <th scope="col">{m.admin_figures_col_accepted({}, t)}</th>
              <th scope="col">{m.admin_figures_col_acceptance({}, t)}</th>
              <th scope="col">{m.admin_figures_col_promised({}, t)}</th>
              <th scope="col">{m.admin_figures_col_ready({}, t)}</th>
              <th scope="col">{m.admin_figures_col_actual({}, t)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.name}</th>
                <td>{row.times.accepted}</td>
                <td>{seconds(row.times.acceptanceSeconds)}</td>
                <td>{minutes(row.times.promisedMinutes)}</td>
                <td>{row.times.ready}</td>
                <td>{minutes(row.times.actualMinutes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function KitchenLinks({ restaurants, locale }: { restaurants: Figures['restaurants']; locale: UiLocale }) {
  const t = { locale: messageLocale(locale) } as const;
  return (
    <nav className="staff-card" aria-labelledby="dashboard-kitchens">
      <h2 id="dashboard-kitchens">{m.admin_dashboard_kitchens({}, t)}</h2>
      <ul className="dashboard-kitchens">
        {restaurants.map((r) => (
          <li key={r.slug}>
            <a href={adminPath(locale, { screen: 'kitchen', restaurant: r.slug })}>
              {r.concept} · {r.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
