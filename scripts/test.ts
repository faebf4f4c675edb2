// `npm test`: typecheck, lint, format, tenant configs and every test layer, in two lanes that each stop at their
// first failure. Each test layer prints its own 'N passed, N failed' line; the run ends with one over all of them. A layer
// fails when vitest says so, and also when its report says it ran no test, did not succeed (a set-up that threw, an
// error outside a test) or is missing: each of these once let a run whose database never started end green.
//
// The lanes run side by side: most steps are one busy thread (tsc, eslint, prettier, the Astro build) or wait on
// PostgreSQL and the browser, so two lanes keep both cores of the machine busy. Every line a lane prints carries its
// name.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { compileMessages } from './i18n-compile.ts';

// The browser tests' Chromium (tests/helpers/browser.ts says why the headless shell).
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell';
const bin = (name: string) => `node_modules/.bin/${name}`;
let passed = 0;
let failed = 0;

function prefixed(stream: NodeJS.ReadableStream, out: NodeJS.WriteStream, label: string): Promise<void> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: stream });
    lines.on('line', (line) => out.write(`[${label}] ${line}\n`));
    lines.on('close', resolve);
  });
}

async function run(label: string, command: string, args: string[]): Promise<boolean> {
  console.log(`▶ ${label}`);
  const started = Date.now();
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours survive the pipe, so the reports read as they do in a terminal.
    env: { ...process.env, FORCE_COLOR: process.env['FORCE_COLOR'] ?? (process.stdout.isTTY ? '1' : '0') },
  });
  const output = Promise.all([
    prefixed(child.stdout, process.stdout, label),
    prefixed(child.stderr, process.stderr, label),
  ]);
  const status = await new Promise<number | null>((resolve) => {
    child.on('close', (code) => resolve(code));
    child.on('error', (error) => {
      console.error(`[${label}] ${error.message}`);
      resolve(null);
    });
  });
  await output;
  console.log(`${status === 0 ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return status === 0;
}

type Report = {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  success: boolean;
  testResults?: {
    name: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};
const suites: string[] = [];
// The failed tests, named again at the very end: a CI log is often read from its last lines only.
const failures: string[] = [];

function failedTests(project: string, report: Report): string[] {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const reason = (test.failureMessages?.[0] ?? '').split('\n')[0]!.slice(0, 300);
        return `${project}: ${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}\n    ${reason}`;
      }),
  );
}

async function vitest(project: string, extra: string[] = []): Promise<boolean> {
  mkdirSync('test-results', { recursive: true });
  const report = `test-results/vitest-${project}.json`;
  // A report left by an earlier run must not stand in for this one's.
  rmSync(report, { force: true });
  const ok = await run(`tests: ${project}`, process.execPath, [
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
    failures.push(...failedTests(project, summary));
  }
  const counts = summary ? `${summary.numPassedTests} passed, ${summary.numFailedTests} failed` : 'no result';
  suites.push(`${project}: ${counts}${problem ? ` — FAILED: ${problem}` : ''}`);
  if (problem) console.error(`✘ tests: ${project} failed: ${problem}`);
  return ok && !problem && summary !== null && summary.numFailedTests === 0;
}

async function ensureChromium(): Promise<boolean> {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() === 0) {
    return run('install Chromium (apt-get)', 'sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell',
    ]);
  }
  console.error(
    `Chromium is missing at ${CHROMIUM}. Install it: sudo apt-get update && sudo apt-get install -y chromium-headless-shell`,
  );
  return false;
}

/**
 * nginx and pgBackRest for the deploy tests (tests/deploy: several servers behind nginx, the point-in-time restore).
 * Installed with apt-get as root when missing; elsewhere the command is named and those tests say they were skipped.
 * Never a failure of its own: a machine that cannot install them still runs everything else.
 */
async function ensureDeployTools(): Promise<boolean> {
  const missing = [
    ['nginx', ['/usr/sbin/nginx', '/usr/bin/nginx']],
    ['pgbackrest', ['/usr/bin/pgbackrest']],
  ].flatMap(([name, paths]) => ((paths as string[]).some((file) => existsSync(file)) ? [] : [name as string]));
  if (missing.length === 0) return true;
  if (process.getuid?.() === 0) {
    await run(`install ${missing.join(', ')} (apt-get)`, 'sh', [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    ]);
    return true;
  }
  console.warn(
    `${missing.join(' and ')} missing: the deploy tests will be skipped. Install: sudo apt-get install -y ${missing.join(' ')}`,
  );
  return true;
}

type Step = () => Promise<boolean>;
/** A lane's steps run one after another and stop at the first that fails. */
const lane =
  (...steps: Step[]): Step =>
  async () => {
    for (const step of steps) if (!(await step())) return false;
    return true;
  };

// Two lanes from the start, because the browser tests are most of the run and need only the build: one lane builds
// the sites and runs them; the other checks the code and runs the unit, API and PGlite tests. Stages that waited for
// each other's slowest step left a core idle at each boundary. Each lane stops at its first failure and the other goes on, so one run reports both. The type check waits for the build,
// as the build rewrites the generated types under .astro/ that the check reads; lint and format come first and
// take longer than the build.
let built: Promise<boolean> | undefined;
const build: Step = () => (built ??= run('build', process.execPath, [bin('astro'), 'build', '--silent']));
const stages: Step[][] = [
  // One after the other: two apt-get runs at once would fight over dpkg's lock.
  [lane(ensureChromium, ensureDeployTools)],
  [
    lane(build, () => vitest('e2e')),
    lane(
      () => run('lint', process.execPath, [bin('eslint'), '--max-warnings', '0', '.']),
      () => run('OpenAPI lint', process.execPath, ['scripts/lint-openapi.ts']),
      () => run('format', process.execPath, [bin('prettier'), '--check', '--log-level', 'warn', '.']),
      () => run('tenant configs', process.execPath, ['tenants/check-cli.ts']),
      build,
      () => run('typecheck', process.execPath, [bin('astro'), 'check', '--minimumSeverity', 'warning']),
      () => vitest('unit', ['--coverage']),
      () => vitest('api'),
      () => vitest('pglite'),
      () => vitest('deploy'),
    ),
  ],
];

const projects = ['unit', 'api', 'pglite', 'e2e', 'deploy'];
const startedAt = Date.now();
// Once, before the lanes: the build, the checks and every test layer import i18n/paraglide/, and a compile in one lane
// rewriting it while another lane imports from it would race. MESSAGES_COMPILED tells theirs to skip.
compileMessages();
process.env['MESSAGES_COMPILED'] = '1';
let ok = true;
for (const stage of stages) {
  const results = await Promise.all(stage.map((step) => step()));
  if (results.includes(false)) {
    ok = false;
    break;
  }
}
console.log('');
if (failures.length > 0) {
  console.log('Failed tests:');
  for (const line of failures) console.log(`  ${line}`);
  console.log('');
}
for (const line of suites) console.log(line);
const notRun = projects.filter((project) => !suites.some((line) => line.startsWith(`${project}:`)));
if (notRun.length > 0) console.log(`not run (an earlier step failed): ${notRun.join(', ')}`);
console.log(`${passed} passed, ${failed} failed (${((Date.now() - startedAt) / 60_000).toFixed(1)} min)`);
process.exit(ok && failed === 0 ? 0 : 1);
