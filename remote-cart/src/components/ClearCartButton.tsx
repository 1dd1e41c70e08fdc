import { useRef } from 'react';
import { useAppDispatch } from 'shared-store';
import { useConfirmation } from '../hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { cartCleared } from '../model/cartSlice';

/** Clear cart, after an in-page confirmation. */
export function ClearCartButton({ onCleared }: { onCleared: () => void }) {
  const dispatch = useAppDispatch();
  const trigger = useRef<HTMLButtonElement>(null);
  const confirmation = useConfirmation(trigger);

  return (
    <div className="cart-clear">
      <button ref={trigger} type="button" className="cart-link-button" onClick={confirmation.ask}>
        Clear cart
      </button>
      {confirmation.open && (
        <ConfirmDialog
          message="Remove every item from your cart?"
          confirmLabel="Clear"
          onConfirm={() => {
            confirmation.close();
            dispatch(cartCleared());
            onCleared();
          }}
          onCancel={confirmation.cancel}
        />
      )}
    </div>
  );
}
