import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server-process.ts';
import { freePort } from '../setup/postgres.ts';

// The server as `npm start` runs it (on the built sites, PGlite in a data folder), as a real process.
const dirs: string[] = [];

/** Whether the server on `port` answers /readyz within a minute. */
async function readyOn(port: number): Promise<boolean> {
  for (let i = 0; i < 300; i += 1) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** A production start on the sandbox: its three secrets, and PGlite said on purpose. */
const sandboxSecrets = {
  NODE_ENV: 'production',
  PAYMENTS: 'sandbox',
  PAYMENT_WEBHOOK_SECRET: 'webhook-secret-0123456789',
  ORDER_TOKEN_SECRET: 'order-token-secret-0123456789',
  SANDBOX_BANK_SECRET: 'sandbox-bank-secret-0123456789',
};
const sandboxProduction = { ...sandboxSecrets, PGLITE_IN_PRODUCTION: '1' };
/** A production start with PayU taking Blik (keys shaped like PayU's), its base URL left to each case. */
const payuProduction = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop',
  ORDER_TOKEN_SECRET: 'order-token-secret-0123456789',
  PAYMENT_ROUTES: 'pl.blik=payu',
  PAYU_POS_ID: '300746',
  PAYU_CLIENT_ID: '300746',
  PAYU_CLIENT_SECRET: '2ee86a66e5d97e3fadc400c9f19b065d',
  PAYU_SECOND_KEY: 'b6ca15b0d1020e8094d9b5f8d163db54',
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('start-up and shutdown', () => {
  it('starts on an empty PGlite folder, serves, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-start-'));
    dirs.push(dataDir);
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1' });
    const ready = await readyOn(port);
    expect(ready, server.output().stderr).toBe(true);
    expect(server.output().stdout).toContain('demo data seeded');
    // Where a start's time went, step by step (a slow cold start is read from this line).
    expect(server.output().stdout).toMatch(
      /ready in \d+\.\d s \(since the process began: modules \d+\.\d, database \d+\.\d, migrations \d+\.\d, seed \d+\.\d, listening \d+\.\d\)/,
    );
    const home = await fetch(`http://127.0.0.1:${port}/`, { headers: { host: 'localhost' } });
    expect(home.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output().stdout).toContain('stopped');

    // The same database started in production: its demo logins still open with the README's passwords.
    const production = startServer({
      ...sandboxProduction,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    expect(await production.exited).toBe(1);
    const refusal = production
      .output()
      .stderr.split('\n')
      .filter((line) => line.startsWith('Cannot start'));
    expect(refusal).toEqual([
      "Cannot start: demo logins still open with the README's passwords in production (admin@example.com, callcenter@example.com, kitchen@example.com, manager@example.com, user@example.com): delete them, or give each a new password (npm run admin:create -- --email … for an admin)",
    ]);

    // Said on purpose (the benchmarks' throwaway data), the same start serves, with a warning nobody can miss.
    const allowed = startServer({
      ...sandboxProduction,
      DEMO_LOGINS_IN_PRODUCTION: '1',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    try {
      const served = await readyOn(port);
      expect(served, allowed.output().stderr).toBe(true);
      expect(allowed.output().stderr).toContain(
        'DEMO_LOGINS_IN_PRODUCTION=1: admin@example.com, callcenter@example.com, kitchen@example.com, manager@example.com, user@example.com open',
      );
    } finally {
      allowed.child.kill('SIGTERM');
      await allowed.exited;
    }
  });

  it('a production start on an empty folder seeds no demo logins', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-start-'));
    dirs.push(dataDir);
    const port = await freePort();
    const server = startServer({
      ...sandboxProduction,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    try {
      const ready = await readyOn(port);
      expect(ready, server.output().stderr).toBe(true);
      expect(server.output().stdout).toContain('no demo data');
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo-2026' }),
      });
      expect(login.status).toBe(401);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it.each([
    [{ PORT: 'eighty' }, /Cannot start: Invalid configuration: PORT/],
    [{ DATABASE_URL: 'mysql://root@localhost/shop' }, /Cannot start: Invalid configuration: DATABASE_URL/],
    [{ WEB_CONCURRENCY: '2' }, /Cannot start: Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL/],
    [{ WEB_CONCURRENCY: '0' }, /Cannot start: Invalid configuration: WEB_CONCURRENCY must be at least 1/],
    [
      { NODE_ENV: 'production', PAYMENTS: 'sandbox' },
      /Cannot start: Invalid configuration: PAYMENT_WEBHOOK_SECRET, ORDER_TOKEN_SECRET, SANDBOX_BANK_SECRET must be set in production/,
    ],
    [
      { NODE_ENV: 'production', PAYMENTS: 'sandbox', PAYMENT_WEBHOOK_SECRET: 'webhook-secret-0123456789' },
      /Cannot start: Invalid configuration: ORDER_TOKEN_SECRET, SANDBOX_BANK_SECRET must be set in production/,
    ],
    [
      { ...sandboxSecrets, SEED_DEMO: '1' },
      /Cannot start: Invalid configuration: SEED_DEMO=1 is refused in production/,
    ],
    [
      { NODE_ENV: 'production', PAYMENT_WEBHOOK_SECRET: 'a-webhook-secret-0123' },
      /Cannot start: Invalid configuration: no payment provider is configured/,
    ],
    [sandboxSecrets, /Cannot start: Invalid configuration: production needs DATABASE_URL \(PostgreSQL\)/],
    [
      { ...sandboxProduction, ORDER_TOKEN_SECRET: 'a'.repeat(20) },
      /Cannot start: Invalid configuration: ORDER_TOKEN_SECRET too weak for production/,
    ],
    [payuProduction, /Cannot start: Invalid configuration: PAYU_BASE_URL must be set in production/],
    [
      { ...payuProduction, PAYU_CLIENT_SECRET: 's', PAYU_BASE_URL: 'https://secure.payu.com' },
      /Cannot start: Invalid configuration: PAYU_CLIENT_SECRET too weak for production/,
    ],
    [
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      /Cannot start: database at DATABASE_URL cannot be opened|Cannot start: migrations failed/,
    ],
  ])('refuses to start with %j, saying what is wrong in one line', async (env, message) => {
    const server = startServer(env);
    expect(await server.exited).toBe(1);
    const lines = server
      .output()
      .stderr.trim()
      .split('\n')
      .filter((line) => line.startsWith('Cannot start'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});
