import { useEffect, useId, useRef } from 'react';
import type { MenuTexts } from './types.ts';

type Props = {
  /** restaurantLocation or mishmashedLocations: what the basket answered. */
  errorKey: string;
  texts: MenuTexts;
  onClear: () => void;
  onKeep: () => void;
};

/** The basket holds food the item cannot join: offers to empty it and add the item, or to keep it as it is. */
export function ConflictDialog({ errorKey, texts, onClear, onKeep }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="conflict-dialog"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onClose={onKeep}
    >
      <h2 id={`${id}-title`}>{texts.conflictTitle}</h2>
      <p id={`${id}-message`}>{texts.errors[errorKey] ?? texts.errors['internalError']}</p>
      <div className="actions">
        <button type="button" onClick={onKeep} autoFocus>
          {texts.keepBasket}
        </button>
        <button type="button" className="primary" onClick={onClear}>
          {texts.clearAndAdd}
        </button>
      </div>
    </dialog>
  );
}
