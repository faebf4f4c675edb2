// Issue 31: backups with point-in-time recovery through pgBackRest (deploy/pgbackrest/, decision 047). A cluster of
// its own, archiving its WAL to a repository as production's does; a full backup; an order; the moment; another
// order; then a second cluster restored from the repository to that moment has the first order and not the second.
import { mediaStorageFor } from '#server/services/media/storage.ts';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows, type Database } from '#db/client.ts';
import { seedDatabase } from '#db/seed/index.ts';
import { createApp } from '#server/app.ts';
import type { AppDeps } from '#server/context.ts';
import { parseEnv } from '#server/env.ts';
import { createPaymentProviders } from '#server/services/payments/providers.ts';
import { loadTenants } from '#tenants/index.ts';
import { freePort } from '../setup/postgres.ts';
import type { TestContext } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, plCustomer } from '../helpers/orders.ts';

// pgBackRest 2.45 (Debian 12) knows PostgreSQL up to 15: the machine's own binaries, not the tests' embedded ones.
const PGBACKREST = ['/usr/bin/pgbackrest', '/usr/local/bin/pgbackrest'].find((file) => existsSync(file));
const POSTGRES_BIN = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
})();
const missing = !PGBACKREST ? 'pgbackrest' : !POSTGRES_BIN ? 'PostgreSQL server binaries (/usr/lib/postgresql)' : null;
if (missing)
  console.warn(`tests/deploy point-in-time restore skipped: ${missing} not installed (apt-get install -y pgbackrest)`);

const STANZA = 'marketplace';
const asRoot = process.getuid?.() === 0;

/** The `postgres` user's ids: PostgreSQL refuses to run as root, and pgBackRest runs as the cluster's owner. */
function postgresUser(): { uid: number; gid: number } | null {
  if (!asRoot) return null;
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) throw new Error('no postgres user (the PostgreSQL package creates it)');
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

