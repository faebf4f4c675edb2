import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareBenchData } from '../../bench/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { startServer } from '../helpers/server-process.ts';
import { freePort } from '../setup/postgres.ts';

// The real server (server/main.ts) while PostgreSQL ends its connections under it, as a restart or an
// administrator's pg_terminate_backend does. postgres.js 3.4.x used to throw from a timer when a reserved
// connection (the place-order commit, db/raw.ts) lost its socket, and the process died (decision 013).
let database: TestDatabase | undefined;
let stopServer: (() => Promise<void>) | undefined;
let dist: string | undefined;
afterEach(async () => {
  await stopServer?.();
  await database?.drop();
  if (dist) rmSync(dist, { recursive: true, force: true });
  database = undefined;
  stopServer = undefined;
  dist = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the server while PostgreSQL ends its connections', () => {
  // A server process of its own to start and stop: more than the default 30 s on a busy machine.
  it(
    'answers 503 with an error key meanwhile, stays up, keeps listening and serves again',
    { timeout: 300_000 },
    async () => {
      database = await createTestDatabase({ max: 2 });
      const admin = postgres(database.url, { max: 1, onnotice: () => {} });
      const { target, basketIds } = await prepareBenchData(admin, 150);
      // The server needs a built site to start; this test is about the API, so a one-page site will do.
      dist = mkdtempSync(path.join(os.tmpdir(), 'marketplace-restart-dist-'));
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>test</title>');
      const port = await freePort();
      const server = startServer({
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_REQUESTS: '0',
        DIST_DIR: dist,
      });
      stopServer = async () => {
        if (server.child.exitCode === null) server.child.kill('SIGTERM');
        await server.exited;
        await admin.end();
      };
      const base = `http://127.0.0.1:${port}`;
      const ready = () =>
        fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
      const waitFor = async (done: () => Promise<boolean>, what: string) => {
        // Up to 90 s: a server process starts in a second or two, but beside the browser tests on a busy machine it
        // has taken more than the 15 s once allowed.
        for (let i = 0; i < 900; i += 1) {
          if (await done()) return;
          await sleep(100);
        }
        throw new Error(`timed out waiting for ${what}; stderr: ${server.output().stderr}`);
      };
      await waitFor(ready, 'the server to start');

      const headers = { 'content-type': 'application/json', host: 'localhost' };
      const body = JSON.stringify({
        firstname: 'Олена',
        lastname: 'Шевченко',
        phone: '0501234567',
        email: 'olena@example.com',
        street: 'Сагайдачного',
        streetNo: '5',
        city: 'Київ',
        zip: target.zip,
        consents: { orderWithObligation: true },
        paymentMethod: 'cashOnDelivery',
      });
      let next = 0;
      const order = () => {
        const basket = basketIds[next++]!;
        return fetch(`${base}/api/orders`, {
          method: 'POST',
          headers: { ...headers, cookie: `basket=${basket}`, 'idempotency-key': `restart-${basket}` },
          body,
        });
      };
      const basket = (i: number) =>
        fetch(`${base}/api/basket`, { headers: { host: 'localhost', cookie: `basket=${basketIds[i]}` } });

      // An order followed over Server-Sent Events: the process LISTENs for status changes on its own connection.
      const first = await order();
      expect(first.status).toBe(201);
      const placed = (await first.json()) as { order: { id: string }; accessToken: string };
      const events = new AbortController();
      let streamOpen = false;
      const follow = async () => {
        const stream = await fetch(`${base}/api/orders/${placed.order.id}/events?token=${placed.accessToken}`, {
          headers: { host: 'localhost' },
          signal: events.signal,
        });
        expect(stream.status).toBe(200);
        streamOpen = true;
        void stream.body
          ?.pipeTo(new WritableStream())
          .catch(() => {})
          .finally(() => (streamOpen = false));
      };
      await follow();
      const listening = async () =>
        (
          await admin`select count(*)::int as n from pg_stat_activity
                    where datname = current_database() and query ilike 'listen %'`
        )[0]!.n > 0;
      await waitFor(listening, 'the LISTEN connection');

      const terminate = () =>
        admin`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`;

      // Requests in flight while every backend of the server is ended, several times at different moments.
      const answers: Response[] = [];
      for (let round = 0; round < 6; round += 1) {
        const inFlight = Array.from({ length: 24 }, (_, i) => (i % 4 === 3 ? basket(i) : order()));
        await sleep(round * 7);
        await terminate();
        answers.push(...(await Promise.all(inFlight)));
      }
      const outcomes = await Promise.all(
        answers.map(async (a) => ({ status: a.status, body: (await a.json()) as { error?: string } })),
      );
      expect(server.child.exitCode).toBeNull();
      for (const outcome of outcomes) {
        if (outcome.status === 503)
          expect(outcome.body).toEqual({ requestId: expect.any(String), error: 'databaseUnavailable' });
        else expect([200, 201]).toContain(outcome.status);
      }
      // Ending the backends at once must have caught some requests half-way.
      expect(outcomes.filter((o) => o.status === 503).length).toBeGreaterThan(0);

      await waitFor(ready, '/readyz after the backends were ended');
      const after = await Promise.all(Array.from({ length: 12 }, () => order()));
      expect(after.map((a) => a.status)).toEqual(Array(12).fill(201));
      expect((await basket(0)).status).toBe(200);
      // A stream whose snapshot query was cut by the ending ends too, and a browser's EventSource opens it again;
      // with a follower there, the LISTEN connection comes back by itself.
      if (!streamOpen) await follow();
      await waitFor(listening, 'LISTEN again');
      events.abort();

      expect(server.child.exitCode).toBeNull();
      expect(server.output().stderr).not.toMatch(/TypeError|uncaught/i);
    },
  );
});
