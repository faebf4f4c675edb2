import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../server/node-flags.ts';
import { stripTypesAhead } from '../../scripts/strip-types-ahead.ts';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { cloneDatabase, dropDatabase, freePort, prepareTemplate, startPostgres } from './postgres.ts';
import { startMailDrop } from '../helpers/mail.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverPort: number;
    /** Where the server's e-mails land, one JSON file each (tests/helpers/mail.ts, waitForMail). */
    mailDir: string;
    /** The server's database, for what only staff would do (accepting an order) and for checking what a page wrote. */
    databaseUrl: string;
  }
}

/**
 * End-to-end tests run against the real server, started the way `npm start` starts it (server/main.ts on
 * the built sites), on a free port and its own copy of the seeded database.
 */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/index.html')) {
    const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('astro build failed');
  }
  const { adminUrl, stop } = await startPostgres();
  const template = `mp_template_e2e_${process.pid}`;
  const name = `mp_e2e_${process.pid}`;
  await prepareTemplate(adminUrl, template);
  const url = await cloneDatabase(adminUrl, template, name);
  const port = await freePort();
  // The server sends its e-mail by SMTP, as in production, to a capture that files each message for the tests.
  const mailDir = path.resolve(`test-results/mail-${process.pid}`);
  const mail = await startMailDrop(mailDir);
  // As `npm start` runs it: the V8 flags, and the modules stripped of their types beforehand (decision 035).
  stripTypesAhead();
  const server: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_REQUESTS: '0',
      // What the server prints besides requests, as before it logged through pino (silent under NODE_ENV=test).
      LOG_LEVEL: 'info',
      SMTP_URL: mail.url,
      // A customer waiting for an activation link gets it within a second, not the 10 s production waits between
      // sends: the account tests wait for several e-mails each.
      OUTBOX_INTERVAL_MS: '250',
      // Tests that stand for separate visitors say so with X-Forwarded-For (visitorAddress in tests/helpers/browser.ts),
      // as a proxy in front of the server would, so that one file's discount-code tries do not use up another's.
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://localhost:${port}`;
  // A start takes seconds; on a machine busy with the API tests beside it (scripts/test.ts), it has taken over a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('server did not become ready in 180 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('serverPort', port);
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('mailDir', mailDir);
  project.provide('databaseUrl', url);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await mail.close();
    rmSync(mailDir, { recursive: true, force: true });
    await dropDatabase(adminUrl, name);
    await dropDatabase(adminUrl, template);
    await stop();
  };
}
