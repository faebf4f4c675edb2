// Strips the types of the server's TypeScript modules into node_modules/.cache/stripped-types/, where
// scripts/load-stripped-types.mjs finds them, so that server processes run without Node's type stripper (decision
// 035). Node's own stripping (module.stripTypeScriptTypes), in this process rather than in each server's: the same
// JavaScript, types replaced by spaces so lines and columns stay where they were. Only files changed since their copy.
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('..', import.meta.url));
// What a server process imports: its own code, the database layer, the islands' shared code, the brand configs and
// the sites' shared texts.
const FOLDERS = ['server', 'db', 'app', 'i18n', 'tenants', 'sites'];

function* typeScriptFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.test.ts'))
      yield full;
  }
}

/** module.stripTypeScriptTypes, without its warning that it is experimental on every `npm start`. */
function strip(source: string): string {
  const warn = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return stripTypeScriptTypes(source, { mode: 'strip' });
  } finally {
    process.emitWarning = warn;
  }
}

/** Strips every module not stripped since it last changed; answers how many it stripped. */
export function stripTypesAhead(root = repository): number {
  const cache = path.join(root, 'node_modules', '.cache', 'stripped-types');
  let stripped = 0;
  for (const folder of FOLDERS)
    for (const file of typeScriptFiles(path.join(root, folder))) {
      const copy = path.join(cache, `${path.relative(root, file)}.js`);
      const copiedAt = (() => {
        try {
          return statSync(copy).mtime.getTime();
        } catch {
          return 0;
        }
      })();
      // The copy carries its source's modification time: any other time means the source changed since, even to
      // an older time (a file put back from an archive or an older commit keeps that commit's time).
      const changedAt = statSync(file).mtime;
      if (copiedAt === changedAt.getTime()) continue;
      mkdirSync(path.dirname(copy), { recursive: true });
      writeFileSync(copy, strip(readFileSync(file, 'utf8')));
      utimesSync(copy, changedAt, changedAt);
      stripped += 1;
    }
  return stripped;
}
