import { useEffect, useState } from 'react';
import { commerceApi, toPrice, type ProductVariation } from 'shared-store';

/** One purchasable month option of a product. */
export interface MonthOption {
  month: string;
  price: number;
  variationId: number;
}

export type VariationsState =
  { status: 'loading' } | { status: 'ready'; options: MonthOption[] } | { status: 'failed' };

/** The month options of a variation list: those with a month name and a usable price. */
export function toMonthOptions(variations: readonly ProductVariation[]): MonthOption[] {
  return variations
    .map((variation) => ({
      month: variation.attributes.find((a) => /month|duration/i.test(a.name))?.option ?? '',
      price: toPrice(variation.price),
      variationId: variation.id,
    }))
    .filter((option) => option.month !== '' && option.price > 0);
}

/** A product's month options from WooCommerce (through the gateway). */
export function useVariations(productId: number | undefined): VariationsState {
  const [state, setState] = useState<VariationsState>({ status: 'loading' });
  useEffect(() => {
    if (!productId) return;
    let live = true;
    void commerceApi.variations(productId).then((variations) => {
      if (!live) return;
      const options = toMonthOptions(Array.isArray(variations) ? variations : []);
      setState(options.length > 0 ? { status: 'ready', options } : { status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [productId]);
  return productId ? state : { status: 'failed' };
}
