import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '#server/app.ts';
import { canListen, subscribeToAllOrders } from '#server/services/orders/events.ts';

/**
 * Server-Sent Events for a staff screen: the whole snapshot (`load`) on connect and again whenever any order
 * changes and its `key` differs. A screen that lost its connection gets the whole snapshot when it reconnects
 * (EventSource does so by itself), so it never has to replay what it missed. LISTEN/NOTIFY wakes the stream in
 * every server process; polling is the safety net (and all there is on PGlite).
 */
export function streamSnapshots<T>(
  c: Context<AppEnv>,
  event: string,
  load: () => Promise<T>,
  key: (snapshot: T) => string,
) {
  const { db } = c.var.deps;
  const pollMs = canListen(db) ? 10_000 : 1_000;
  return streamSSE(
    c,
    async (stream) => {
      let aborted = false;
      let wake: (() => void) | null = null;
      const unsubscribe = subscribeToAllOrders(db, () => wake?.());
      stream.onAbort(() => {
        aborted = true;
        wake?.();
      });
      let last: string | null = null;
      let sentAt = Date.now();
      let seq = 0;
      try {
        while (!aborted) {
          const snapshot = await load();
          if (aborted) break;
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
            const timer = setTimeout(resolve, pollMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
      } finally {
        unsubscribe();
      }
    },
    async (error) => {
      if (!c.req.raw.signal.aborted) console.warn(`${event} stream failed`, error);
    },
  );
}
