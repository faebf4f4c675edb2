import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry } from './metrics.ts';

// The dashboard in deploy/grafana is read by Grafana, not by us: a metric renamed here would leave a panel empty on
// the operator's screen without any test noticing. Every series a panel asks for is one this registry exports.
type Panel = { title?: string; targets?: { expr?: string }[]; panels?: Panel[] };

function expressions(panels: Panel[]): { panel: string; expr: string }[] {
  return panels.flatMap((panel) => [
    ...(panel.targets ?? []).flatMap((t) => (t.expr ? [{ panel: panel.title ?? '', expr: t.expr }] : [])),
    ...expressions(panel.panels ?? []),
  ]);
}

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync('deploy/grafana/marketplace.json', 'utf8')) as { panels: Panel[] };
  const queries = expressions(dashboard.panels);

  it('shows the orders, the latency and the backlog', () => {
    const all = queries.map((q) => q.expr).join('\n');
    for (const series of ['orders_placed_total', 'http_request_duration_seconds_bucket', 'outbox_pending_emails'])
      expect(all).toContain(series);
  });

  it('asks only for series the server exports', async () => {
    // prom-client types `type` as a numeric enum; at run time it is the exposition format's word ('histogram').
    const exported = new Set(
      (await registry.getMetricsAsJSON()).flatMap((metric) =>
        String(metric.type) === 'histogram'
          ? [`${metric.name}_bucket`, `${metric.name}_sum`, `${metric.name}_count`]
          : [metric.name],
      ),
    );
    // PromQL's functions with an underscore; label lists (by …), matchers {…} and ranges […] are taken out first.
    const FUNCTIONS = new Set(['histogram_quantile', 'clamp_min']);
    for (const { panel, expr } of queries) {
      const bare = expr.replace(/\bby\s*\([^)]*\)|\{[^}]*\}|\[[^\]]*\]/g, ' ');
      const names = (bare.match(/[a-z_][a-z0-9_]*/g) ?? []).filter((w) => w.includes('_') && !FUNCTIONS.has(w));
      expect(names.length, expr).toBeGreaterThan(0);
      for (const name of names) expect(exported.has(name), `${panel}: ${name}`).toBe(true);
    }
  });
});
