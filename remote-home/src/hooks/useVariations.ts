import { useEffect, useMemo, useState } from 'react';
import { monthOptions, shopReads, useRead, type MonthOption } from 'shared-store';

export type VariationsState =
  { status: 'loading' } | { status: 'ready'; options: MonthOption[] } | { status: 'failed' };

/** A product's month options from WooCommerce (through the gateway). */
export function useVariations(productId: number | undefined): VariationsState {
  // Each card asks in a task of its own: a list of cards mounting at once starts its requests
  // one after the other instead of in one long task.
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    const start = setTimeout(() => {
      setAsking(true);
    }, 0);
    return () => {
      clearTimeout(start);
    };
  }, []);
  const answer = useRead(shopReads.variations, asking && productId ? productId : null);
  const variations = answer.status === 'ready' ? answer.data : null;
  const options = useMemo(() => (variations ? monthOptions(variations) : []), [variations]);
  if (!productId) return { status: 'failed' };
  if (!variations) return { status: 'loading' };
  return options.length > 0 ? { status: 'ready', options } : { status: 'failed' };
}
