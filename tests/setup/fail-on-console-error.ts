import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { captureLog } from '#server/observability/log.ts';

// A console.error during a test is a bug somewhere: fail the test that caused it. So is a line the server logs at
// error level (server/observability/log.ts): an unexpected failure answered 500, a sweep that failed. A test that
// expects one captures the log itself (captureLog), which takes the line before it reaches this.
let errors: unknown[][] = [];
const original = console.error;
// The spy itself, not whatever console.error is by the end: a renderer that puts its own filter in front of
// console.error while the spy is on forwards to the spy, and restoring the spy must not keep that filter.
let spy: MockInstance<typeof console.error> | undefined;

let logged: ReturnType<typeof captureLog> | undefined;

beforeEach(() => {
  errors = [];
  logged = captureLog('error');
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
    original(...args);
  });
});

afterEach(() => {
  spy?.mockRestore();
  const lines = logged?.lines() ?? [];
  logged?.stop();
  if (lines.length > 0)
    throw new Error(`an error was logged during the test:\n${lines.map((line) => JSON.stringify(line)).join('\n')}`);
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
