// `npm run bench`: every benchmark of the project, each reporting ratios against a baseline measured in
// the same run. Results go to bench/results/*.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';

mkdirSync('bench/results', { recursive: true });
const suites = ['bench/api.ts', 'bench/admin.ts', 'bench/brands.ts', 'bench/shop.ts'].filter((file) =>
  existsSync(file),
);
let failed = false;
for (const suite of suites) {
  console.log(`\n▶ ${suite}`);
  // The API benchmark runs on TEST_DATABASE_URL when set, otherwise on a throwaway server it starts the way the
  // tests do (tests/setup/postgres.ts), so a fresh machine needs no PostgreSQL of its own.
  const result = spawnSync(process.execPath, [suite], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
