// `npm run i18n:compile`: compiles the inlang project (project.inlang/, messages/*.json) into i18n/paraglide/, the
// message functions the islands and pages import. The output is generated, never committed: astro.config.mjs
// runs this before every build, check and dev start, and the unit tests' global setup runs it too.
// It works offline: settings.json loads the message-format plugin from node_modules, not from a CDN
// (docs/decisions/010-paraglide-messages.md).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs Paraglide's CLI in a child process: the inlang SDK leaves 30-second timers behind after compiling, which
 * would hold whatever process called it (Astro, Vitest) open that long; the CLI exits as soon as it is done.
 */
export function compileMessages(): void {
  // `npm test` compiles once before its lanes start: a second compile rewriting i18n/paraglide/ while another lane's
  // tests import from it would race.
  if (process.env['MESSAGES_COMPILED'] === '1') return;
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/@inlang/paraglide-js/bin/run.js'),
      'compile',
      '--project',
      './project.inlang',
      '--outdir',
      './i18n/paraglide',
      // Every call names its locale; Paraglide's own cookie would duplicate our `lang` cookie (which says `ua`).
      '--strategy',
      'globalVariable',
      'baseLocale',
      '--silent',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`Compiling the messages failed (exit ${result.status ?? result.signal})`);
  // When the plugin cannot be loaded (a missing `npm install`), the CLI only warns and writes no message at all.
  const index = readFileSync(path.join(root, 'i18n/paraglide/messages/_index.js'), 'utf8');
  if (!index.includes('./error_internalerror')) {
    throw new Error(
      'Compiling the messages wrote no message: is @inlang/plugin-message-format installed (npm install)?',
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) compileMessages();
