import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Whether the component is still mounted, for results that arrive after it left the page. */
function useMountedRef() {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/**
 * Runs one async task at a time: a second call while one is in flight (a double click) is
 * ignored. `pending` drives the disabled button; a task resolving to true (the page is leaving)
 * stays pending. `isMounted` tells a task whether it may still set state.
 */
export function useSingleFlight() {
  const mounted = useMountedRef();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async (task: () => Promise<boolean>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPending(true);
      let leaving = false;
      try {
        leaving = await task();
      } finally {
        if (!leaving) {
          inFlight.current = false;
          if (mounted.current) setPending(false);
        }
      }
    },
    [mounted],
  );
  const isMounted = useCallback(() => mounted.current, [mounted]);

  return { pending, run, isMounted };
}

/**
 * An in-page confirmation: `ask` opens it, `cancel` closes it and puts focus back on the control
 * that asked (`trigger`), `close` only closes it.
 */
export function useConfirmation(trigger: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const ask = useCallback(() => {
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    setOpen(false);
  }, []);
  const cancel = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, [trigger]);
  return { open, ask, close, cancel };
}
