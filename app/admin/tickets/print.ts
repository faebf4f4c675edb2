import { adminPath } from '#domain/admin-routes.ts';
import type { TicketKind } from '#domain/tickets.ts';
import type { UiLocale } from '#i18n/messages.ts';

/** What the print view tells the page that framed it once it has printed. */
export const PRINTED_MESSAGE = 'ticket-printed';
/** A frame that never says it printed (the view failed to load) is taken away after this long. */
const GIVE_UP_MS = 60_000;

let queue: Promise<void> = Promise.resolve();

/**
 * Prints an order's kitchen ticket or packing slip without leaving the page: its print view (the 80 mm paper, sized to
 * the ticket) is loaded in a frame out of sight and prints itself — the browser's print dialog, or straight to the
 * printer in kiosk printing. One paper at a time: several orders accepted at once print one after the other.
 */
export function printTicket(orderId: string, kind: TicketKind, locale: UiLocale): Promise<void> {
  queue = queue.then(() => printInFrame(orderId, kind, locale));
  return queue;
}

function printInFrame(orderId: string, kind: TicketKind, locale: UiLocale): Promise<void> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.className = 'ticket-frame';
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    // Out of sight but laid out (a frame with no size or display: none would lay the paper out at nothing).
    Object.assign(frame.style, {
      position: 'fixed',
      left: '-10000px',
      top: '0',
      width: '400px',
      height: '800px',
      border: '0',
    });
    const done = () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      frame.remove();
      resolve();
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; orderId?: unknown } | null;
      if (event.source === frame.contentWindow && data?.type === PRINTED_MESSAGE && data.orderId === orderId) done();
    };
    const timer = setTimeout(done, GIVE_UP_MS);
    window.addEventListener('message', onMessage);
    frame.src = `${adminPath(locale, { screen: 'ticket', id: orderId, kind })}?print=1`;
    document.body.append(frame);
  });
}
