import { useEffect, useRef } from 'react';
import { notify, selectStorageLost, useAppSelector } from 'shared-store';

const STORAGE_LOST_MESSAGE =
  'Your browser is not letting this site save data, so your cart will be lost when you close this page.';

/** Says once, when the browser refuses storage (private mode, full quota), what that costs. */
export function useStorageNotice(): void {
  const lost = useAppSelector(selectStorageLost);
  const told = useRef(false);
  useEffect(() => {
    if (!lost || told.current) return;
    told.current = true;
    notify('error', STORAGE_LOST_MESSAGE);
  }, [lost]);
}
