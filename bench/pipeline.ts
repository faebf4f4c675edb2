// What the middleware in front of every route costs, measured as the server's own CPU time per request (read from
// /proc around a fixed number of requests), which a busy machine disturbs far less than requests per second:
// a bare node:http server, a bare Hono route and the application's trivial route /api/ping.
//   npx node bench/pipeline.ts            (Linux; about a minute)
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SERVER_NODE_FLAGS } from '../server/node-flags.ts';
import { freePort } from '../tests/setup/postgres.ts';
import { wholeNumberSetting } from './settings.ts';

// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  amount: number;
  headers: Record<string, string>;
}) => Promise<{ non2xx: number; errors: number }>;

const REQUESTS = wholeNumberSetting('PIPELINE_REQUESTS', 40_000);
/** User plus system CPU time of a process in ms (clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const rows: { server: string; cpuMicrosPerRequest: number[] }[] = [];
for (const variant of ['bare', 'hono', 'app']) {
  const port = await freePort();
  const child = fork('bench/pipeline-server.ts', [variant], {
    execArgv: SERVER_NODE_FLAGS,
    env: { ...process.env, PORT: String(port) },
  });
  await new Promise((resolve) => child.once('message', resolve));
  const options = { url: `http://127.0.0.1:${port}/api/ping`, connections: 20, headers: { host: 'localhost' } };
  await autocannon({ ...options, amount: REQUESTS / 2 }); // warm-up
  const runs = [];
  for (let i = 0; i < 3; i += 1) {
    const before = cpuMs(child.pid!);
    const r = await autocannon({ ...options, amount: REQUESTS });
    if (r.non2xx || r.errors) throw new Error(`${variant}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    runs.push(Math.round(((cpuMs(child.pid!) - before) * 10_000) / REQUESTS) / 10);
  }
  child.kill('SIGTERM');
  rows.push({ server: variant, cpuMicrosPerRequest: runs });
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const bare = median(rows[0]!.cpuMicrosPerRequest);
console.log('| server | CPU µs per request (3 runs) | ÷ bare node:http |');
console.log('|---|---|---:|');
for (const r of rows)
  console.log(
    `| ${r.server} | ${r.cpuMicrosPerRequest.join(', ')} | ${Math.round((median(r.cpuMicrosPerRequest) / bare) * 100) / 100} |`,
  );
