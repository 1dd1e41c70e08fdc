import { useEffect, useRef, useState } from 'react';
import {
  notify,
  useAppDispatch,
  useAppStore,
  useModel,
  useMounted,
  type CartModel,
  type UnknownAction,
} from 'shared-store';

/** How long the button stays disabled after an add, so a double click adds once. */
export const ADD_COOLDOWN_MS = 800;

/** Said when the cart's code could not load: nothing can be added. */
export const CART_UNAVAILABLE_MESSAGE =
  'Your cart is not available right now. Please try again in a moment.';

/** What an add asks of the cart: one of its actions (the cart team's model, CartModel). */
export type CartRequest = (cart: CartModel) => UnknownAction;

/**
 * Runs an add-to-cart request once per click burst: the badge updates at once (the store), the
 * cart's mini-cart confirms (the cart model tells the bus of the line it took), what the cart did
 * besides or instead is said, and the button is briefly disabled. While the cart cannot load, the
 * visitor is told, and nothing is added. `busy` is also true while the page is drawn on the server:
 * its buttons are served disabled until the page's code runs, never alive and deaf to a tap.
 */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const cart = useModel('cart');
  const [busy, setBusy] = useState(false);
  const canAct = useMounted();
  const busyRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  function add(request: CartRequest) {
    if (busyRef.current) return;
    if (!cart) {
      notify('error', CART_UNAVAILABLE_MESSAGE);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    const action = request(cart);
    const outcome = cart.addOutcome(store.getState(), action);
    if (outcome.adds) dispatch(action);
    // The mini-cart confirms an add; what the cart did besides (a package replacing another) or
    // instead (a line at its limit, not raised) is said here.
    if (outcome.message) notify(outcome.adds ? 'success' : 'info', outcome.message);
    timer.current = setTimeout(() => {
      busyRef.current = false;
      setBusy(false);
    }, ADD_COOLDOWN_MS);
  }

  return { add, busy: busy || !canAct };
}
