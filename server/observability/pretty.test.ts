import { describe, expect, it } from 'vitest';
import { prettyLine } from './pretty.ts';

describe('the readable log line (npm run dev, npm start)', () => {
  it('shows the time, the level, the message and the other fields, one line', () => {
    const line = prettyLine(
      `${JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 27, 18, 5, 1, 250), pid: 7, requestId: 'r-1', method: 'GET', route: '/api/orders/:id', status: 200, ms: 3.4, msg: 'request' })}\n`,
    );
    expect(line).toBe('18:05:01.250 INFO  request requestId=r-1 method=GET route=/api/orders/:id status=200 ms=3.4\n');
  });

  it("puts an error's stack under its line", () => {
    const line = prettyLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'sweep failed',
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      }),
    );
    expect(line).toBe('00:00:00.000 ERROR sweep failed\nError: boom\n    at x\n');
  });
});
