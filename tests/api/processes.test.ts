import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { startServer } from '../helpers/server-process.ts';
import { freePort } from '../setup/postgres.ts';

// WEB_CONCURRENCY=2: the real server (server/main.ts) as a primary with two server processes on one port.
let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

/** The pids whose parent is `pid` (from /proc, as `ps --ppid` would list them). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // ended while we looked
      }
    })
    .map(Number);
}

describe('several server processes (WEB_CONCURRENCY)', { timeout: 180_000 }, () => {
  it('serves from two processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    database = await createTestDatabase({ max: 1 });
    const port = await freePort();
    const server = startServer({
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: '2',
    });
    const { child: primary, exited } = server;
    const stdout = () => server.output().stdout;
    const stderr = () => server.output().stderr;
    const waitFor = async (done: () => boolean | Promise<boolean>, what: string) => {
      // Up to 90 s: a server process starts in a second or two, but beside the browser tests on a busy machine it
      // has taken more than the 15 s once allowed.
      for (let i = 0; i < 900; i += 1) {
        if (await done()) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`timed out waiting for ${what}; stderr: ${stderr()}`);
    };

    await waitFor(() => stdout().includes('2 processes'), 'the start-up line');
    const workers = childrenOf(primary.pid!);
    expect(workers).toHaveLength(2);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fetch(`http://127.0.0.1:${port}/api/getLocationsAndConcepts`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    // /metrics from either process counts both (the primary adds them up, decision 046): six requests on fresh
    // connections, which the primary hands to its workers in turn, are six in any one scrape.
    for (let i = 0; i < 6; i += 1)
      await fetch(`http://127.0.0.1:${port}/api/ping`, { headers: { connection: 'close' } }).then((r) => r.text());
    const pings = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('http_requests_total{') && line.includes('route="/api/ping"'))
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
    for (let i = 0; i < 2; i += 1) {
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { connection: 'close' } });
      expect(scrape.status).toBe(200);
      expect(pings(await scrape.text())).toBe(6);
    }

    process.kill(workers[0]!, 'SIGKILL');
    await waitFor(() => stderr().includes('starting another'), 'the replacement');
    await waitFor(() => childrenOf(primary.pid!).filter((pid) => !workers.includes(pid)).length === 1, 'a new process');
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      'an answer after the replacement',
    );

    const serving = childrenOf(primary.pid!);
    expect(serving).toHaveLength(2);
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout()).toContain('stopped');
    // Once the primary is gone its children would belong to init, so each is looked up by its own pid.
    expect(serving.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
  });
});
