// `npm run lint:openapi`: the OpenAPI document /api/openapi.json serves, generated in-process from the routes (no
// server, no database), checked by Redocly's linter with its recommended rules. Any error fails; warnings are
// shown. Runs offline: the linter's telemetry and update check are off.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiRoutes } from '#server/routes/index.ts';

// The router the app mounts on /api: the same document the full app answers, without the app's dependencies.
const response = await createApiRoutes().request('/openapi.json');
if (!response.ok) {
  console.error(`/api/openapi.json answered ${response.status}: ${await response.text()}`);
  process.exit(1);
}
const dir = mkdtempSync(path.join(tmpdir(), 'marketplace-openapi-'));
const file = path.join(dir, 'openapi.json');
writeFileSync(file, await response.text());
const result = spawnSync(
  process.execPath,
  ['node_modules/@redocly/cli/bin/cli.js', 'lint', file, '--extends', 'recommended', '--format', 'stylish'],
  {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
