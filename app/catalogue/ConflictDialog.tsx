import './item-dialog.css';
import { ConfirmDialog } from '#app/shop/ConfirmDialog.tsx';
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
  return (
    <ConfirmDialog
      className="conflict-dialog"
      title={texts.conflictTitle}
      text={texts.errors[errorKey] ?? texts.errors['internalError']}
      cancelLabel={texts.keepBasket}
      confirmLabel={texts.clearAndAdd}
      confirmClassName="primary"
      onConfirm={onClear}
      onCancel={onKeep}
    />
  );
}
