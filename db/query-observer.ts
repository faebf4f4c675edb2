/**
 * What watches the application's SQL statements: the tracing, when it is on (server/observability/tracing.ts), makes
 * each one a span. Nothing when it is off: a statement then pays one null check. postgres.js has no instrumentation
 * of its own, so the two ways our code sends SQL report here: drizzle's prepared queries (db/client.ts) and the
 * hand-written hot paths (db/raw.ts).
 */
export type QueryObserver = <T>(text: string, run: () => Promise<T>) => Promise<T>;

let observer: QueryObserver | null = null;

export const setQueryObserver = (next: QueryObserver | null) => {
  observer = next;
};

/** Runs one statement, watched when something watches. */
export const observeQuery = <T>(text: string, run: () => Promise<T>): Promise<T> =>
  observer ? observer(text, run) : run();
