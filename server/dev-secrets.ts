import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The secrets a server needs, one per purpose, so that one leaked or rotated key touches one thing only. */
export const SECRET_KEYS = ['PAYMENT_WEBHOOK_SECRET', 'ORDER_TOKEN_SECRET', 'SANDBOX_BANK_SECRET'] as const;
export type SecretKey = (typeof SECRET_KEYS)[number];

const DEV_SECRETS_FILE = 'secrets.json';

/**
 * Outside production, secrets nobody configured come from `<dataDir>/secrets.json`, random values written on
 * first use (mode 0600). Not constants in the repository, so a forgotten NODE_ENV=production does not hand out
 * known keys; not per process either, as order links must keep working after a restart and in every process
 * of WEB_CONCURRENCY. The file is created under a temporary name and linked into place, which fails if another
 * process got there first: then that one's file is read, never a half-written one.
 */
export function loadDevSecrets(dataDir: string): Record<SecretKey, string> {
  // A database in memory outlives no restart, and neither need its links.
  if (dataDir === 'memory://') return randomSecrets();
  const file = path.join(dataDir, DEV_SECRETS_FILE);
  const stored = readSecrets(file);
  if (stored) return stored;
  mkdirSync(dataDir, { recursive: true });
  const fresh = randomSecrets();
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const written = readSecrets(file);
  if (!written) throw new Error(`${file} does not hold ${SECRET_KEYS.join(', ')}; delete it to have it made again`);
  return written;
}

function readSecrets(file: string): Record<SecretKey, string> | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: Partial<Record<SecretKey, unknown>>;
  try {
    parsed = JSON.parse(text) as Partial<Record<SecretKey, unknown>>;
  } catch {
    return null;
  }
  const complete = SECRET_KEYS.every((key) => typeof parsed[key] === 'string' && (parsed[key] as string).length >= 16);
  return complete ? (parsed as Record<SecretKey, string>) : null;
}

export const randomSecrets = () =>
  Object.fromEntries(SECRET_KEYS.map((key) => [key, randomBytes(32).toString('base64url')])) as Record<
    SecretKey,
    string
  >;
