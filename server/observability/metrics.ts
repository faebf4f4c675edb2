import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolUsage } from '#db/pool-usage.ts';

/**
 * The process's Prometheus metrics (issue 31, decision 046). One registry per process; under WEB_CONCURRENCY the
 * primary adds the workers' up (AggregatorRegistry) and answers for all of them, so one scrape counts every worker.
 * Counters are bumped by the services where the thing happens; gauges that read the database (the outbox) are
 * read when scraped, by the reader the app installs (setBacklogReader).
 */
export const registry = new Registry();

/** Whether the metrics are collected at all (METRICS=0 turns them off, for the benchmark's comparison). */
let enabled = true;
export const metricsEnabled = () => enabled;
export const disableMetrics = () => {
  enabled = false;
};

const HTTP_LABELS = ['method', 'route', 'status'] as const;
const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route pattern and status.',
  labelNames: HTTP_LABELS,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request reaching the app to its answer, by method, route pattern and status.',
  labelNames: HTTP_LABELS,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

const ordersPlaced = new Counter({
  name: 'orders_placed_total',
  help: 'Orders placed, by channel, country and payment method.',
  labelNames: ['channel', 'country', 'payment_method'] as const,
  registers: [registry],
});
const statusChanges = new Counter({
  name: 'order_status_changes_total',
  help: 'Order status changes, by the status left and the status reached.',
  labelNames: ['from', 'to'] as const,
  registers: [registry],
});
const paymentOutcomes = new Counter({
  name: 'payment_outcomes_total',
  help: 'Payment outcomes applied to orders: paid, failed, canceled, or late (paid after we gave up; refunded).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const refundsSent = new Counter({
  name: 'refunds_total',
  help: "Refunds sent to a payment provider, by the provider's answer.",
  labelNames: ['status'] as const,
  registers: [registry],
});

/** The outbox's figures, read from the database when scraped; installed by the app (it has the database). */
type Backlog = { pending: number; oldestSeconds: number };
let readBacklog: (() => Promise<Backlog>) | null = null;
export const setBacklogReader = (reader: (() => Promise<Backlog>) | null) => {
  readBacklog = reader;
};
// Both gauges come from one query; the second reads what the first one's collect fetched in the same scrape.
let lastBacklog: Backlog = { pending: 0, oldestSeconds: 0 };
new Gauge({
  name: 'outbox_pending_emails',
  help: 'E-mails waiting in the outbox (not yet sent, not given up).',
  registers: [registry],
  // Every worker reads the same table: the aggregate is the one figure, not their sum.
  aggregator: 'max',
  async collect() {
    if (readBacklog) lastBacklog = await readBacklog().catch(() => lastBacklog);
    this.set(lastBacklog.pending);
  },
});
new Gauge({
  name: 'outbox_oldest_pending_seconds',
  help: 'Age of the oldest e-mail waiting in the outbox, in seconds (0 when none waits).',
  registers: [registry],
  aggregator: 'max',
  collect() {
    this.set(lastBacklog.oldestSeconds);
  },
});

/** When this process's sweeper last finished a round (performance.now()), or null before its first. */
let sweptAt: number | null = null;
const startedAt = performance.now();
export const sweepFinished = () => {
  sweptAt = performance.now();
};
new Gauge({
  name: 'sweeper_lag_seconds',
  help: 'Seconds since the sweeper (payment and acceptance timeouts) last finished a round; it runs every 15 s, so more means it is stuck or failing.',
  registers: [registry],
  // Every process sweeps: the freshest one says how far behind the timeouts are.
  aggregator: 'min',
  collect() {
    this.set((performance.now() - (sweptAt ?? startedAt)) / 1000);
  },
});

new Gauge({
  name: 'db_pool_connections_in_use',
  help: 'Database connections held by a transaction or a statement (counted by the app: postgres.js exposes none).',
  registers: [registry],
  aggregator: 'sum',
  collect() {
    this.set(Math.min(poolUsage.held, poolUsage.max));
  },
});
new Gauge({
  name: 'db_pool_waiting',
  help: 'Transactions and statements waiting for a database connection (beyond the pool size).',
  registers: [registry],
  aggregator: 'sum',
  collect() {
    this.set(Math.max(0, poolUsage.held - poolUsage.max));
  },
});

// Memory, CPU, event-loop lag (nodejs_eventloop_lag_*), garbage collection, handles.
collectDefaultMetrics({ register: registry });

/** The request middleware's half: each answered request counted by method, route pattern and status. */
export type RequestMetrics = { observe: (method: string, route: string, status: number, seconds: number) => void };

/**
 * The label sets seen so far, each resolved to its counter and histogram once: a request then pays a map lookup, not
 * prom-client's hashing of a labels object. Route patterns and statuses are few; a full map simply starts again.
 */
export function requestMetrics(): RequestMetrics {
  type Pair = { count: { inc: () => void }; duration: { observe: (value: number) => void } };
  const children = new Map<string, Pair>();
  return {
    observe(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let pair = children.get(key);
      if (!pair) {
        const labels = { method, route, status: String(status) };
        pair = { count: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
        if (children.size >= 2000) children.clear();
        children.set(key, pair);
      }
      pair.count.inc();
      pair.duration.observe(seconds);
    },
  };
}

export const countOrderPlaced = (channel: string, country: string, paymentMethod: string) => {
  if (enabled) ordersPlaced.inc({ channel, country, payment_method: paymentMethod });
};
export const countStatusChange = (from: string, to: string) => {
  if (enabled) statusChanges.inc({ from, to });
};
export const countPaymentOutcome = (outcome: string) => {
  if (enabled) paymentOutcomes.inc({ outcome });
};
export const countRefund = (status: string) => {
  if (enabled) refundsSent.inc({ status });
};

const METRICS_REQUEST = 'marketplace:metrics';
type MetricsMessage = { type: typeof METRICS_REQUEST; id: number; text?: string; error?: string };

/**
 * The Prometheus text of this process, or under WEB_CONCURRENCY of every worker added up: a worker asks the
 * primary, which asks every worker (prom-client's cluster protocol) and answers the sum.
 */
export function metricsText(): Promise<string> {
  if (!cluster.isWorker) return registry.metrics();
  return new Promise((resolve, reject) => {
    const id = (nextId += 1);
    const timer = setTimeout(() => {
      process.off('message', answer);
      reject(new Error('the primary process did not answer with the metrics'));
    }, 5000);
    const answer = (message: MetricsMessage) => {
      if (message?.type !== METRICS_REQUEST || message.id !== id || message.text === undefined) {
        if (message?.type === METRICS_REQUEST && message.id === id && message.error) {
          clearTimeout(timer);
          process.off('message', answer);
          reject(new Error(message.error));
        }
        return;
      }
      clearTimeout(timer);
      process.off('message', answer);
      resolve(message.text);
    };
    process.on('message', answer);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}
let nextId = 0;

/**
 * In a worker: answers prom-client's cluster protocol (its listener is added when an AggregatorRegistry is built)
 * with this process's registry instead of prom-client's global one.
 */
export function shareWorkerMetrics() {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** In the primary of WEB_CONCURRENCY: answers a worker's request for every worker's metrics. */
export function aggregateWorkerMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: MetricsMessage) => {
    if (message?.type !== METRICS_REQUEST || message.text !== undefined || message.error !== undefined) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_REQUEST, id: message.id, text }),
      (error: Error) => worker.send({ type: METRICS_REQUEST, id: message.id, error: error.message }),
    );
  });
}
