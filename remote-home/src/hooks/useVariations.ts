import { createContext, useContext, useMemo } from 'react';
import { monthOptions, shopReads, useRead, type MonthOption } from 'shared-store';
import { homeReads } from '../data/reads';

export type VariationsState =
  { status: 'loading' } | { status: 'ready'; options: MonthOption[] } | { status: 'failed' };

/** A list's prices: each product's variations by its id (anything else: none); null while loading. */
export type Prices = Readonly<Record<string, unknown>> | null;

/**
 * The prices of the list a card is in (useListPrices). Outside a list (the course page's one
 * product) it is undefined, and the card reads its own product's variations.
 */
export const ListPrices = createContext<Prices | undefined>(undefined);

/** A product's month options from WooCommerce (through the gateway): its list's, or its own. */
export function useVariations(productId: number | undefined): VariationsState {
  const listed = useContext(ListPrices);
  const own = useRead(shopReads.variations, listed === undefined && productId ? productId : null);
  const variations: unknown = listed
    ? listed[String(productId)]
    : own.status === 'ready'
      ? own.data
      : undefined;
  const options = useMemo(() => monthOptions(variations), [variations]);
  if (!productId) return { status: 'failed' };
  if (listed === null || (listed === undefined && own.status !== 'ready')) {
    return { status: 'loading' };
  }
  return options.length > 0 ? { status: 'ready', options } : { status: 'failed' };
}

/**
 * The prices of a list's products, in one read, asked once the list has painted (the read's
 * effect); null until they come. The cards take theirs from it through ListPrices.
 */
export function useListPrices(productIds: readonly number[]): Prices {
  const ids = [...new Set(productIds)]
    .filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31)
    .sort((a, b) => a - b)
    .join();
  const answer = useRead(homeReads.prices, ids || null);
  return answer.status === 'ready' ? answer.data : null;
}
