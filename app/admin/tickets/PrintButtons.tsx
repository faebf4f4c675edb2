import type { TicketKind } from '#domain/tickets.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
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
  const papers: [TicketKind, string][] = [
    ['kitchen', m.ticket_print_kitchen({}, t)],
    ['packing', m.ticket_print_packing({}, t)],
  ];
  return (
    <div className="ticket-print-buttons" role="group" aria-label={m.ticket_print({}, t)}>
      {papers.map(([kind, label]) => (
        <button
          key={kind}
          type="button"
          className="staff-action ticket-print-button"
          onClick={() => void printTicket(orderId, kind, locale)}
        >
          {m.ticket_print({}, t)}: {label}
          {/* The name says which order, for a screen reader going from card to card; the card shows its number. */}
          <span className="visually-hidden"> {m.ticket_print_order({ number: displayId }, t)}</span>
        </button>
      ))}
    </div>
  );
}
