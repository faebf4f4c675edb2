import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDeps, AppEnv } from '#server/context.ts';
import { streamSnapshots } from './snapshot-stream.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A stream over `load`, on a database without LISTEN (PGlite's case: the stream polls every second). */
function app(load: () => Promise<number | null>, subscribe: (db: AppDeps['db'], wake: () => void) => () => void) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', { db: {}, env: { trustProxy: 0, sseStreamsPerClient: 32, sseStreamsTotal: 2000 } } as AppDeps);
      await next();
    })
    .get('/', (c) => streamSnapshots(c, { event: 'n', load, key: String, subscribe }));
}

describe('a snapshot stream', () => {
  it(
    'reads again at once when a change is announced while it is reading, instead of waiting for the next poll',
    { timeout: 3000 },
    async () => {
      // With the clock stopped, the poll never fires: a second snapshot can only come from the announced change.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let wake: () => void = () => {};
      let reads = 0;
      const load = async () => {
        reads += 1;
        // The change comes while the first snapshot is being read, before the stream waits for one.
        if (reads === 1) wake();
        // The second read ends the stream (the order is gone): it comes only if the change was not lost.
        return reads === 1 ? 1 : null;
      };
      const response = await app(load, (_db, w) => {
        wake = w;
        return () => {};
      }).request('/');
      const text = await response.text();
      expect(text).toContain('data: 1');
      expect(reads).toBe(2);
    },
  );
});
