import type { KitchenCard } from '#app/api-types.ts';
import type { UiLocale } from '#i18n/messages.ts';
import PrintButtons from './PrintButtons.tsx';
import { useAutoPrint } from './auto-print.ts';

/** A kitchen card's papers: its print buttons, and its kitchen ticket printed by itself once accepted (auto-print). */
export default function TicketActions({
  order,
  locale,
  offsetMs,
}: {
  order: KitchenCard;
  locale: UiLocale;
  offsetMs: number;
}) {
  useAutoPrint(order, offsetMs, locale);
  return <PrintButtons orderId={order.id} displayId={order.displayId} locale={locale} />;
}
