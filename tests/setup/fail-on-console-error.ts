import { afterEach, beforeEach, vi } from 'vitest';

// A console.error during a test is a bug somewhere: fail the test that caused it.
let errors: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
