import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { startServer } from '../helpers/server-process.ts';
import { freePort } from '../setup/postgres.ts';

// The real server over a loopback socket, where the address a limit counts against comes from: the socket peer,
// and X-Forwarded-For only as far as TRUST_PROXY says.
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function serve(env: Record<string, string>): Promise<string> {
  const database: TestDatabase = await createTestDatabase({ max: 1 });
  cleanup.push(() => database.drop());
  // The API needs no built site; the server only checks that one is there.
  const dist = mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  cleanup.push(async () => rmSync(dist, { recursive: true, force: true }));
  const port = await freePort();
  const server = startServer({
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DIST_DIR: dist,
    ...env,
  });
  cleanup.push(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });
  const base = `http://127.0.0.1:${port}`;
  // Up to 90 s: a server process starts in a second or two, but beside the browser tests on a busy machine it
  // has taken more than the 15 s once allowed.
  for (let i = 0; i < 900; i += 1) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return base;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start: ${server.output().stderr}`);
}

// A different unknown account each time, so only the per-address limit can answer 429.
const attempt = (base: string, i: number, forwardedFor: string) =>
  fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: `guess-${i}@example.com`, password: 'wrong-password' }),
  });

describe('login rate limit per address, over a real socket', { timeout: 120_000 }, () => {
  it('with no trusted proxy (the default) a made-up X-Forwarded-For does not start a new count', async () => {
    const base = await serve({ TRUST_PROXY: '' });
    for (let i = 0; i < 10; i += 1) expect((await attempt(base, i, `203.0.113.${i}`)).status).toBe(401);
    const blocked = await attempt(base, 10, '198.51.100.77');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ requestId: expect.any(String), error: 'tooManyRequests' });
  });

  it('behind one proxy (TRUST_PROXY=1) counts the address the proxy appended, whatever the client put before it', async () => {
    const base = await serve({ TRUST_PROXY: '1' });
    // The socket peer (127.0.0.1) is the proxy; it appends the address it saw to what the client sent.
    for (let i = 0; i < 10; i += 1) expect((await attempt(base, i, `10.9.9.${i}, 203.0.113.9`)).status).toBe(401);
    expect((await attempt(base, 10, '1.2.3.4, 203.0.113.9')).status).toBe(429);
    expect((await attempt(base, 11, '203.0.113.10, 203.0.113.9')).status).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await attempt(base, 12, '203.0.113.9, 203.0.113.10')).status).toBe(401);
  });
});
