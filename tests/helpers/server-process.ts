import { spawn } from 'node:child_process';

/** The real server (`server/main.ts`) as its own process, with what it has printed so far. */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server/main.ts'], {
    // Its log at info (silent under NODE_ENV=test otherwise): the tests read its start-up and shutdown lines.
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}
