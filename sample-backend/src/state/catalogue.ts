import type { Coupon, Product, ProductVariation } from '../data/files';

/** A coupon as WooCommerce stores it: the data file's fields plus a post id. */
export interface CouponRecord extends Coupon {
  id: number;
  date_created: string;
}

/**
 * The changes `PUT wc/v3/products/{id}` (or a variation) makes to prices and name, and to a
 * product's stock and its one-per-order rule.
 */
export interface PriceChange {
  name?: string;
  regular_price?: string;
  sale_price?: string;
  stock_quantity?: number;
  sold_individually?: boolean;
}

const FIRST_COUPON_ID = 8001;
const SEED_COUPON_DATE = '2026-01-05T09:00:00';

/**
 * The shop's products and coupons as WooCommerce's REST API changes them: an admin key may
 * reprice or delete a product and create coupons. Changes live in memory for the process only;
 * the site's own content routes keep showing the data files.
 */
export class Catalogue {
  private readonly productMap: Map<number, Product>;
  private readonly couponList: CouponRecord[];

  constructor(products: readonly Product[], coupons: readonly Coupon[]) {
    this.productMap = new Map(products.map((product) => [product.id, product]));
    this.couponList = coupons.map((coupon, index) => ({
      ...coupon,
      id: FIRST_COUPON_ID + index,
      date_created: SEED_COUPON_DATE,
    }));
  }

  get products(): ReadonlyMap<number, Product> {
    return this.productMap;
  }

  get coupons(): readonly CouponRecord[] {
    return this.couponList;
  }

  /**
   * Applies a price change. A variable product has no price of its own (WooCommerce syncs it from
   * the variations), so only its name changes; its variations are changed one by one.
   */
  updateProduct(id: number, change: PriceChange, variationId?: number): Product | undefined {
    const product = this.productMap.get(id);
    if (!product) return undefined;
    const { name, stock_quantity: stock, sold_individually: single, ...prices } = change;
    let next: Product = {
      ...product,
      ...(name === undefined ? {} : { name }),
      ...(stock === undefined ? {} : { stock_quantity: stock }),
      ...(single === undefined ? {} : { sold_individually: single }),
    };
    if (variationId !== undefined) {
      const variations = (product.variations ?? []).map((variation): ProductVariation =>
        variation.id === variationId ? { ...variation, ...prices } : variation,
      );
      next = { ...product, variations };
    } else if (product.type === 'simple') {
      next = { ...next, ...prices };
    }
    this.productMap.set(id, next);
    return next;
  }

  /** A product's managed stock (an event's places left); undefined when it is not managed. */
  stockOf(id: number): number | undefined {
    return this.productMap.get(id)?.stock_quantity;
  }

  /**
   * Changes a managed stock by `change` (an order paid, or cancelled after it was); as in
   * WooCommerce it may go below zero. A product whose stock is not managed is left as it is.
   */
  adjustStock(id: number, change: number): void {
    const product = this.productMap.get(id);
    if (product?.stock_quantity === undefined) return;
    this.productMap.set(id, { ...product, stock_quantity: product.stock_quantity + change });
  }

  /** Deletes a product; returns it as it was. */
  deleteProduct(id: number): Product | undefined {
    const product = this.productMap.get(id);
    this.productMap.delete(id);
    return product;
  }

  /** Adds a coupon under the next post id. */
  addCoupon(coupon: Coupon, now: string): CouponRecord {
    const id = Math.max(FIRST_COUPON_ID - 1, ...this.couponList.map((c) => c.id)) + 1;
    const record: CouponRecord = { ...coupon, id, date_created: now };
    this.couponList.push(record);
    return record;
  }
}
