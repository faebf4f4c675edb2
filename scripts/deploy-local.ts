// `npm run deploy:local`: the production topology on this machine (README "Operating it", decision 047): nginx in
// front, serving the built sites itself and passing the rest to two server processes on their own ports, one
// PostgreSQL. Everything runs as children of this process, in a temporary folder of its own; Ctrl-C drains the
// servers, stops nginx and removes the folder.
//
//   npm run deploy:local                      # PostgreSQL at 127.0.0.1:5432, database marketplace_local
//   DATABASE_URL=postgres://…/name npm run deploy:local -- --servers 3 --port 8080
//
// The servers run as in production (NODE_ENV=production, TRUST_PROXY=1, WEB_CONCURRENCY=1 each) with the sandbox
// taking payments. The database is created when missing and gets the demo data (restaurants, logins) the first time,
// so the shop has something to order from; the servers accept the demo logins (DEMO_LOGINS_IN_PRODUCTION=1), which
// a real production refuses. The tests (tests/deploy) start the same deployment through startDeployment.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../tests/setup/postgres.ts';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server/node-flags.ts';
import { loadDevSecrets } from '../server/dev-secrets.ts';
import { parseEnv } from '../server/env.ts';
import { loadTenants } from '../tenants/index.ts';
import { nginxStandalone } from './nginx-config.ts';
import { stripTypesAhead } from './strip-types-ahead.ts';

/** The nginx binary: Debian's package puts it in /usr/sbin, which a non-root PATH often lacks. */
export function findNginx(): string | null {
  const candidates = [process.env['NGINX_BIN'], '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

// Children still running when this process exits (an error, a kill): they are in process groups of their own, so
// nothing else would stop them.
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
function track(child: ChildProcess) {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One server process behind nginx: stopped (drained) and started again by the rolling restart. */
export type ServerProcess = {
  port: number;
  /** Starts the process and waits until its /readyz answers 200. */
  start: () => Promise<void>;
  /** SIGTERM, and waits for the process to exit (it drains first); answers its exit code. */
  stop: () => Promise<number | null>;
  /** What the process has printed, for a failure's message. */
  output: () => string;
};

export type Deployment = {
  /** nginx's address: the shop at http://localhost:<port>. */
  url: string;
  port: number;
  servers: ServerProcess[];
  /** Drains the servers, stops nginx, removes the temporary folder. */
  stop: () => Promise<void>;
};

type Options = {
  databaseUrl: string;
  servers?: number;
  /** nginx's port; a free one when absent. */
  port?: number;
  /** Extra environment for the servers. */
  env?: Record<string, string>;
  /** Where the servers keep their secrets file (the three signing keys, shared by all of them). */
  secretsDir?: string;
  /** Prints every line the servers and nginx write, prefixed; otherwise keeps it for output(). */
  verbose?: boolean;
};

function serverProcess(port: number, env: Record<string, string>, verbose: boolean): ServerProcess {
  let child: ChildProcess | null = null;
  let exited: Promise<number | null> = Promise.resolve(null);
  let log = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (verbose) for (const line of text.trimEnd().split('\n')) console.log(`[server :${port}] ${line}`);
    else log = (log + text).slice(-20_000);
  };
  return {
    port,
    output: () => log,
    start: async () => {
      const started = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/main.ts'], {
        env: { ...SERVER_ENV, ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: Ctrl-C in the terminal reaches this script only, which stops the children in order.
        detached: true,
      });
      child = started;
      track(started);
      started.stdout!.on('data', keep);
      started.stderr!.on('data', keep);
      exited = new Promise((resolve) => started.once('exit', (code) => resolve(code)));
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (started.exitCode !== null) throw new Error(`server on port ${port} exited (${started.exitCode}): ${log}`);
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) return;
        if (Date.now() > deadline) throw new Error(`server on port ${port} not ready in 120 s: ${log}`);
        await sleep(100);
      }
    },
    stop: async () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Creates the database DATABASE_URL names when it does not exist; answers whether it did not. */
async function createDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (found) return false;
    await admin.unsafe(`create database "${name.replace(/"/g, '""')}"`);
    return true;
  } finally {
    await admin.end();
  }
}

