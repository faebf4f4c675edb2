import { type RefObject, useEffect } from 'react';

/**
 * Opens a <dialog> as a modal when its component mounts, and gives the focus back to what had it when the component
 * unmounts. The browser restores the focus when a dialog is closed, but the islands remove their dialogs instead of
 * closing them, and a keyboard user was left on the page's body, back at its top (seen adding a dish).
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [ref]);
}
