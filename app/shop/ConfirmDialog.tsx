import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';

type Props = {
  /** The dialog's own class, for its section's styles. */
  className: string;
  title: ReactNode;
  text: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  cancelClassName?: string;
  confirmClassName?: string;
  /** While the confirmed action runs: the button stays focusable but does nothing. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A question before something that cannot be taken back, as a modal <dialog> shown while it is mounted: the browser
 * keeps the focus inside and Escape cancels. The safe answer has the focus first.
 */
export function ConfirmDialog({
  className,
  title,
  text,
  cancelLabel,
  confirmLabel,
  cancelClassName,
  confirmClassName,
  busy = false,
  onConfirm,
  onCancel,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useModalDialog(dialog);
  return (
    <dialog
      ref={dialog}
      className={className}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onCancel}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <div className="actions">
        <button type="button" className={cancelClassName} onClick={onCancel} autoFocus>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={confirmClassName}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onConfirm()}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
