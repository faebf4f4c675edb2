// `npm run bench`: every benchmark of the project, each reporting ratios against a baseline measured in
// the same run. Results go to bench/results/*.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';

mkdirSync('bench/results', { recursive: true });
const suites = ['bench/api.ts', 'bench/brands.ts'].filter((file) => existsSync(file));
let failed = false;
for (const suite of suites) {
  console.log(`\n▶ ${suite}`);
  const result = spawnSync(process.execPath, [suite], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
