import { useEffect, useRef, useState } from 'react';
import { notify, useAppDispatch, type AppDispatch } from 'shared-store';

/** How long the button stays disabled after an add, so a double click adds once. */
export const ADD_COOLDOWN_MS = 800;

/**
 * Runs an add-to-cart action once per click burst: the badge updates at once (the store), a toast
 * confirms, and the button is briefly disabled.
 */
export function useAddToCart(title: string) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  function add(action: (dispatch: AppDispatch) => void) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    action(dispatch);
    notify('success', `${title} added to your cart`);
    timer.current = setTimeout(() => {
      busyRef.current = false;
      setBusy(false);
    }, ADD_COOLDOWN_MS);
  }

  return { add, busy };
}
