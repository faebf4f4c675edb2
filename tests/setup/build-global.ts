import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The built sites the servers and nginx serve: built when missing (`npm test` builds them before). */
export default function setup(): void {
  if (existsSync('dist/index.html')) return;
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('astro build failed');
}
