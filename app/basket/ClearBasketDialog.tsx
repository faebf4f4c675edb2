import { useEffect, useId, useRef } from 'react';
import type { BasketTexts } from './texts.ts';

type Props = { texts: BasketTexts; busy: boolean; onConfirm: () => void; onCancel: () => void };

/**
 * Asks before emptying the basket, in a modal <dialog>: the browser keeps the focus inside and Escape cancels.
 * The safe answer (keep the basket) has the focus first.
 */
export function ClearBasketDialog({ texts, busy, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="clear-dialog"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onCancel}
    >
      <h2 id={`${id}-title`}>{texts.clearTitle}</h2>
      <p id={`${id}-text`}>{texts.clearText}</p>
      <div className="actions">
        <button type="button" className="secondary" onClick={onCancel} autoFocus>
          {texts.clearCancel}
        </button>
        <button type="button" className="danger" aria-disabled={busy || undefined} onClick={() => !busy && onConfirm()}>
          {texts.clearConfirm}
        </button>
      </div>
    </dialog>
  );
}
