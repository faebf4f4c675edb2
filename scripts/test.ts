// `npm test`: typecheck, lint, format, tenant configs, then every test layer in order, stopping at the
// first failure. Each test layer prints its own 'N passed, N failed' line; the run ends with one over all
// of them. A layer fails when vitest says so, and also when its report says it ran no test, did not
// succeed (a set-up that threw, an error outside a test) or is missing: each of these once let a run
// whose database never started end green.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const bin = (name: string) => `node_modules/.bin/${name}`;
let passed = 0;
let failed = 0;

function run(label: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  console.log(`${result.status === 0 ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result.status === 0;
}

type Report = { numTotalTests: number; numPassedTests: number; numFailedTests: number; success: boolean };
const suites: string[] = [];

function vitest(project: string, extra: string[] = []): boolean {
  mkdirSync('test-results', { recursive: true });
  const report = `test-results/vitest-${project}.json`;
  // A report left by an earlier run must not stand in for this one's.
  rmSync(report, { force: true });
  const ok = run(`tests: ${project}`, process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extra,
  ]);
  const summary = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as Report) : null;
  const problem = !summary
    ? 'it wrote no report'
    : summary.numTotalTests === 0
      ? 'it ran no test (see the error above: a set-up that failed?)'
      : !summary.success && summary.numFailedTests === 0
        ? 'it did not succeed although no test failed (a set-up, a test file or an error outside the tests; see above)'
        : !ok && summary.numFailedTests === 0
          ? 'vitest exited with a failure although no test failed (see above)'
          : null;
  if (summary) {
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
  }
  const counts = summary ? `${summary.numPassedTests} passed, ${summary.numFailedTests} failed` : 'no result';
  suites.push(`${project}: ${counts}${problem ? ` — FAILED: ${problem}` : ''}`);
  if (problem) console.error(`✘ tests: ${project} failed: ${problem}`);
  return ok && !problem && summary !== null && summary.numFailedTests === 0;
}

function ensureChromium(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() === 0) {
    return run('install Chromium (apt-get)', 'sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
    ]);
  }
  console.error(
    `Chromium is missing at ${CHROMIUM}. Install it: sudo apt-get update && sudo apt-get install -y chromium`,
  );
  return false;
}

const steps: (() => boolean)[] = [
  ensureChromium,
  () => run('typecheck', process.execPath, [bin('astro'), 'check', '--minimumSeverity', 'warning']),
  () => run('lint', process.execPath, [bin('eslint'), '--max-warnings', '0', '.']),
  () => run('OpenAPI lint', process.execPath, ['scripts/lint-openapi.ts']),
  () => run('format', process.execPath, [bin('prettier'), '--check', '--log-level', 'warn', '.']),
  () => run('tenant configs', process.execPath, ['tenants/check-cli.ts']),
  () => vitest('unit', ['--coverage']),
  () => run('build', process.execPath, [bin('astro'), 'build', '--silent']),
  () => vitest('api'),
  () => vitest('pglite'),
  () => vitest('e2e'),
];

const projects = ['unit', 'api', 'pglite', 'e2e'];
let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    break;
  }
}
console.log('');
for (const line of suites) console.log(line);
const notRun = projects.filter((project) => !suites.some((line) => line.startsWith(`${project}:`)));
if (notRun.length > 0) console.log(`not run (an earlier step failed): ${notRun.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
