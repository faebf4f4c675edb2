import { vi } from 'vitest';
import { captureLog } from '#server/observability/log.ts';

const stops: (() => void)[] = [];

/**
 * The server's warnings (its log lines at warn level) as calls of a mock function, each with the line's message:
 * what a test asserted of console.warn before the server logged through pino. `mockRestore()` stops the capture;
 * `stopCapturingWarnings()` stops any left running (in afterEach).
 */
export function captureWarnings() {
  const warn = vi.fn<(message: string) => void>();
  const capture = captureLog('warn', (line) => {
    if (line.level === 40) warn(String(line.msg));
  });
  stops.push(capture.stop);
  const restore = warn.mockRestore.bind(warn);
  warn.mockRestore = () => {
    capture.stop();
    return restore();
  };
  return warn;
}

export function stopCapturingWarnings() {
  while (stops.length > 0) stops.pop()?.();
}
