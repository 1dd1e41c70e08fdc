import { CANONICAL_SITE_URL } from '../config';
import type { Product, ProductVariation } from '../data/files';
import {
  productPricePence,
  productRegularPricePence,
  variationPricePence,
} from '../domain/catalogue';
import { formatPounds, toPence } from '../domain/money';
import type { JsonObject } from '../json';

/**
 * WooCommerce REST shapes, trimmed to the fields a shop front uses but spelled as WooCommerce
 * spells them: prices as 2-decimal strings, ids as numbers, empty strings rather than nulls.
 */

const MONTH_ATTRIBUTE_ID = 1;

function permalink(product: Product): string {
  return `${CANONICAL_SITE_URL}/product/${product.slug}/`;
}

function priceHtml(pence: number): string {
  return `<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&pound;</span>${formatPounds(pence)}</bdi></span>`;
}

export function optionSlug(option: string): string {
  return option.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/**
 * WooCommerce's stock fields: a managed stock (an event's places) with its quantity and whether
 * any is left, else unmanaged and in stock. Backorders are never allowed.
 */
function stockFields(product: Product): JsonObject {
  const stock = product.stock_quantity;
  return {
    manage_stock: stock !== undefined,
    stock_quantity: stock ?? null,
    stock_status: stock !== undefined && stock <= 0 ? 'outofstock' : 'instock',
    backorders: 'no',
    backorders_allowed: false,
  };
}

/** `GET wc/v3/products/{id}`. */
export function wooProduct(product: Product): JsonObject {
  const variations = product.variations ?? [];
  const prices = variations.map(variationPricePence);
  const isVariable = product.type === 'variable';
  const onSale = isVariable
    ? variations.some((v) => v.sale_price !== '')
    : (product.sale_price ?? '') !== '';
  const low = productPricePence(product);
  const high = isVariable ? Math.max(...prices) : low;
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    permalink: permalink(product),
    type: product.type,
    status: 'publish',
    featured: false,
    catalog_visibility: 'visible',
    description: '',
    short_description: product.short_description,
    sku: product.sku,
    // A variable product has no price of its own: WooCommerce reports the lowest variation price.
    price: formatPounds(low),
    regular_price: isVariable ? '' : formatPounds(productRegularPricePence(product)),
    sale_price: isVariable ? '' : (product.sale_price ?? ''),
    price_html: low === high ? priceHtml(low) : `${priceHtml(low)} &ndash; ${priceHtml(high)}`,
    on_sale: onSale,
    purchasable: true,
    virtual: true,
    downloadable: false,
    tax_status: 'taxable',
    ...stockFields(product),
    sold_individually: product.sold_individually ?? false,
    categories: product.categories,
    tags: [],
    images: product.images,
    attributes: isVariable
      ? [
          {
            id: MONTH_ATTRIBUTE_ID,
            name: 'Month',
            position: 0,
            visible: true,
            variation: true,
            options: variations.map((v) => v.month),
          },
        ]
      : [],
    default_attributes: [],
    variations: variations.map((v) => v.id),
    meta_data: [],
  };
}

/** One entry of `GET wc/v3/products/{id}/variations`. */
export function wooVariation(
  product: Product,
  variation: ProductVariation,
  index: number,
): JsonObject {
  const image = product.images[0];
  return {
    id: variation.id,
    description: '',
    permalink: `${permalink(product)}?attribute_pa_month=${optionSlug(variation.month)}`,
    sku: variation.sku,
    price: formatPounds(variationPricePence(variation)),
    regular_price: formatPounds(toPence(variation.regular_price)),
    sale_price: variation.sale_price === '' ? '' : formatPounds(toPence(variation.sale_price)),
    on_sale: variation.sale_price !== '',
    status: 'publish',
    purchasable: true,
    virtual: true,
    downloadable: false,
    tax_status: 'taxable',
    // A variation's stock is its product's (WooCommerce's "parent") when the product manages it.
    ...(product.stock_quantity === undefined
      ? stockFields(product)
      : { ...stockFields(product), manage_stock: 'parent' }),
    image: image ?? null,
    attributes: [{ id: MONTH_ATTRIBUTE_ID, name: 'Month', option: variation.month }],
    menu_order: index,
    meta_data: [],
  };
}
