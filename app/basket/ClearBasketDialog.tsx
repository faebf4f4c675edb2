import { ConfirmDialog } from '#app/shop/ConfirmDialog.tsx';
import type { BasketTexts } from './texts.ts';

type Props = { texts: BasketTexts; busy: boolean; onConfirm: () => void; onCancel: () => void };

/** Asks before emptying the basket; keeping it is the answer with the focus. */
export function ClearBasketDialog({ texts, busy, onConfirm, onCancel }: Props) {
  return (
    <ConfirmDialog
      className="clear-dialog"
      title={texts.clearTitle}
      text={texts.clearText}
      cancelLabel={texts.clearCancel}
      confirmLabel={texts.clearConfirm}
      cancelClassName="secondary"
      confirmClassName="danger"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
