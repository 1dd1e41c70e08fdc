import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BackendContext } from '../context';
import type { Product } from '../data/files';
import { parseAmountInput, formatPounds } from '../domain/money';
import { InvalidParams, WpError } from '../errors';
import type { Query } from '../http/input';
import { bodyFields } from '../http/input';
import { pageParams, paginate } from '../http/wp-collection';
import type { PriceChange } from '../state/catalogue';
import { wooProduct, wooVariation } from './wc-shapes';

/**
 * `wc/v3/products`: read, list, reprice and delete products and variations, as an admin key may.
 * Changes live in memory (see `state/catalogue.ts`) and price every order created afterwards.
 */

const PRODUCTS = '/wp-json/wc/v3/products';
const ITEM_METHODS = 'GET, POST, PUT, PATCH, DELETE';

interface IdParams {
  Params: { id: string; variationId?: string };
  Querystring: Query;
}

/** The name and prices of a product update; a price must be an amount ("" clears a sale). */
function priceChange(fields: Record<string, unknown>): PriceChange {
  const invalid = new InvalidParams();
  const change: PriceChange = {};
  if (typeof fields.name === 'string' && fields.name.trim() !== '') change.name = fields.name;
  for (const name of ['regular_price', 'sale_price'] as const) {
    const value = fields[name];
    if (value === undefined) continue;
    if (name === 'sale_price' && value === '') {
      change.sale_price = '';
      continue;
    }
    const pence = parseAmountInput(value);
    if (pence === undefined) {
      invalid.add(name, 'rest_invalid_type', `${name} is not of type string.`, { param: name });
    } else {
      change[name] = formatPounds(pence);
    }
  }
  invalid.throwIfAny();
  return change;
}

/**
 * A product update's stock and one-per-order rule, as an admin sets them: a whole stock
 * (WooCommerce then manages it) and a boolean `sold_individually`.
 */
function stockChange(fields: Record<string, unknown>): PriceChange {
  const invalid = new InvalidParams();
  const change: PriceChange = {};
  const stock = fields.stock_quantity;
  if (stock !== undefined) {
    if (typeof stock === 'number' && Number.isSafeInteger(stock)) {
      change.stock_quantity = Math.max(0, stock);
    } else {
      invalid.add('stock_quantity', 'rest_invalid_type', 'stock_quantity is not of type integer.', {
        param: 'stock_quantity',
      });
    }
  }
  const single = fields.sold_individually;
  if (single !== undefined) {
    if (typeof single === 'boolean') change.sold_individually = single;
    else {
      invalid.add(
        'sold_individually',
        'rest_invalid_type',
        'sold_individually is not of type boolean.',
        { param: 'sold_individually' },
      );
    }
  }
  invalid.throwIfAny();
  return change;
}

/** Registers the `wc/v3/products` routes. */
export function registerWcProductRoutes(app: FastifyInstance, context: BackendContext): void {
  const { catalogue } = context;

  const productOf = (request: FastifyRequest<IdParams>): Product => {
    const product = catalogue.products.get(Number(request.params.id));
    if (!product) throw new WpError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
    return product;
  };

  app.get<{ Querystring: Query }>(PRODUCTS, (request, reply) => {
    const invalid = new InvalidParams();
    const { page, perPage } = pageParams(request.query, invalid);
    invalid.throwIfAny();
    const products = [...catalogue.products.values()].sort((a, b) => a.id - b.id);
    return paginate(request, reply, products, { page, perPage, route: '/wc/v3/products' }).map(
      wooProduct,
    );
  });

  const item = `${PRODUCTS}/:id(^\\d+$)`;
  app.get<IdParams>(item, { config: { allow: ITEM_METHODS } }, (request) =>
    wooProduct(productOf(request)),
  );

  app.route<IdParams>({
    method: ['PUT', 'PATCH', 'POST'],
    url: item,
    config: { allow: ITEM_METHODS },
    handler: (request) => {
      const product = productOf(request);
      const fields = bodyFields(request);
      const change = { ...priceChange(fields), ...stockChange(fields) };
      const updated = catalogue.updateProduct(product.id, change);
      return wooProduct(updated ?? product);
    },
  });

  app.delete<IdParams>(item, { config: { allow: ITEM_METHODS } }, (request) => {
    const product = productOf(request);
    catalogue.deleteProduct(product.id);
    return wooProduct(product);
  });

  app.get<IdParams>(`${item}/variations`, (request, reply) => {
    const product = productOf(request);
    const invalid = new InvalidParams();
    const { page, perPage } = pageParams(request.query, invalid);
    invalid.throwIfAny();
    const variations = (product.variations ?? []).map((variation, index) =>
      wooVariation(product, variation, index),
    );
    return paginate(request, reply, variations, {
      page,
      perPage,
      route: `/wc/v3/products/${String(product.id)}/variations`,
    });
  });

  app.route<IdParams>({
    method: ['PUT', 'PATCH', 'POST'],
    url: `${item}/variations/:variationId(^\\d+$)`,
    config: { allow: 'GET, POST, PUT, PATCH, DELETE' },
    handler: (request) => {
      const product = productOf(request);
      const variationId = Number(request.params.variationId);
      const index = (product.variations ?? []).findIndex((v) => v.id === variationId);
      if (index < 0) {
        throw new WpError(404, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.');
      }
      // A variation has no name of its own: only its prices change.
      const change = priceChange(bodyFields(request));
      const updated = catalogue.updateProduct(product.id, change, variationId) ?? product;
      const variation = updated.variations?.[index];
      if (!variation) throw new Error('the variation vanished while it was updated');
      return wooVariation(updated, variation, index);
    },
  });
}
