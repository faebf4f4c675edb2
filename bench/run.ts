// `npm run bench`: every benchmark of the project, each reporting ratios against a baseline measured in
// the same run. Results go to bench/results/*.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';

mkdirSync('bench/results', { recursive: true });
const suites = ['bench/api.ts', 'bench/brands.ts', 'bench/shop.ts'].filter((file) => existsSync(file));
let failed = false;
for (const suite of suites) {
  console.log(`\n▶ ${suite}`);
  // The API benchmark needs a PostgreSQL server; the machine's local one unless told otherwise.
  const env = {
    ...process.env,
    TEST_DATABASE_URL: process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
  const result = spawnSync(process.execPath, [suite], { stdio: 'inherit', env });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
