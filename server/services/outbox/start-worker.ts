import { createTransport } from 'nodemailer';
import type { AppDeps } from '#server/context.ts';
import { errorOf, log } from '#server/observability/log.ts';
import { sendPendingEmails } from './send.ts';

/**
 * Sends the outbox every `intervalMs` (OUTBOX_INTERVAL_MS, 10 s by default) while SMTP_URL is set (without it, mail
 * stays in the outbox for admins to read). Returns a stop function for shutdown; a run in progress finishes.
 */
export function startOutboxWorker(
  ctx: Pick<AppDeps, 'db' | 'env' | 'now'>,
  input: { intervalMs?: number } = {},
): () => Promise<void> {
  const { env } = ctx;
  if (!env.smtpUrl) return async () => {};
  const transport = createTransport(env.smtpUrl);
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sendPendingEmails(ctx, { transport, from: env.mailFrom })
      .catch((error: Error) => log.error({ err: errorOf(error) }, 'outbox: sending failed'))
      .finally(() => {
        running = null;
      });
  }, input.intervalMs ?? env.outboxIntervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    transport.close();
  };
}
