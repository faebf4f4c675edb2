import { randomUUID } from 'node:crypto';
import { ProviderUnavailableError, type ProviderName, type RecordCall } from '../provider.ts';

export type ProviderHttp = {
  fetch: typeof fetch;
  /** Each attempt's time limit. */
  timeoutMs: number;
  /** The waits before the second, third… attempt of an idempotent call. */
  retryDelaysMs: readonly number[];
  record: RecordCall;
};

export const DEFAULT_HTTP: Omit<ProviderHttp, 'record'> = {
  fetch: (input, init) => fetch(input, init),
  timeoutMs: 10_000,
  retryDelaysMs: [250, 1000, 3000],
};

export type ProviderAnswer = { status: number; headers: Headers; text: string; json: unknown };

/**
 * Sends one request to a provider. Timeouts, network errors and 5xx are retried with backoff only when the call
 * is idempotent (the provider recognises a repeat by our id); otherwise, and once retries run out, it throws
 * ProviderUnavailableError and the payment waits for the notification or the status poll. 4xx come back to
 * the adapter, which knows what they mean.
 */
export async function callProvider(
  http: ProviderHttp,
  call: {
    provider: ProviderName;
    operation: string;
    paymentId?: string | null;
    amount?: number;
    currency?: string;
    idempotent: boolean;
    url: string;
    init: RequestInit;
    /** The outcome worth recording, read from the answer (e.g. PayU's statusCode). */
    outcomeOf?: (answer: ProviderAnswer) => string;
  },
): Promise<ProviderAnswer> {
  const attempts = call.idempotent ? http.retryDelaysMs.length + 1 : 1;
  let lastProblem = '';
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, http.retryDelaysMs[attempt - 2]));
    const requestId = randomUUID();
    const started = performance.now();
    let answer: ProviderAnswer | null = null;
    try {
      const response = await http.fetch(call.url, {
        ...call.init,
        headers: { ...(call.init.headers as Record<string, string>), 'x-request-id': requestId },
        redirect: 'manual',
        signal: AbortSignal.timeout(http.timeoutMs),
      });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      answer = { status: response.status, headers: response.headers, text, json };
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).name === 'TimeoutError' ? 'timeout' : `network: ${(error as Error).message}`;
    }
    await http.record({
      provider: call.provider,
      operation: call.operation,
      paymentId: call.paymentId ?? null,
      requestId,
      httpStatus: answer?.status ?? null,
      outcome: answer ? (answer.status < 500 && call.outcomeOf?.(answer)) || String(answer.status) : lastProblem,
      amount: call.amount,
      currency: call.currency,
      attempt,
      durationMs: Math.round(performance.now() - started),
    });
    if (answer && answer.status < 500) return answer;
  }
  throw new ProviderUnavailableError(call.provider, call.operation, lastProblem);
}
