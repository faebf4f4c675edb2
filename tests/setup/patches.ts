import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The files under node_modules that a patch in patches/ changes but that do not read as it leaves them: every hunk's
 * resulting lines (context and additions) must appear, in order, in the installed file. patch-package applies the
 * patches only when `npm install` runs; a node_modules installed or patched before the patch last changed keeps the
 * old driver without a word, and the database-restart test then hangs instead of failing (decision 013).
 */
export function unappliedPatches(root = process.cwd()): string[] {
  const dir = path.join(root, 'patches');
  const problems: string[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.patch'))) {
    let file: string | null = null;
    let installed = '';
    let hunk: string[] | null = null;
    const check = () => {
      if (file && hunk && !installed.includes(hunk.join('\n'))) problems.push(`${name}: ${file}`);
      hunk = null;
    };
    for (const line of readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      const target = /^\+\+\+ b\/(.+)$/.exec(line);
      if (target) {
        check();
        file = target[1]!;
        installed = readFileSync(path.join(root, file), 'utf8');
      } else if (line.startsWith('diff --git ') || line.startsWith('--- ')) {
        check();
      } else if (line.startsWith('@@')) {
        check();
        hunk = [];
      } else if (hunk && (line.startsWith(' ') || line.startsWith('+'))) {
        hunk.push(line.slice(1));
      }
    }
    check();
  }
  return [...new Set(problems)];
}

/** Throws, naming the files, when node_modules does not carry every patch in patches/. */
export function assertPatchesApplied(root = process.cwd()) {
  const problems = unappliedPatches(root);
  if (problems.length > 0)
    throw new Error(
      `node_modules does not carry these patches (run \`npm install\`, or reinstall the package and run ` +
        `\`npx patch-package\`):\n  ${problems.join('\n  ')}`,
    );
}
