import * as v from 'valibot';
import type { CachedResponse, ResponseCache } from '../proxy/responseCache';
import { readInput, ShopError } from './errors';
import { eachAtMost } from './eachAtMost';
import { quantityLimit } from './limits';
import { idParams, pricesQuery, wcProduct, wcProductIds, wcVariations } from './schemas';
import type { WooCommerce } from './wooCommerce';

/** The browser's commerce API: the only way to WooCommerce. */
export const SHOP_PREFIX = '/api/shop';

/** Product reads are shared by every visitor for this long. */
const PRODUCT_TTL_MS = 60_000;

/**
 * WooCommerce calls one prices read makes at once: a list's prices that no visitor has read this
 * minute come in a few rounds, never as one burst of calls.
 */
export const PRICES_AT_ONCE = 4;

/** Products per page of WooCommerce's product list (its largest page). */
const CATALOGUE_PAGE_SIZE = 100;
/** The pages of the product list read at most: a thousand products. */
const CATALOGUE_PAGES = 10;

interface ShopReadsDeps {
  wc: WooCommerce;
  cache: ResponseCache;
  log: (message: string, error?: unknown) => void;
}

/** A product's page as a product read gives it, and where the product read answers. */
const PRODUCT_PATH = /^\/api\/shop\/products\/([^/?]+)(\/variations)?$/;
const PRICES_PATH = `${SHOP_PREFIX}/prices`;

/**
 * The shop's reads that answer every visitor alike (no identity, no cookie): a product, its
 * variations, a list's prices, each read once a TTL for every visitor (the read cache, shared by
 * the instances), whoever asks: the commerce API's routes, or a page's server render (publicRead).
 */
export function createShopReads(deps: ShopReadsDeps) {
  const { wc } = deps;

  /**
   * A product read once for every visitor within its TTL: readers that miss it together share one
   * WooCommerce call (the read cache's claim), whose refusal (an unknown product) they are handed
   * too, though only an answer is kept.
   */
  async function shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = await deps.cache.lookup(key);
    if (hit && !hit.stale) return outcomeOf(hit.value) as T;
    const claim = await deps.cache.claim(key);
    if (!claim.leader) {
      const answer = await claim.answer;
      // None came (the call broke off): this reader asks WooCommerce itself.
      return answer ? (outcomeOf(answer) as T) : load();
    }
    try {
      const value = await load();
      await claim.finish(jsonAnswer(200, value), PRODUCT_TTL_MS);
      return value;
    } catch (error) {
      await claim.finish(
        error instanceof ShopError ? jsonAnswer(error.status, error.body()) : undefined,
        0,
      );
      throw error;
    }
  }

  /** A product, with the fields the browser is given. */
  const product = (id: number) =>
    shared(`shop:product:${String(id)}`, async () => {
      const found = await wc.get(`wc/v3/products/${String(id)}`, wcProduct);
      return {
        id: found.id,
        name: found.name,
        slug: found.slug,
        type: found.type,
        price: found.price,
        regular_price: found.regular_price,
        sale_price: found.sale_price,
        purchasable: found.purchasable ?? true,
      };
    });

  /**
   * A product's variations, with the fields the browser is given: each with the most one order
   * may have of it (`max_quantity`: 1 for a product sold individually, what is left of a counted
   * stock; null for no limit, or when the product itself could not be read).
   */
  const variations = (id: number) =>
    shared(`shop:variations:${String(id)}`, async () => {
      const [found, parent] = await Promise.all([
        wc.get(`wc/v3/products/${String(id)}/variations?per_page=100`, wcVariations),
        wc.get(`wc/v3/products/${String(id)}`, wcProduct).catch(unlessRefused(null)),
      ]);
      return found.map((variation) => ({
        id: variation.id,
        price: variation.price,
        regular_price: variation.regular_price,
        sale_price: variation.sale_price,
        attributes: variation.attributes.map(({ name, option }) => ({ name, option })),
        max_quantity: parent ? quantityLimit(parent, variation) : null,
      }));
    });

  /**
   * The ids of every product the shop has, listed once a TTL for every visitor: a prices read
   * asks WooCommerce only about these, so however many ids requests make up, WooCommerce is
   * asked about each product at most once a TTL.
   */
  async function catalogue(): Promise<Set<number>> {
    const ids = await shared('shop:catalogue', async () => {
      const found: number[] = [];
      for (let page = 1; page <= CATALOGUE_PAGES; page += 1) {
        const products = await wc.get(
          `wc/v3/products?per_page=${String(CATALOGUE_PAGE_SIZE)}&page=${String(page)}&_fields=id`,
          wcProductIds,
        );
        found.push(...products.map((listed) => listed.id));
        if (products.length < CATALOGUE_PAGE_SIZE) return found;
      }
      deps.log(
        `The shop lists more than ${String(found.length)} products: the prices of the others are not read`,
      );
      return found;
    });
    return new Set(ids);
  }

  /**
   * A list's prices in one read: each product's variations as `variations` gives them (null for a
   * product the shop does not have, or whose variations could not be read).
   */
  async function prices(ids: readonly number[]): Promise<Record<string, unknown>> {
    const sold = await catalogue().catch(unlessRefused(new Set<number>()));
    const found = await eachAtMost(PRICES_AT_ONCE, ids, (id) =>
      sold.has(id) ? variations(id).catch(unlessRefused(null)) : Promise.resolve(null),
    );
    return Object.fromEntries(ids.map((id, index) => [id, found[index]]));
  }

  /**
   * The answer to one of these reads at its API's URL, as the browser asks for it (the same
   * answer: a page may carry it for the browser's read), or undefined for a URL that is not one
   * of them written as the browser writes it (its id or ids as the API's own schema reads them,
   * and no other parameter). Rejects as the read does (a ShopError for an unknown product).
   */
  function publicRead(url: string): Promise<unknown> | undefined {
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
    const names = [...query.keys()];
    if (path === PRICES_PATH) {
      const asked = query.get('ids');
      if (names.length !== 1 || asked === null) return undefined;
      const parsed = v.safeParse(pricesQuery, { ids: asked });
      return parsed.success ? prices(parsed.output.ids) : undefined;
    }
    const [, segment = '', ofVariations] = PRODUCT_PATH.exec(path) ?? [];
    if (names.length > 0 || !segment) return undefined;
    const parsed = v.safeParse(idParams, { id: segment });
    // The id as the browser writes it, and nothing that reads as the same id (007, 7.0).
    if (!parsed.success || String(parsed.output.id) !== segment) return undefined;
    return ofVariations ? variations(parsed.output.id) : product(parsed.output.id);
  }

  return {
    product: (params: unknown) => product(readInput(idParams, params).id),
    variations: (params: unknown) => variations(readInput(idParams, params).id),
    prices: (query: unknown) => prices(readInput(pricesQuery, query).ids),
    publicRead,
  };
}

/** An answer of the read cache: `body` as JSON with `status`. */
function jsonAnswer(status: number, body: unknown): CachedResponse {
  return { status, headers: {}, body: Buffer.from(JSON.stringify(body)) };
}

/** What a shared product read came to: its value, or the refusal it was answered with. */
function outcomeOf(answer: CachedResponse): unknown {
  const body: unknown = JSON.parse(answer.body.toString('utf8'));
  if (answer.status === 200) return body;
  const { code, message } = body as { code: string; message: string };
  throw new ShopError(answer.status, code, message);
}

/** For a promise's catch: `value` in place of the shop's refusal or failure; anything else rethrown. */
export function unlessRefused<T>(value: T) {
  return (error: unknown): T => {
    if (error instanceof ShopError) return value;
    throw error;
  };
}
