/** An API call's outcome as the admin forms use it: the data, or the catalogue key and the failing field rules. */
export type ApiAnswer<T> =
  { ok: true; data: T } | { ok: false; status: number; error: string | undefined; details?: Record<string, unknown> };

/** Reads a typed client's answer; a network failure reads as internalError. */
export async function answerOf<R, T>(call: Promise<Response>, pick: (body: R) => T): Promise<ApiAnswer<T>> {
  try {
    const response = await call;
    const body = (await response.json().catch(() => null)) as unknown;
    if (response.ok) return { ok: true, data: pick(body as R) };
    const failure = (body ?? {}) as { error?: string; details?: Record<string, unknown> };
    return { ok: false, status: response.status, error: failure.error, details: failure.details };
  } catch {
    return { ok: false, status: 0, error: 'internalError' };
  }
}
