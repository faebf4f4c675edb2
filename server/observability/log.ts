import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import { prettyLine } from './pretty.ts';

/**
 * The one logger of the server, its services, its workers and its start-up (issue 31). Settings are read from the
 * environment when this module loads, before parseEnv (which checks the same keys): start-up's own failures go
 * through it too.
 * - LOG_LEVEL: fatal … trace, or silent; `info` by default, `silent` under NODE_ENV=test (tests capture it).
 * - LOG_FORMAT: `json` (one JSON object a line, NODE_ENV=production's default) or `pretty` (a readable line,
 *   everywhere else's default).
 * Lines at warn and above go to stderr, the others to stdout.
 */

/** What every log line written while a request is served carries: its request id (X-Request-Id). */
export type RequestScope = { requestId: string };

/** The request being served, across awaits: set once per request by the request middleware (request-log.ts). */
export const requestScope = new AsyncLocalStorage<RequestScope>();

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Fields that may carry personal data or secrets, wherever a caller passes them: censored rather than written.
 * A backstop: the request line carries route patterns, never paths, queries or bodies; services log ids.
 */
const SENSITIVE = [
  'email',
  'phone',
  'password',
  'token',
  'accessToken',
  'blikCode',
  'street',
  'address',
  'firstname',
  'lastname',
  'authorization',
  'cookie',
];
const REDACT_PATHS = [...SENSITIVE, ...SENSITIVE.map((key) => `*.${key}`)];

const settings = (source: NodeJS.ProcessEnv) => {
  const nodeEnv = source['NODE_ENV'];
  const level = (LOG_LEVELS as readonly string[]).includes(source['LOG_LEVEL'] ?? '')
    ? (source['LOG_LEVEL'] as LogLevel)
    : nodeEnv === 'test'
      ? 'silent'
      : 'info';
  const format = source['LOG_FORMAT'] === 'json' || source['LOG_FORMAT'] === 'pretty' ? source['LOG_FORMAT'] : null;
  return { level, json: (format ?? (nodeEnv === 'production' ? 'json' : 'pretty')) === 'json' };
};

/** Where lines go: stdout, unless a test is capturing them. */
let target: DestinationStream;
const sink: DestinationStream = { write: (line: string) => target.write(line) };

const NO_SCOPE = {};
const { level, json } = settings(process.env);
/** Whether lines are JSON (production, LOG_FORMAT=json) rather than the readable format. */
export const logIsJson = json;
// Lines at warn and above go to stderr, the rest to stdout: pino writes `{"level":NN,` first, so the tenth
// character is the level's first digit ('4' for warn, '5' error, '6' fatal).
const WARN_DIGIT = 52;
// stdout asynchronously: a line costs a copy into a buffer, not a write(2) per request; pino flushes it on exit.
// stderr at once: warnings and errors are few, and must not be lost with a crashing process.
const out = json ? pino.destination({ dest: 1, sync: false }) : null;
const err = json ? pino.destination({ dest: 2, sync: true }) : null;
target =
  out && err
    ? { write: (line: string) => (line.charCodeAt(9) >= WARN_DIGIT ? err : out).write(line) }
    : {
        write: (line: string) =>
          (line.charCodeAt(9) >= WARN_DIGIT ? process.stderr : process.stdout).write(prettyLine(line)),
      };

const options = {
  level,
  base: { pid: process.pid },
  // `err` is what errorOf made of an error (type, message without values, stack): written as it is, rather than
  // through pino's error serializer, which would name its type Object and copy whatever else it carried.
  serializers: { err: (value: unknown) => value },
  // The request id of the request being served, on every line written while serving it (services included).
  mixin: () => requestScope.getStore() ?? NO_SCOPE,
  // pino's own merge assigns a line's fields into the object the mixin returned: the shared empty scope, or the
  // request's, so one line's fields (a sweep's counts, a service's) rode on every later line. A fresh object a line.
  mixinMergeStrategy: (line: object, scope: object) => ({ ...scope, ...line }),
};

export const log: Logger = pino({ ...options, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);

/**
 * The request line's logger (server/request-log.ts): the same output, level and request id, without the redaction,
 * whose wildcard paths cost a line 45 µs where writing it costs 4 (measured, decision 046). The request line's
 * fields are fixed and name nothing personal; everything else logs through `log`.
 */
export const requestLineLog: Logger = pino(options, sink);

/** Writes out what the logger still buffers, before the process exits on purpose. */
export const flushLog = () => {
  out?.flushSync();
};

/** A parsed line as a test reads it. */
export type LogLine = { level: number; msg?: string; requestId?: string; [key: string]: unknown };

/**
 * Collects every line written from now on, at `level` and above (debug by default), instead of printing them, and
 * hands each to `onLine` as it comes; `stop()` restores the output and the level. For tests.
 */
export function captureLog(captureLevel: Level = 'debug', onLine?: (line: LogLine) => void) {
  const raw: string[] = [];
  const before = { target, level: log.level, requestLevel: requestLineLog.level };
  target = {
    write: (line: string) => {
      raw.push(line);
      onLine?.(JSON.parse(line) as LogLine);
    },
  };
  log.level = captureLevel;
  requestLineLog.level = captureLevel;
  return {
    /** Every line as written, JSON text. */
    text: () => raw.join(''),
    lines: (): LogLine[] => raw.map((line) => JSON.parse(line) as LogLine),
    stop: () => {
      target = before.target;
      log.level = before.level;
      requestLineLog.level = before.requestLevel;
    },
  };
}

/** drizzle's "Failed query" errors name the statement's values after `params:`: a customer's data travels there. */
const withoutParams = (text: string | undefined) =>
  text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\n[params left out]');

/**
 * An error as a log line's `err` field: its type, message and stack (and its cause's message and code: the driver's
 * reason behind drizzle's "Failed query"), without the statement's values, and nothing else it might carry.
 */
export function errorOf(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  return {
    type: error.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack),
    ...(cause && typeof cause.message === 'string'
      ? { cause: { message: cause.message, ...(typeof cause.code === 'string' ? { code: cause.code } : {}) } }
      : {}),
  };
}
