import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

// A console.error during a test is a bug somewhere: fail the test that caused it.
let errors: unknown[][] = [];
const original = console.error;
// The spy itself, not whatever console.error is by the end: a renderer that puts its own filter in front of
// console.error while the spy is on forwards to the spy, and restoring the spy must not keep that filter.
let spy: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  errors = [];
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
    original(...args);
  });
});

afterEach(() => {
  spy?.mockRestore();
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
