import type { TicketKind } from '#domain/tickets.ts';
import { messageLocale, type UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { printTicket } from './print.ts';
import './print-buttons.css';

/**
 * The kitchen ticket's and the packing slip's print buttons (the kitchen board's card, the order's page): each opens
 * the browser's print dialog for the paper, without leaving the page.
 */
export default function PrintButtons({
  orderId,
  displayId,
  locale,
}: {
  orderId: string;
  displayId: string;
  locale: UiLocale;
}) {
  const t = { locale: messageLocale(locale) } as const;
  const papers: [TicketKind, string, string][] = [
    ['kitchen', m.ticket_print_kitchen({}, t), m.ticket_print_kitchen_name({ number: displayId }, t)],
    ['packing', m.ticket_print_packing({}, t), m.ticket_print_packing_name({ number: displayId }, t)],
  ];
  return (
    <div className="ticket-print-buttons" role="group" aria-label={m.ticket_print({}, t)}>
      {papers.map(([kind, label, name]) => (
        <button
          key={kind}
          type="button"
          className="staff-action ticket-print-button"
          aria-label={name}
          onClick={() => void printTicket(orderId, kind, locale)}
        >
          {m.ticket_print({}, t)}: {label}
        </button>
      ))}
    </div>
  );
}
