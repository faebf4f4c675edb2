import { spawnSync } from 'node:child_process';
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
