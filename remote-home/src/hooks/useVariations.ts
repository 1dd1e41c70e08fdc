import { createContext, useContext, useEffect, useMemo } from 'react';
import {
  monthOptions,
  priceIds,
  shopReads,
  useMounted,
  useRead,
  type MonthOption,
} from 'shared-store';

export type VariationsState =
  { status: 'loading' } | { status: 'ready'; options: MonthOption[] } | { status: 'failed' };

/** A list's prices: each product's variations by its id (anything else: none); null while loading. */
export type Prices = Readonly<Record<string, unknown>> | null;

/**
 * The prices of the list a card is in (useListPrices). Outside a list (the course page's one
 * product) it is undefined, and the card reads its own product's variations.
 */
export const ListPrices = createContext<Prices | undefined>(undefined);

/**
 * Each product's variations as a list's prices gave them, for the page's life: a course opened
 * from its card shows the price the card showed, and the price is read once per product.
 */
const listedPrices = new Map<string, unknown>();

/** Forgets the prices lists gave, as a new page load does (tests: each draws a fresh page). */
export function forgetListedPrices(): void {
  listedPrices.clear();
}

/** A product's month options from WooCommerce (through the gateway): its list's, or its own. */
export function useVariations(productId: number | undefined): VariationsState {
  const listed = useContext(ListPrices);
  // Only in the browser: a server render draws from the answers it was handed alone.
  const inBrowser = useMounted();
  const known = listed === undefined && inBrowser ? listedPrices.get(String(productId)) : undefined;
  const own = useRead(
    shopReads.variations,
    listed === undefined && known === undefined && productId ? productId : null,
  );
  const variations: unknown = listed
    ? listed[String(productId)]
    : (known ?? (own.status === 'ready' ? own.data : undefined));
  const options = useMemo(() => monthOptions(variations), [variations]);
  if (!productId) return { status: 'failed' };
  if (listed === null || (listed === undefined && known === undefined && own.status !== 'ready')) {
    return { status: 'loading' };
  }
  return options.length > 0 ? { status: 'ready', options } : { status: 'failed' };
}

/**
 * The prices of a list's products, in one read, asked once the list has painted (the read's
 * effect); null until they come. The cards take theirs from it through ListPrices.
 */
export function useListPrices(productIds: readonly number[]): Prices {
  const answer = useRead(shopReads.prices, priceIds(productIds));
  const prices = answer.status === 'ready' ? answer.data : null;
  useEffect(() => {
    // A product the shop could not price (null) is asked for again on its own page.
    for (const [id, variations] of Object.entries(prices ?? {})) {
      if (variations !== null && variations !== undefined) listedPrices.set(id, variations);
    }
  }, [prices]);
  return prices;
}
