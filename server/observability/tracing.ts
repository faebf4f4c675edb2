import { setQueryObserver } from '#db/query-observer.ts';

/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (issue 31). Off, nothing of OpenTelemetry is
 * loaded: its modules are imported by startTracing only (./otel.ts), and what the app calls here (`traced`, the
 * request middleware's span) pays a null check.
 */

/** The span of one request, ended by the request middleware with what answered it. */
export type RequestSpan = { end: (route: string, status: number) => void };

export type Tracing = {
  startRequest: (method: string, requestId: string) => RequestSpan;
  /** Runs `work` with the request's span as the parent of what it starts (services, SQL). */
  within: <T>(span: RequestSpan, work: () => Promise<T>) => Promise<T>;
  /** A child span of the current one around `work`. */
  span: <T>(name: string, work: () => Promise<T>) => Promise<T>;
  /** A child span for one SQL statement. */
  query: <T>(text: string, work: () => Promise<T>) => Promise<T>;
  /** Sends what is still buffered and stops. */
  shutdown: () => Promise<void>;
};

let active: Tracing | null = null;

/** The tracing the process runs with, or null when off. */
export const currentTracing = (): Tracing | null => active;

/**
 * Starts the tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporter reads it and the other OTEL_EXPORTER_OTLP_*
 * settings itself, and sends OTLP/HTTP JSON to `<endpoint>/v1/traces`); otherwise answers null having loaded nothing.
 */
export async function startTracing(source: NodeJS.ProcessEnv = process.env): Promise<Tracing | null> {
  if (!source['OTEL_EXPORTER_OTLP_ENDPOINT'] && !source['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']) return null;
  const { createTracing } = await import('./otel.ts');
  active = createTracing(source['OTEL_SERVICE_NAME'] ?? 'marketplace');
  setQueryObserver(active.query);
  return active;
}

/** Stops the tracing, sending what it still holds. */
export async function stopTracing(): Promise<void> {
  const stopping = active;
  active = null;
  setQueryObserver(null);
  await stopping?.shutdown();
}

/** `work` as a span named `name` (a service's step) when tracing is on; as it is otherwise. */
export const traced = <T>(name: string, work: () => Promise<T>): Promise<T> =>
  active ? active.span(name, work) : work();
