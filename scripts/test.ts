// `npm test`: typecheck, lint, format, tenant configs, then every test layer in order, stopping at the
// first failure. Ends with one 'N passed, N failed' line over all test layers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

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

function vitest(project: string, extra: string[] = []): boolean {
  mkdirSync('test-results', { recursive: true });
  const report = `test-results/vitest-${project}.json`;
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
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
  }
  return ok;
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

let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    break;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
