import { toPrice } from '../lib/money';
import { track } from './eventBus';

/**
 * The analytics events the teams push through the bus: Google Analytics 4's e-commerce events
 * with their items, the account events and the search. Each team maps its own data to items (the
 * home page its courses and events, the cart its lines and orders); the shell alone writes them
 * to the data layer.
 */

/** Every amount the shop tracks is in pounds sterling. */
export const ANALYTICS_CURRENCY = 'GBP' as const;

/** The exams the shop prepares for: a product's category in analytics. */
export const EXAMS = ['UKMLA', 'PLAB', 'MSRA', 'MRCGP'] as const;
export type Exam = (typeof EXAMS)[number];

/** An exam's name as a word of a text: "PLAB 1 Online Course", "plab-2-mock-day". */
const EXAM_WORD = new RegExp(`(?:^|[^a-z0-9])(${EXAMS.join('|')})(?![a-z0-9])`, 'i');

/**
 * The exam a product prepares for, as the shop's data says it: the first of `texts` (a course's
 * exam field, then the product's title and slug) that names one, where it names it first; none
 * for a product of no exam (a membership).
 */
export function examOf(...texts: readonly string[]): Exam | undefined {
  for (const text of texts) {
    const named = EXAM_WORD.exec(text)?.[1]?.toUpperCase();
    const exam = EXAMS.find((known) => known === named);
    if (exam) return exam;
  }
  return undefined;
}

/** One product in an e-commerce event. */
export interface AnalyticsItem {
  /** The id the storefront knows it by: a course's or an event's, a package's product. */
  item_id: string;
  item_name: string;
  /** The exam it prepares for; none when it names no exam. */
  item_category?: Exam;
  /** The month option ("3 Months"); none for an event or a product of one price. */
  item_variant?: string;
  /** Unit price in pounds. */
  price: number;
  quantity: number;
  /** Its place in the list it is shown in, from 0 (a list's items only). */
  index?: number;
}

/** What every team knows of a product it shows or sells (a cart line carries all of it). */
export interface ProductFacts {
  id: number | string;
  /** The name the visitor sees. */
  name: string;
  /** A course's exam field; the name and slug are read for one otherwise. */
  exam?: string;
  slug?: string;
  month?: string;
  /** Unit price in pounds. */
  price: number;
  /** 1 unless told. */
  quantity?: number;
}

/** An item from what a team knows of its product: the exam its category, the month its variant. */
export function analyticsItem(product: ProductFacts): AnalyticsItem {
  const category = examOf(product.exam ?? '', product.name, product.slug ?? '');
  return {
    item_id: String(product.id),
    item_name: product.name,
    ...(category ? { item_category: category } : {}),
    ...(product.month ? { item_variant: product.month } : {}),
    price: toPrice(product.price),
    quantity: product.quantity ?? 1,
  };
}

/** A list of products shown to the visitor: the home page's courses, a centre's events. */
export interface ItemList {
  item_list_id: string;
  item_list_name: string;
}

/** The products of an event at their prices, and what they come to. */
interface Priced {
  currency: typeof ANALYTICS_CURRENCY;
  value: number;
  items: AnalyticsItem[];
}

/**
 * GA4's e-commerce events, each with its `ecommerce` object (the shell clears the previous one
 * before each). `add_coupon` is the shop's own: a coupon the shop accepted for the cart.
 */
type EcommerceEvent =
  | { event: 'view_item_list'; ecommerce: ItemList & { items: AnalyticsItem[] } }
  | { event: 'select_item'; ecommerce: ItemList & { items: [AnalyticsItem] } }
  | { event: 'view_item' | 'add_to_cart' | 'remove_from_cart' | 'view_cart'; ecommerce: Priced }
  | { event: 'add_coupon' | 'begin_checkout'; ecommerce: Priced & { coupon?: string } }
  | { event: 'purchase'; ecommerce: Priced & { transaction_id: string; coupon?: string } };

/** Every analytics event the teams push: never a name, an email or an account id. */
export type AnalyticsEvent =
  | EcommerceEvent
  | { event: 'login' | 'sign_up'; method: 'email' }
  | { event: 'search' | 'search_form'; search_term: string };

/** Pushes one of the shop's analytics events to the data layer, through the bus. */
export function trackEvent(event: AnalyticsEvent): void {
  track(event);
}
