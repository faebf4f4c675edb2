import { randomBytes } from 'node:crypto';
import type { DeliveredNotification, NotificationDelivery, PaymentNotification } from '../../provider.ts';
import { signBody } from '../../signature.ts';
import { errorOf, log } from '#server/observability/log.ts';

/**
 * The sandbox's side of the wire: it signs its notifications with HMAC-SHA256 and posts them to our webhook, as a
 * gateway would, keeping the latest ones and the webhook's answers for its bank page and the tests.
 */
export const WEBHOOK_PATH = '/api/payments/notify';

const DELIVERED_KEPT = 200;

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export type SandboxNotifier = {
  webhookSecret: string;
  publicBaseUrl: string;
  deliver: NotificationDelivery;
  inFlight: Set<Promise<unknown>>;
  delivered: DeliveredNotification[];
};

export const sandboxNotifier = (options: {
  webhookSecret: string;
  publicBaseUrl: string;
  deliver?: NotificationDelivery | undefined;
}): SandboxNotifier => ({
  webhookSecret: options.webhookSecret,
  publicBaseUrl: options.publicBaseUrl,
  deliver: options.deliver ?? ((request) => fetch(request)),
  inFlight: new Set(),
  delivered: [],
});

async function post(notifier: SandboxNotifier, notification: PaymentNotification): Promise<DeliveredNotification> {
  const { delivered } = notifier;
  const body = JSON.stringify(notification);
  // A real gateway retries a failed delivery; three tries are enough to ride over a restart.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await notifier.deliver(
        new Request(new URL(WEBHOOK_PATH, notifier.publicBaseUrl), {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', 'x-signature': signBody(notifier.webhookSecret, body) },
        }),
      );
      await response.body?.cancel();
      if (response.status < 500 || attempt >= 3) {
        const result = { notification, status: response.status };
        delivered.push(result);
        // The sandbox serves `npm start` for as long as it runs: a record of every notification would grow without
        // bound (one per online order), so it keeps the latest ones, which is all anyone looks at.
        if (delivered.length > DELIVERED_KEPT) delivered.splice(0, delivered.length - DELIVERED_KEPT);
        return result;
      }
    } catch (error) {
      if (attempt >= 3) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}

function track<T>(notifier: SandboxNotifier, promise: Promise<T>): Promise<T> {
  const { inFlight } = notifier;
  inFlight.add(promise);
  void promise.finally(() => inFlight.delete(promise)).catch(() => {});
  return promise;
}

/** Sends a signed notification now and waits for the webhook's answer (the bank page's Pay / Cancel). */
export const notifyNow = (
  notifier: SandboxNotifier,
  notification: Omit<PaymentNotification, 'id'>,
): Promise<DeliveredNotification> => track(notifier, post(notifier, { id: newId('ntf'), ...notification }));

/** Sent after the current transaction has had the chance to commit, as a gateway's callback would be. */
export function notifyLater(notifier: SandboxNotifier, notification: Omit<PaymentNotification, 'id'>): void {
  track(
    notifier,
    new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => post(notifier, { id: newId('ntf'), ...notification }))
      .catch((error: unknown) => {
        log.error({ err: errorOf(error) }, 'sandbox: payment notification could not be delivered');
      }),
  );
}

/** Resolves when every notification sent so far has been answered. */
export async function settled(notifier: SandboxNotifier): Promise<void> {
  while (notifier.inFlight.size > 0) await Promise.allSettled([...notifier.inFlight]);
}
