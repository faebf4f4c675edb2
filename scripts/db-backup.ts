// `npm run db:backup`: a pgBackRest backup of the shop's PostgreSQL cluster into its repository (README "Operating it",
// deploy/pgbackrest/, decision 047). Run it on the database's machine, as root or as the cluster's owner: pgBackRest
// reads the cluster's files, so as root it runs as the `postgres` user.
//
//   npm run db:backup                    # full when the newest full backup is a week old or missing, else incremental
//   npm run db:backup -- --type=full     # any pgBackRest backup option passes through
//
// pgBackRest's settings come from /etc/pgbackrest.conf (or PGBACKREST_CONFIG), the stanza from PGBACKREST_STANZA
// (default: marketplace). The WAL between backups is archived continuously by archive_command, which is what makes a
// restore to any moment possible.
import { spawnSync } from 'node:child_process';

const STANZA = process.env['PGBACKREST_STANZA'] ?? 'marketplace';
const FULL_EVERY_MS = 7 * 24 * 3600 * 1000;
const extra = process.argv.slice(2);

function postgresUser(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    console.error('Cannot back up: no postgres user on this machine (run it on the database server)');
    process.exit(1);
  }
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

const owner = postgresUser();
const pgbackrest = (args: string[], capture: boolean) =>
  spawnSync('pgbackrest', [`--stanza=${STANZA}`, ...args], {
    ...owner,
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    // pgBackRest's own folder for temporary files may not be the caller's working directory's.
    cwd: '/',
  });

/** Full when none is younger than a week, so a restore replays at most a week of changes; incremental otherwise. */
function backupType(): string {
  const info = pgbackrest(['info', '--output=json'], true);
  if (info.error) {
    console.error(`Cannot back up: ${info.error.message} (apt-get install -y pgbackrest)`);
    process.exit(1);
  }
  const stanzas =
    info.status === 0
      ? (JSON.parse(info.stdout) as { backup?: { type: string; timestamp: { stop: number } }[] }[])
      : [];
  const fullAt = (stanzas[0]?.backup ?? [])
    .filter((backup) => backup.type === 'full')
    .map((backup) => backup.timestamp.stop * 1000);
  return fullAt.length > 0 && Date.now() - Math.max(...fullAt) < FULL_EVERY_MS ? 'incr' : 'full';
}

const type = extra.some((arg) => arg.startsWith('--type')) ? null : backupType();
const started = Date.now();
const backup = pgbackrest(['backup', ...(type ? [`--type=${type}`] : []), ...extra], false);
if (backup.status !== 0) {
  console.error(`Backup failed (pgbackrest exited with ${backup.status ?? backup.error?.message})`);
  process.exit(backup.status ?? 1);
}
console.log(
  `Backup done${type ? ` (${type})` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s; pgbackrest --stanza=${STANZA} info lists it`,
);
