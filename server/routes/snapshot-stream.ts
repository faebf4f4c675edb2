import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppDeps, AppEnv } from '#server/context.ts';
import { canListen, subscribeToAllOrders } from '#server/services/orders/events.ts';
import { AppError } from '#server/errors.ts';
import { clientIp } from '#server/middleware/rate-limit.ts';
import { errorOf, log } from '#server/observability/log.ts';

/** The streams an application (one per server process) holds open, by client address, and in all. */
const openStreams = new WeakMap<AppDeps, { byClient: Map<string, number>; total: number }>();

export type SnapshotStream<T> = {
  /** The SSE event name. */
  event: string;
  /** What the screen shows now; null ends the stream (the thing it follows is gone). */
  load: () => Promise<T | null>;
  /** Equal keys mean nothing the screen shows changed, so nothing is sent. */
  key: (snapshot: T) => string;
  /** Calls `wake` when something it follows may have changed; answers the unsubscribe. */
  subscribe?: (db: AppDeps['db'], wake: () => void) => () => void;
};

/**
 * Server-Sent Events of a whole snapshot (`load`) on connect and again whenever it changes. A screen that lost its
 * connection gets the whole snapshot when it reconnects (EventSource does so by itself), so it never has to replay
 * what it missed. LISTEN/NOTIFY (every order by default) wakes the stream in every server process; polling is the
 * safety net (and all there is on PGlite).
 */
export function streamSnapshots<T>(c: Context<AppEnv>, options: SnapshotStream<T>) {
  const { event, load, key, subscribe = subscribeToAllOrders } = options;
  const { db, env, stopping } = c.var.deps;
  // A process that is draining opens no new stream: the 503 sends the client (through the proxy) to another server.
  if (stopping?.aborted) {
    c.header('Retry-After', '1');
    throw new AppError('serverBusy');
  }
  const pollMs = canListen(db) ? 10_000 : 1_000;
  // Each open stream holds a socket, a timer and a database subscription: one client, or everybody together, may
  // hold only so many (a stranger opening thousands would take them from the kitchens and the customers).
  const client = clientIp(c);
  let open = openStreams.get(c.var.deps);
  if (!open) openStreams.set(c.var.deps, (open = { byClient: new Map(), total: 0 }));
  const streams = open;
  const mine = streams.byClient.get(client) ?? 0;
  if (mine >= env.sseStreamsPerClient) {
    c.header('Retry-After', '30');
    throw new AppError('tooManyRequests');
  }
  if (streams.total >= env.sseStreamsTotal) {
    c.header('Retry-After', '30');
    throw new AppError('serverBusy');
  }
  streams.byClient.set(client, mine + 1);
  streams.total += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    streams.total -= 1;
    const left = (streams.byClient.get(client) ?? 1) - 1;
    if (left > 0) streams.byClient.set(client, left);
    else streams.byClient.delete(client);
  };
  return streamSSE(
    c,
    async (stream) => {
      stream.onAbort(release);
      let aborted = false;
      // A change announced while the snapshot is being read or sent must not wait for the next poll: it is noted,
      // and the stream reads again at once instead of sleeping.
      let changed = false;
      let wake: (() => void) | null = null;
      const unsubscribe = subscribe(db, () => {
        changed = true;
        wake?.();
      });
      const end = () => {
        aborted = true;
        wake?.();
      };
      stream.onAbort(end);
      // Draining (SIGTERM): the stream ends cleanly, and the client's EventSource reconnects by itself, through the
      // proxy to a server that stays, and reads the whole snapshot there.
      stopping?.addEventListener('abort', end, { once: true });
      if (stopping?.aborted) end();
      let last: string | null = null;
      let sentAt = Date.now();
      let seq = 0;
      try {
        while (!aborted) {
          changed = false;
          const snapshot = await load();
          if (snapshot === null || aborted) break;
          if (key(snapshot) !== last) {
            last = key(snapshot);
            seq += 1;
            await stream.writeSSE({ event, id: String(seq), data: JSON.stringify(snapshot) });
            sentAt = Date.now();
          } else if (Date.now() - sentAt > 15_000) {
            // Keeps proxies from closing an idle connection.
            await stream.write(': keep-alive\n\n');
            sentAt = Date.now();
          }
          await new Promise<void>((resolve) => {
            if (changed || aborted) return resolve();
            const timer = setTimeout(resolve, pollMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
      } finally {
        stopping?.removeEventListener('abort', end);
        unsubscribe();
        release();
      }
    },
    async (error) => {
      // A client that went away mid-write is not an error worth a log line.
      if (!c.req.raw.signal.aborted) log.warn({ err: errorOf(error) }, `${event} stream failed`);
    },
  );
}
