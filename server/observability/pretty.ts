/**
 * pino's JSON line as a person reads it in `npm run dev` and `npm start`: the time, the level, the message, then the
 * other fields as key=value. A few lines a second at most, so parsing each again costs nothing that matters; a
 * dependency (pino-pretty and its dozen packages) would do the same.
 */
const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const OMITTED = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

const valueText = (value: unknown): string =>
  typeof value === 'string' ? (/[\s"=]/.test(value) ? JSON.stringify(value) : value) : JSON.stringify(value);

export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = new Date(Number(entry['time'] ?? Date.now())).toISOString().slice(11, 23);
  const level = LEVEL_NAMES[Number(entry['level'])] ?? String(entry['level']);
  const err = entry['err'] as { stack?: string; message?: string } | undefined;
  const fields = Object.entries(entry)
    .filter(([key, value]) => !OMITTED.has(key) && key !== 'err' && value !== undefined)
    .map(([key, value]) => `${key}=${valueText(value)}`);
  const message = typeof entry['msg'] === 'string' ? entry['msg'] : '';
  const head = [time, level, message, ...fields].filter(Boolean).join(' ');
  return `${head}${err ? `\n${err.stack ?? err.message ?? ''}` : ''}\n`;
}
