import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';

export interface ConfirmDialogProps {
  /** The question, which also names the dialog: "Remove PLAB 1 from your cart?" */
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * An in-page confirmation (role="alertdialog"): focus starts on the safe choice, Escape cancels.
 * The caller decides where focus goes afterwards.
 */
export function ConfirmDialog({
  message,
  confirmLabel,
  cancelLabel = 'Keep',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);

  // The focus is on the safe choice as the question is put on screen: a key pressed the moment it
  // shows (Escape) is the question's.
  useLayoutEffect(() => {
    cancelButton.current?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onCancel();
  }

  return (
    <div
      className="cart-confirm"
      role="alertdialog"
      aria-labelledby={messageId}
      onKeyDown={onKeyDown}
    >
      <p id={messageId} className="cart-confirm-message">
        {message}
      </p>
      <div className="cart-confirm-actions">
        <button type="button" className="cart-button cart-button-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={cancelButton} type="button" className="cart-button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
