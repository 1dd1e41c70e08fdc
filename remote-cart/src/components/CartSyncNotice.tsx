import { selectIsLoggedIn, selectStorageLost, useAppSelector } from 'shared-store';
import { CART_FROM_NEWER_VERSION_MESSAGE } from '../model/cartSession';
import { selectCartSyncStatus } from '../model/cartSyncSlice';

const OFFLINE_MESSAGE =
  'You are offline. Your cart is saved on this device and will sync to your account when you are back online.';
const RETRYING_MESSAGE =
  'Your cart is saved on this device. We could not reach your account yet and will keep trying.';
const STORAGE_LOST_CART_MESSAGE =
  'This browser is not letting the shop keep your cart: it will be lost when you close this page.';

/**
 * Where the cart stands when it is not simply saved: kept on this device while offline or while
 * the account cannot be reached, only in this page when the browser refuses storage, and left
 * alone when a newer version of the shop saved the account's cart (reload to see it).
 */
export function CartSyncNotice() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const status = useAppSelector(selectCartSyncStatus);
  const storageLost = useAppSelector(selectStorageLost);
  const messages: string[] = [];
  if (storageLost) messages.push(STORAGE_LOST_CART_MESSAGE);
  if (loggedIn && status === 'offline') messages.push(OFFLINE_MESSAGE);
  if (loggedIn && status === 'retrying') messages.push(RETRYING_MESSAGE);
  const newer = loggedIn && status === 'newer';

  return (
    <div className="cart-sync-notice" role="status">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {newer && (
        <p>
          {CART_FROM_NEWER_VERSION_MESSAGE}{' '}
          <button
            type="button"
            className="cart-button"
            onClick={() => {
              window.location.reload();
            }}
          >
            Reload
          </button>
        </p>
      )}
    </div>
  );
}
