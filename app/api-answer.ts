import type { ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
// Types only: an island that reads answers ships no catalogue (a brand page's 5 KB, decision 039).
import type { ErrorKey } from '#domain/error-catalogue.ts';
import type { FieldRule } from '#domain/errors.ts';

/** A refused call: the catalogue key the API answered and, for `validation` and a few others, its details. */
export type Refusal = { ok: false; status: number; key: ErrorKey; details: Record<string, unknown> };

/** A call's outcome: the data of a success, typed by the route, or the refusal. */
export type Answer<T> = { ok: true; status: number; data: T } | Refusal;

/** The data of a typed client's successful answer (the union of its 2xx bodies); `unknown` for an untyped one. */
export type DataOf<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : unknown;

type Reply = { ok: boolean; status: number; text(): Promise<string> };

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (the contact form's "OK", a proxy's error page): the text itself.
    return text;
  }
};

/**
 * The refusal an answer that is not ok carries: the API's `{ error, details }` (server/http/errors.ts). Anything
 * else (no body, a proxy's page) reads as internalError, so a screen always has a key to translate.
 */
export async function readRefusal(response: Reply): Promise<Refusal> {
  const body = parse(await response.text().catch(() => '')) as { error?: unknown; details?: unknown } | null;
  const key = typeof body?.error === 'string' ? (body.error as ErrorKey) : 'internalError';
  const details =
    body && typeof body.details === 'object' && body.details !== null ? (body.details as Record<string, unknown>) : {};
  return { ok: false, status: response.status, key, details };
}

/**
 * Runs a call of the typed client and reads its answer once: `{ ok: true, data }` or `{ ok: false, key, details }`.
 * A call that throws (offline, the server gone) reads as internalError with status 0.
 */
export async function readAnswer<R extends Reply>(call: Promise<R> | (() => Promise<R>)): Promise<Answer<DataOf<R>>> {
  try {
    const response = await (typeof call === 'function' ? call() : call);
    if (!response.ok) return await readRefusal(response);
    const text = await response.text();
    return { ok: true, status: response.status, data: (text === '' ? null : parse(text)) as DataOf<R> };
  } catch {
    return { ok: false, status: 0, key: 'internalError', details: {} };
  }
}

/**
 * The rule a refusal's details name for each of `fields` (spec section 5's names or a catalogue key): a
 * `validation` answer's, or a form refusal that points at its field (wrongPassword under currentPassword).
 */
export function fieldRules<F extends string>(refusal: Refusal, fields: readonly F[]): Partial<Record<F, FieldRule>> {
  const rules: Partial<Record<F, FieldRule>> = {};
  for (const field of fields) {
    const rule = refusal.details[field];
    if (typeof rule === 'string') rules[field] = rule as FieldRule;
  }
  return rules;
}
