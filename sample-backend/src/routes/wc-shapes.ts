import { CANONICAL_SITE_URL } from '../config';
import type { Product, ProductVariation } from '../data/files';
import {
  productPricePence,
  productRegularPricePence,
  variationPricePence,
} from '../domain/catalogue';
import { formatPounds, toPence } from '../domain/money';
import type { JsonObject } from '../json';
import type { OrderRecord } from '../state/orders';

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

function optionSlug(option: string): string {
  return option.toLowerCase().replace(/[^a-z0-9]+/g, '-');
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
    manage_stock: false,
    stock_status: 'instock',
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
    manage_stock: false,
    stock_status: 'instock',
    image: image ?? null,
    attributes: [{ id: MONTH_ATTRIBUTE_ID, name: 'Month', option: variation.month }],
    menu_order: index,
    meta_data: [],
  };
}

const EMPTY_ADDRESS = {
  first_name: '',
  last_name: '',
  company: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  postcode: '',
  country: 'GB',
};

/** The URL of the order's payment page, on the origin the shopper uses. */
export function paymentUrl(order: OrderRecord, origin: string): string {
  return `${origin}/checkout/order-pay/${String(order.id)}/?pay_for_order=true&key=${order.order_key}`;
}

/** `POST wc/v3/orders` and `GET wc/v3/orders/{id}`. */
export function wooOrder(order: OrderRecord, origin: string): JsonObject {
  const isPending = order.status === 'pending';
  return {
    id: order.id,
    parent_id: 0,
    number: String(order.id),
    order_key: order.order_key,
    created_via: 'rest-api',
    status: order.status,
    currency: 'GBP',
    currency_symbol: '£',
    prices_include_tax: false,
    date_created: order.date_created,
    date_created_gmt: order.date_created,
    date_modified: order.date_created,
    discount_total: formatPounds(order.discountPence),
    discount_tax: '0.00',
    shipping_total: '0.00',
    shipping_tax: '0.00',
    cart_tax: '0.00',
    total: formatPounds(order.totalPence),
    total_tax: '0.00',
    customer_id: order.customer_id,
    billing: { ...EMPTY_ADDRESS, ...order.billing, phone: '' },
    shipping: EMPTY_ADDRESS,
    payment_method: '',
    payment_method_title: '',
    transaction_id: '',
    customer_note: '',
    date_paid: isPending ? null : order.date_created,
    line_items: order.lines.map((line, index) => ({
      id: order.id * 100 + index + 1,
      name: line.name,
      product_id: line.product_id,
      variation_id: line.variation_id,
      quantity: line.quantity,
      tax_class: '',
      subtotal: formatPounds(line.subtotalPence),
      subtotal_tax: '0.00',
      total: formatPounds(line.totalPence),
      total_tax: '0.00',
      taxes: [],
      meta_data:
        line.month === undefined
          ? []
          : [
              {
                id: order.id * 100 + 60 + index,
                key: 'pa_month',
                value: optionSlug(line.month),
                display_key: 'Month',
                display_value: line.month,
              },
            ],
      sku: line.sku,
      // WooCommerce gives the unit price of a line as a number, unlike every other price.
      price: line.unitPence / 100,
    })),
    tax_lines: [],
    shipping_lines: [],
    fee_lines: [],
    coupon_lines: order.coupons.map((coupon, index) => ({
      id: order.id * 100 + 90 + index,
      code: coupon.code,
      discount: formatPounds(coupon.discountPence),
      discount_tax: '0.00',
      meta_data: [],
    })),
    refunds: [],
    payment_url: paymentUrl(order, origin),
    is_editable: isPending,
    needs_payment: isPending && order.totalPence > 0,
    needs_processing: true,
  };
}
