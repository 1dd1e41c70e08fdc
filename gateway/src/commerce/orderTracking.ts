import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { SharedState } from '../plugins/sharedState';
import { publicForwarding } from '../proxy/upstreams';
import { finiteNumber, integer, objectOf, strictObjectOf } from '../validation';
import { createMemoryClaims, createRedisClaims, type Claims } from './claims';
import { handled, readInput, ShopError } from './errors';
import { formatPence, toPence } from './money';
import { PAID_STATUSES } from './orders';
import type { OwnOrderReader } from './ownership';
import { idParams } from './schemas';
import type { WooCommerce } from './wooCommerce';

/**
 * The order tracking WordPress keeps for the e-mail campaigns (`custom/v2/trackOrder`): posted by
 * the gateway once per paid order, built from the order as WooCommerce has it. The browser only
 * says its order is paid and which campaign ids it came with; it can neither write the payload
 * (a total, an email, lines) nor report another's order, an unpaid one, or one twice.
 */

/** Where the browser reports its paid order. */
const ORDER_TRACKING_PATH = '/api/shop/orders/:id/tracking';

/** WordPress's route that keeps the tracking. */
const TRACK_ORDER = '/wp-json/custom/v2/trackOrder';

/** How long an order's report is remembered: far longer than anyone comes back to pay. */
const REPORT_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** Reports this instance keeps in memory, at most (without Redis). */
const MAX_KEPT_IN_MEMORY = 10_000;

/** An email-campaign id as the campaign link carries it ('' when the visitor came without one). */
const campaignId = v.pipe(
  v.string(),
  v.maxLength(64),
  v.regex(/^[A-Za-z0-9_-]*$/, 'must be an email-campaign id'),
);

/** What the browser may send: the campaign ids it kept, nothing else. */
const trackingInput = strictObjectOf({ mc_cid: campaignId, mc_eid: campaignId });

const wcAmount = v.union([v.string(), finiteNumber()]);

/** The order's fields the tracking is built of. */
const wcTrackedOrder = objectOf({
  id: v.pipe(integer(), v.gtValue(0)),
  total: wcAmount,
  billing: objectOf({ email: v.pipe(v.string(), v.maxLength(254)) }),
  line_items: v.array(
    objectOf({
      id: integer(),
      name: v.pipe(v.string(), v.maxLength(500)),
      product_id: integer(),
      variation_id: v.optional(integer(), 0),
      quantity: v.pipe(integer(), v.gtValue(0)),
      subtotal: wcAmount,
    }),
  ),
});

/** The specification's order-tracking payload. */
interface OrderTracking {
  orderId: number;
  total: string;
  email: string;
  mc_cid: string;
  mc_eid: string;
  items: {
    id: number;
    product_id: number;
    product_variant_id: number;
    product_title: string;
    price: number;
    quantity: number;
  }[];
}

/**
 * The tracking of an order as WooCommerce has it: its total, the buyer's email, and each line
 * with its unit price before discounts (a simple product's variant id is its product id).
 */
function trackingOf(
  order: v.InferOutput<typeof wcTrackedOrder>,
  campaign: v.InferOutput<typeof trackingInput>,
): OrderTracking {
  return {
    orderId: order.id,
    total: formatPence(toPence(order.total)),
    email: order.billing.email,
    mc_cid: campaign.mc_cid,
    mc_eid: campaign.mc_eid,
    items: order.line_items.map((line) => ({
      id: line.id,
      product_id: line.product_id,
      product_variant_id: line.variation_id || line.product_id,
      product_title: line.name,
      price: Math.round(toPence(line.subtotal) / line.quantity) / 100,
      quantity: line.quantity,
    })),
  };
}

export interface OrderTrackingDeps {
  wc: WooCommerce;
  readOwnOrder: OwnOrderReader;
  /** WordPress, where the tracking is posted (without WooCommerce's keys: it needs none). */
  wordpress: { url: string; publicUrl: URL; timeoutMs: number };
  /** The instances' Redis: an order is reported once across all of them. */
  shared?: SharedState | undefined;
  now?: () => number;
  log: (message: string, error?: unknown) => void;
}

/**
 * Registers POST /api/shop/orders/:id/tracking. Only the order's owner (the browser that created
 * it, or its customer) may report it, only once it is paid, with campaign ids only. The first
 * report posts the tracking and is answered 201 `{ reported: true }`; every later one (another
 * tab, a reload) 200 `{ reported: false }`, posting nothing. A failed post is logged, never tried
 * again: the tracking is posted at most once. With Redis, reports are every instance's; while
 * Redis is unusable none is taken (503), so no order is ever posted twice.
 */
export function registerOrderTracking(app: FastifyInstance, deps: OrderTrackingDeps): void {
  const { wc, wordpress, log } = deps;
  const reports: Claims = deps.shared
    ? createRedisClaims(deps.shared, 'tracked')
    : createMemoryClaims(MAX_KEPT_IN_MEMORY, deps.now);

  async function post(tracking: OrderTracking): Promise<void> {
    const what = `The order tracking of order ${String(tracking.orderId)}`;
    try {
      const response = await fetch(`${wordpress.url}${TRACK_ORDER}`, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          ...publicForwarding(wordpress.publicUrl),
        },
        body: JSON.stringify(tracking),
        signal: AbortSignal.timeout(wordpress.timeoutMs),
      });
      if (!response.ok) log(`${what} was refused by WordPress (${String(response.status)})`);
    } catch (error) {
      log(`${what} could not be posted to WordPress`, error);
    }
  }

  app.post(
    ORDER_TRACKING_PATH,
    handled(async (request, reply) => {
      const { id } = readInput(idParams, request.params);
      const campaign = readInput(trackingInput, request.body);
      const order = await deps.readOwnOrder(request, reply, id);
      if (!PAID_STATUSES.includes(order.status)) {
        throw new ShopError(409, 'order_not_paid', 'This order has not been paid.');
      }
      const key = String(id);
      const holder = randomUUID();
      const taken = await reports.take(key, holder, REPORT_KEPT_MS);
      if (taken === undefined) {
        throw new ShopError(
          503,
          'tracking_unavailable',
          'The order could not be reported just now. Please try again later.',
        );
      }
      if (!taken.held) return { reported: false };
      let tracked: v.InferOutput<typeof wcTrackedOrder>;
      try {
        tracked = await wc.get(`wc/v3/orders/${key}`, wcTrackedOrder);
      } catch (error) {
        // Nothing was posted: the next report may try again.
        await reports.release(key, holder);
        throw error;
      }
      await post(trackingOf(tracked, campaign));
      return reply.code(201).send({ reported: true });
    }),
  );
}