/** Migrates, and seeds the demo data into a database that has none (the servers load the brands at each start). */
async function prepareDatabase(databaseUrl: string): Promise<string> {
  const created = await createDatabase(databaseUrl);
  const [{ migrateDatabase, openDatabase }, { seedDatabase }] = await Promise.all([
    import('#db/client.ts'),
    import('#db/seed/index.ts'),
  ]);
  const database = await openDatabase({ url: databaseUrl, max: 1 });
  try {
    await migrateDatabase(database);
    const result = await seedDatabase(database.db, { demo: true, tenants: loadTenants() });
    return `${created ? 'created, ' : ''}demo data ${result.demo}`;
  } finally {
    await database.close();
  }
}

/**
 * nginx and `servers` server processes on the given database, migrated already (the servers migrate at start too,
 * but the migrations take no lock: two servers applying the same one at once would collide), every port free or
 * given.
 */
export async function startDeployment(options: Options): Promise<Deployment> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const count = options.servers ?? 2;
  const verbose = options.verbose ?? false;
  const port = options.port ?? (await freePort());
  const ports: number[] = [];
  while (ports.length < count) {
    const candidate = await freePort();
    if (candidate !== port && !ports.includes(candidate)) ports.push(candidate);
  }
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'marketplace-deploy-'));
  const secretsDir = options.secretsDir ?? path.join(prefix, 'secrets');
  const secrets = loadDevSecrets(secretsDir);
  const url = `http://localhost:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: '1',
    TRUST_PROXY: '1',
    PUBLIC_BASE_URL: url,
    PAYMENTS: 'sandbox',
    DEMO_LOGINS_IN_PRODUCTION: '1',
    ...secrets,
    ...options.env,
  };
  const servers = ports.map((serverPort) => serverProcess(serverPort, env, verbose));

  // The same configuration the servers parse: the hosts and headers nginx serves the files with follow from it.
  const parsed = parseEnv({ ...process.env, ...env, PORT: String(ports[0]) });
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    nginxStandalone({
      listen: `127.0.0.1:${port}`,
      upstreams: ports.map((serverPort) => `127.0.0.1:${serverPort}`),
      distDir: path.resolve(parsed.distDir),
      env: parsed,
      tenants: loadTenants(),
      googlePay: false,
      servedBy: true,
      prefix,
    }),
  );
  let nginxChild: ChildProcess | null = null;
  let nginxLog = '';
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    if (nginxChild && nginxChild.exitCode === null && nginxChild.signalCode === null) {
      const exited = new Promise((resolve) => nginxChild!.once('exit', resolve));
      // SIGQUIT: nginx finishes the requests it is serving, then exits.
      nginxChild.kill('SIGQUIT');
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    // The sources stripped of their types, once for every server (decision 035).
    stripTypesAhead();
    // All at once: the database is migrated already (prepareDatabase, or the tests' template), and the brands each
    // start loads are loaded under the seed's advisory lock.
    await Promise.all(servers.map((server) => server.start()));
    nginxChild = spawn(nginx, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const child = nginxChild;
    track(child);
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (verbose) for (const line of text.trimEnd().split('\n')) console.log(`[nginx] ${line}`);
      nginxLog = (nginxLog + text).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${nginxLog}`);
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer in 20 s: ${nginxLog}`);
      await sleep(50);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  let stopping: Promise<void> | null = null;
  return { url, port, servers, stop: () => (stopping ??= stopAll()) };
}

async function main() {
  const { values } = parseArgs({
    options: {
      servers: { type: 'string', default: '2' },
      port: { type: 'string' },
    },
  });
  const databaseUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/marketplace_local';
  if (!existsSync(path.join(process.env['DIST_DIR'] ?? 'dist', 'index.html'))) {
    console.log('Building the sites…');
    const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const shown = databaseUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:…@');
  console.log(`Database ${shown}: ${await prepareDatabase(databaseUrl)}`);
  // The signing keys survive restarts of this script, so the links it gave out (order status pages) keep working.
  const secretsDir = path.resolve('.data', 'deploy-local');
  mkdirSync(secretsDir, { recursive: true });
  const deployment = await startDeployment({
    databaseUrl,
    servers: Number(values.servers),
    ...(values.port ? { port: Number(values.port) } : {}),
    secretsDir,
    verbose: true,
  });
  console.log(
    `\nnginx on ${deployment.url} in front of servers on ports ${deployment.servers.map((s) => s.port).join(', ')}` +
      `; brand sites at http://<slug>.localhost:${deployment.port}. Ctrl-C stops everything.`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: draining the servers, stopping nginx`);
    await deployment.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
