import { useEffect, useState } from 'react';
import { commerceApi, monthOptions, type MonthOption } from 'shared-store';

export type VariationsState =
  { status: 'loading' } | { status: 'ready'; options: MonthOption[] } | { status: 'failed' };

/** A product's month options from WooCommerce (through the gateway). */
export function useVariations(productId: number | undefined): VariationsState {
  const [state, setState] = useState<VariationsState>({ status: 'loading' });
  useEffect(() => {
    if (!productId) return;
    let live = true;
    // Each card asks in a task of its own: a list of cards mounting at once starts its requests
    // one after the other instead of in one long task.
    const start = setTimeout(() => {
      void commerceApi.variations(productId).then((variations) => {
        if (!live) return;
        const options = monthOptions(variations);
        setState(options.length > 0 ? { status: 'ready', options } : { status: 'failed' });
      });
    }, 0);
    return () => {
      live = false;
      clearTimeout(start);
    };
  }, [productId]);
  return productId ? state : { status: 'failed' };
}
