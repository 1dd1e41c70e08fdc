import type { Product, ProductVariation } from '../data/files';
import { toPence } from './money';

/** What a buyer pays for one unit of a variation: the sale price when there is one. */
export function variationPricePence(variation: ProductVariation): number {
  return toPence(variation.sale_price === '' ? variation.regular_price : variation.sale_price);
}

/**
 * The product's price as WooCommerce reports it: a simple product's own price, a variable
 * product's lowest variation price (the "From" price of the course list).
 */
export function productPricePence(product: Product): number {
  if (product.variations) return Math.min(...product.variations.map(variationPricePence));
  const { regular_price: regular = '0', sale_price: sale = '' } = product;
  return toPence(sale === '' ? regular : sale);
}

/** The regular (before sale) price, same rules as {@link productPricePence}. */
export function productRegularPricePence(product: Product): number {
  if (product.variations) {
    return Math.min(...product.variations.map((v) => toPence(v.regular_price)));
  }
  return toPence(product.regular_price ?? '0');
}
