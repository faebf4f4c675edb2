import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatMoney } from '#domain/money.ts';
import type { DashboardRow } from '#app/api-types.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { tokenColour } from '#app/admin/token-colour.ts';

// Only the pieces a bar chart needs, so the rest of chart.js stays out of the bundle.
Chart.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

type Props = { title: string; rows: DashboardRow[]; currency: string; locale: UiLocale; id: string };

/** Orders and revenue of one currency as bars (revenue on the left axis, orders on the right), with the table beside. */
export default function FigureChart({ title, rows, currency, locale, id }: Props) {
  const t = { locale: messageLocale(locale) } as const;
  const revenueLabel = m.admin_dashboard_revenue({ currency }, t);
  const ordersLabel = m.admin_dashboard_orders({}, t);
  return (
    <figure className="dashboard-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <div className="dashboard-canvas">
        <Bar
          aria-label={title}
          role="img"
          data={{
            labels: rows.map((r) => r.name),
            datasets: [
              {
                label: revenueLabel,
                data: rows.map((r) => r.revenue / 100),
                backgroundColor: tokenColour('--brand'),
                yAxisID: 'y',
              },
              {
                label: ordersLabel,
                data: rows.map((r) => r.orders),
                backgroundColor: tokenColour('--accent'),
                yAxisID: 'y1',
              },
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            scales: {
              y: { beginAtZero: true, position: 'left', title: { display: true, text: revenueLabel } },
              y1: {
                beginAtZero: true,
                position: 'right',
                grid: { drawOnChartArea: false },
                ticks: { precision: 0 },
                title: { display: true, text: ordersLabel },
              },
            },
          }}
        />
      </div>
      <table className="dashboard-table">
        <thead>
          <tr>
            <th scope="col">{m.admin_dashboard_name({}, t)}</th>
            <th scope="col">{ordersLabel}</th>
            <th scope="col">{revenueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.id}-${row.currency}`}>
              <th scope="row">{row.name}</th>
              <td>{row.orders}</td>
              <td>{formatMoney(row.revenue, row.currency, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
