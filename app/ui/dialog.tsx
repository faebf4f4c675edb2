import { useEffect, useRef, type DialogHTMLAttributes, type ReactNode, type Ref } from 'react';

/**
 * A modal <dialog> shown while `open` (or while mounted, when `open` is left out): the browser makes the page behind
 * it inert, keeps the focus inside and closes it on Escape (`onClose`, or `onCancel` to answer Escape otherwise).
 * Every island's dialog is this one; what differs is only what it holds.
 */
export function Dialog({
  open = true,
  dialogRef,
  children,
  ...attributes
}: { open?: boolean; dialogRef?: Ref<HTMLDialogElement>; children: ReactNode } & Omit<
  DialogHTMLAttributes<HTMLDialogElement>,
  'open'
>) {
  const own = useRef<HTMLDialogElement | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = own.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);
  // The browser gives the focus back when a dialog is closed, but the islands often remove theirs instead: the focus
  // then fell to the page's body and a keyboard user started again from the top (seen adding a dish).
  useEffect(
    () => () => {
      const back = opener.current;
      if (back?.isConnected && (!document.activeElement || document.activeElement === document.body)) back.focus();
    },
    [],
  );
  const attach = (element: HTMLDialogElement | null) => {
    own.current = element;
    if (typeof dialogRef === 'function') dialogRef(element);
    else if (dialogRef) dialogRef.current = element;
  };
  return (
    <dialog ref={attach} {...attributes}>
      {children}
    </dialog>
  );
}
