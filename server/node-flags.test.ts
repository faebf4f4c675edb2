import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripTypesAhead } from '../scripts/strip-types-ahead.ts';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

/** Which of Node's type strippers a process loaded by the time it had imported the whole application. */
function strippersLoaded(flags: string[]): string[] {
  const run = spawnSync(
    process.execPath,
    [
      ...flags,
      '--input-type=module',
      '-e',
      "await import('./server/app.ts'); console.log(JSON.stringify(process.moduleLoadList.filter((m) => m.includes('amaro'))));",
    ],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? 'null') as string[];
}

// Decision 035: Node's own type stripper (swc in WebAssembly) held 18 MB of every server process.
describe('server processes run their TypeScript stripped beforehand', () => {
  it('load the whole application without Node’s type stripper, which a plain start loads', () => {
    stripTypesAhead();
    expect(strippersLoaded(SERVER_NODE_FLAGS)).toEqual([]);
    expect(strippersLoaded([])).not.toEqual([]);
  }, 60_000);
});

describe('the stripped copies', () => {
  it('follow their source when it changes, even to an older time (a file put back from an older commit)', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'strip-ahead-'));
    try {
      for (const folder of ['server', 'db', 'app', 'i18n', 'tenants', 'sites']) mkdirSync(path.join(root, folder));
      const source = path.join(root, 'server', 'a.ts');
      const copy = path.join(root, 'node_modules', '.cache', 'stripped-types', 'server', 'a.ts.js');
      writeFileSync(source, 'export const a: number = 1;\n');
      expect(stripTypesAhead(root)).toBe(1);
      expect(readFileSync(copy, 'utf8')).toContain('export const a         = 1;');
      expect(stripTypesAhead(root)).toBe(0);

      writeFileSync(source, 'export const a: string = "older";\n');
      const yesterday = new Date(Date.now() - 86_400_000);
      utimesSync(source, yesterday, yesterday);
      expect(stripTypesAhead(root)).toBe(1);
      expect(readFileSync(copy, 'utf8')).toContain('"older"');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