describe.skipIf(missing !== null)('point-in-time recovery with pgBackRest', () => {
  const user = postgresUser();
  const owner = user ? { uid: user.uid, gid: user.gid } : {};
  let root = '';
  let config = '';
  const servers: ChildProcess[] = [];

  const own = (folder: string) => {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (user) chownSync(folder, user.uid, user.gid);
    return folder;
  };
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { ...owner, encoding: 'utf8', cwd: root });
    if (result.status !== 0)
      throw new Error(`${path.basename(command)} ${args.join(' ')}: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  const pgbackrest = (...args: string[]) => run(PGBACKREST!, [`--config=${config}`, `--stanza=${STANZA}`, ...args]);

  /** Starts a cluster's server on a free port; answers its URL once it takes connections. */
  async function startCluster(dataDir: string, settings: string[] = []): Promise<string> {
    const port = await freePort();
    const server = spawn(
      path.join(POSTGRES_BIN!, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', ...settings],
      { ...owner, cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    servers.push(server);
    let log = '';
    server.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString('utf8')).slice(-10_000)));
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`postgres exited: ${log}`);
      const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 2 });
      const up = await client`select 1`.then(
        () => true,
        () => false,
      );
      await client.end();
      if (up) return url;
      if (Date.now() > deadline) throw new Error(`postgres did not start: ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null) return resolve();
            server.once('exit', () => resolve());
            server.kill('SIGINT');
          }),
      ),
    );
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('restores a second cluster to the moment between two orders: the first is there, the second is not', async () => {
    // In memory where the machine has it: pgBackRest and PostgreSQL sync every file they write, and on this
    // throwaway cluster those syncs were most of the backup's time (7.8 s on disk, 2.9 s here).
    const memory = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
    root = own(mkdtempSync(path.join(memory, 'marketplace-pitr-')));
    config = path.join(root, 'pgbackrest.conf');
    const socketDir = own(path.join(root, 'socket'));
    const primary = own(path.join(root, 'primary'));
    const restored = own(path.join(root, 'restored'));
    own(path.join(root, 'repo'));
    own(path.join(root, 'log'));
    own(path.join(root, 'lock'));
    run(path.join(POSTGRES_BIN!, 'initdb'), [
      `--pgdata=${primary}`,
      '--username=postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    // The repository's settings, as deploy/pgbackrest/pgbackrest.conf has them, with this test's folders and no
    // compression (seconds saved on a small cluster).
    writeFileSync(
      config,
      [
        '[global]',
        `repo1-path=${root}/repo`,
        'repo1-retention-full=2',
        `log-path=${root}/log`,
        `lock-path=${root}/lock`,
        'log-level-console=warn',
        'log-level-file=off',
        'start-fast=y',
        'compress-type=none',
        'process-max=2',
        `[${STANZA}]`,
        `pg1-path=${primary}`,
        `pg1-socket-path=${socketDir}`,
        '',
      ].join('\n'),
    );
    if (user) chownSync(config, user.uid, user.gid);
    const archiving = [
      '-c',
      `unix_socket_directories=${socketDir}`,
      '-c',
      'archive_mode=on',
      '-c',
      `archive_command=${PGBACKREST} --config=${config} --stanza=${STANZA} archive-push %p`,
    ];
    const primaryUrl = await startCluster(primary, archiving);
    const port = new URL(primaryUrl).port;
    const withPort = (...args: string[]) => pgbackrest(`--pg1-port=${port}`, ...args);
    withPort('stanza-create');
    // `npm run db:backup`, with this test's configuration: a full backup, as the repository holds none yet. Online,
    // as in production: the shop's database is created and migrated meanwhile.
    const backup = new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/db-backup.ts', `--pg1-port=${port}`], {
        env: { ...process.env, PGBACKREST_CONFIG: config, PGBACKREST_STANZA: STANZA },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.once('exit', (status) => resolve({ status, output }));
    });

    // The shop's database on it, and two orders placed through the app.
    const admin = postgres(primaryUrl, { max: 1, onnotice: () => {} });
    await admin`create database marketplace`;
    await admin.end();
    const databaseUrl = primaryUrl.replace(/\/postgres$/, '/marketplace');
    const database: Database = await openDatabase({ url: databaseUrl, max: 2 });
    const placeOne = async (ctx: TestContext, email: string) => {
      const basket = await makeBasket(ctx.deps.db);
      const response = await placeOrder(ctx, basket.basketId, {
        ...plCustomer,
        email,
        zip: basket.zip,
        lat: basket.lat,
        lng: basket.lng,
        consents: allConsents,
        paymentMethod: 'blik',
        blikCode: '123456',
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { order: { id: string } }).order.id;
    };
    let moment: string;
    let first: string;
    let second: string;
    try {
      await migrateDatabase(database);
      await seedDatabase(database.db, { demo: true });
      // The orders come after the backup, so that only the WAL archived since holds them.
      const { status, output } = await backup;
      expect(status, output).toBe(0);
      expect(output).toContain('Backup done (full)');
      const env = parseEnv({ NODE_ENV: 'test' });
      const deps: AppDeps = {
        db: database.db,
        env,
        tenants: loadTenants(),
        now: () => new Date(),
        payments: createPaymentProviders(env, { db: database.db }),
        media: mediaStorageFor(env),
      };
      const ctx = { app: createApp(deps), deps } as unknown as TestContext;
      // pgBackRest keeps a backup's stop time in whole seconds: a moment in the same second as the backup's end can
      // read as before it ('unable to find backup set with stop time less than …', seen once in a whole npm test).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      first = await placeOne(ctx, 'first@example.com');
      // The database's own clock, after the first order's commit and before the second's.
      await deps.payments.sandbox?.settled();
      const [row] = await queryRows<{ moment: string }>(database.db, sql`select clock_timestamp()::text as moment`);
      moment = row!.moment;
      second = await placeOne(ctx, 'second@example.com');
      await deps.payments.sandbox?.settled();
      await deps.payments.recorded();
    } finally {
      await database.close();
    }
    // `check` switches to a new WAL file and waits until the one holding the second order is in the repository.
    withPort('check');

    run(PGBACKREST!, [
      `--config=${config}`,
      `--stanza=${STANZA}`,
      `--pg1-path=${restored}`,
      '--type=time',
      `--target=${moment}`,
      '--target-action=promote',
      'restore',
    ]);
    // The restored cluster must not archive into the primary's history, nor take its port.
    const restoredUrl = await startCluster(restored, [
      '-c',
      `unix_socket_directories=${socketDir}`,
      '-c',
      'archive_mode=off',
    ]);
    const restoredDb = postgres(restoredUrl.replace(/\/postgres$/, '/marketplace'), { max: 1, onnotice: () => {} });
    try {
      // Recovery replays the WAL up to the moment, then promotes: until then the cluster is read-only.
      await expect
        .poll(async () => (await restoredDb<{ r: boolean }[]>`select pg_is_in_recovery() as r`)[0]!.r, {
          timeout: 30_000,
        })
        .toBe(false);
      const orders = await restoredDb<{ id: string }[]>`select id from orders where id in (${first}, ${second})`;
      expect(orders.map((order) => order.id)).toEqual([first]);
    } finally {
      await restoredDb.end();
    }
  });
});
