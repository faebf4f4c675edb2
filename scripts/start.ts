// `npm start`: builds the sites when the build is missing or older than its sources, then starts the server,
// which migrates and seeds the database, with the demo data (SEED_DEMO=1) unless NODE_ENV=production. One command
// on a fresh clone.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server/node-flags.ts';
import { compileMessages } from './i18n-compile.ts';
import { stripTypesAhead } from './strip-types-ahead.ts';

const distDir = process.env['DIST_DIR'] ?? 'dist';
const stamp = path.join(distDir, 'index.html');
const sources = ['sites', 'app', 'i18n', 'messages', 'tenants', 'server/domain', 'astro.config.mjs', 'package.json'];
// Compiled from messages/ (a source above), so its age says nothing about the build's.
const generated = path.join('i18n', 'paraglide');

function newest(target: string): number {
  if (!existsSync(target) || target === generated) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((max, entry) => Math.max(max, newest(path.join(target, entry))), info.mtimeMs);
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newest))) {
  console.log('Building the sites…');
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Cannot start: the site build failed (see above)');
    process.exit(build.status ?? 1);
  }
}

// The server imports the compiled messages (its e-mails, the brand contact form's answer); the build above compiles
// them, but a checkout whose dist/ is current and whose i18n/paraglide/ was deleted or never compiled has none.
if (!existsSync(path.join(generated, 'messages.js'))) compileMessages();

// The server runs its modules as stripped here, without loading Node's type stripper itself (decision 035).
stripTypesAhead();

const production = process.env['NODE_ENV'] === 'production';
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env, SEED_DEMO: process.env['SEED_DEMO'] ?? (production ? '0' : '1') },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
