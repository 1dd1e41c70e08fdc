import { KEY_PREFIX, type SharedState } from '../plugins/sharedState';

/**
 * How long an unpaid order holds the points and places it was placed with: WooCommerce's own
 * default "Hold stock (minutes)" (`woocommerce_hold_stock_minutes`, 60), after which it cancels an
 * unpaid checkout order. WooCommerce never cancels an order its REST API created, so the gateway
 * does: an order unpaid for longer since it was created is cancelled (its points and places go
 * back) when its payment page or the cart's list of pending orders meets it
 * (`unpaidOrderExpired`, orders.ts).
 */
export const ORDER_HOLD_MINUTES = 60;
export const ORDER_HOLD_MS = ORDER_HOLD_MINUTES * 60_000;

/** A counted stock an order draws on (an event's places), as WooCommerce counts it now. */
export interface CountedStock {
  /** `p<product id>` or `v<variation id>`: the stock itself, whichever line draws on it. */
  key: string;
  /** The product's name, as the shopper is told what is short. */
  name: string;
  /** How many of it the order has. */
  quantity: number;
  /** What WooCommerce has left of it (paid orders already taken off). */
  stock: number;
  /** The order's lines that draw on it. */
  lines: { product_id: number; variation_id: number }[];
}

/** A stock an order could not hold, and how much of it other orders leave. */
interface Shortage {
  key: string;
  name: string;
  left: number;
}

/** How long an order's hold lasts, and for how long at least a hold it already has is kept. */
interface HoldTimes {
  /** When a hold taken now ends (a hold the order had, and lost, is taken again until then). */
  holdUntil: number;
  /** A hold the order still has is kept until at least then (never shortened). */
  keepUntil: number;
}

/**
 * The places pending orders hold: an order holds its quantity of each counted stock until it is
 * paid, cancelled or its hold ends, and no order may hold what the stock, less every other
 * order's hold, does not have. WooCommerce's REST API reserves nothing for an order it creates
 * (only its own checkout does), so the gateway keeps the holds.
 */
export interface PlaceHolds {
  /**
   * Holds (or keeps holding) the order's stocks, all or none: [] when they are held, the ones
   * short otherwise; undefined when the holds cannot be asked (Redis is down).
   */
  hold(
    orderId: number,
    stocks: readonly CountedStock[],
    times: HoldTimes,
  ): Promise<Shortage[] | undefined>;
  /**
   * Lets the order's holds go when `until` comes (at once for a cancelled order; a paid one's a
   * little later, so a read of the stock made before WooCommerce took the payment off it is never
   * counted twice short). A hold already ending sooner is not lengthened.
   */
  releaseAt(orderId: number, until: number): Promise<void>;
  /** Whether the order holds places now. */
  holds(orderId: number): Promise<boolean>;
}

interface Held {
  quantity: number;
  until: number;
}

/** The holds of this instance, for a gateway that shares no Redis. */
export function createMemoryPlaceHolds(now: () => number = Date.now): PlaceHolds {
  /** Each stock's holds, by order id. */
  const stocks = new Map<string, Map<number, Held>>();
  /** Each order's stocks. */
  const orders = new Map<number, string[]>();

  const entriesOf = (key: string) => {
    const entries = stocks.get(key) ?? new Map<number, Held>();
    stocks.set(key, entries);
    for (const [orderId, held] of entries) {
      if (held.until <= now()) {
        entries.delete(orderId);
        orders.delete(orderId);
      }
    }
    return entries;
  };

  return {
    hold(orderId, wanted, { holdUntil, keepUntil }) {
      const short: Shortage[] = [];
      for (const stock of wanted) {
        let others = 0;
        for (const [holder, held] of entriesOf(stock.key)) {
          if (holder !== orderId) others += held.quantity;
        }
        if (stock.stock - others < stock.quantity) {
          short.push({ key: stock.key, name: stock.name, left: Math.max(0, stock.stock - others) });
        }
      }
      if (short.length > 0 || wanted.length === 0) return Promise.resolve(short);
      for (const stock of wanted) {
        const entries = entriesOf(stock.key);
        const current = entries.get(orderId);
        const until = current ? Math.max(current.until, keepUntil) : holdUntil;
        entries.set(orderId, { quantity: stock.quantity, until });
      }
      orders.set(
        orderId,
        wanted.map((stock) => stock.key),
      );
      return Promise.resolve([]);
    },
    releaseAt(orderId, until) {
      for (const key of orders.get(orderId) ?? []) {
        const held = stocks.get(key)?.get(orderId);
        if (held) held.until = Math.min(held.until, until);
      }
      return Promise.resolve();
    },
    holds(orderId) {
      return Promise.resolve(
        (orders.get(orderId) ?? []).some((key) => entriesOf(key).has(orderId)),
      );
    },
  };
}

/**
 * Holds all of an order's stocks or none, in one step: KEYS are the stocks' hashes (field: order
 * id, value: "quantity:until") and last the order's list of stocks; ARGV the order id, now,
 * holdUntil, keepUntil, then each stock's quantity and what is left of it. Ended holds are
 * removed as they are met. Answers [] when held, else each short stock's index and what is left.
 */
const HOLD = `local order, now = ARGV[1], tonumber(ARGV[2])
local holdUntil, keepUntil = tonumber(ARGV[3]), tonumber(ARGV[4])
local count = #KEYS - 1
local short = {}
local mine = {}
for i = 1, count do
  local quantity, stock = tonumber(ARGV[3 + 2 * i]), tonumber(ARGV[4 + 2 * i])
  local entries = redis.call('HGETALL', KEYS[i])
  local others = 0
  for j = 1, #entries, 2 do
    local held, untilAt = string.match(entries[j + 1], '^(%d+):(%d+)$')
    if tonumber(untilAt) <= now then
      redis.call('HDEL', KEYS[i], entries[j])
    elseif entries[j] == order then
      mine[i] = tonumber(untilAt)
    else
      others = others + tonumber(held)
    end
  end
  if stock - others < quantity then
    short[#short + 1] = i
    short[#short + 1] = math.max(0, stock - others)
  end
end
if #short > 0 then return short end
local last = 0
for i = 1, count do
  local untilAt = holdUntil
  if mine[i] then untilAt = math.max(mine[i], keepUntil) end
  last = math.max(last, untilAt)
  redis.call('HSET', KEYS[i], order, ARGV[3 + 2 * i] .. ':' .. untilAt)
end
redis.call('SET', KEYS[#KEYS], table.concat(KEYS, ' ', 1, count), 'PXAT', last)
return short`;

/** Ends an order's holds by `until` at the latest: KEYS[1] its list of stocks; ARGV the order id, until. */
const RELEASE = `local keys = redis.call('GET', KEYS[1])
if not keys then return 0 end
local untilAt = tonumber(ARGV[2])
for key in string.gmatch(keys, '%S+') do
  local value = redis.call('HGET', key, ARGV[1])
  if value then
    local held, current = string.match(value, '^(%d+):(%d+)$')
    if untilAt < tonumber(current) then redis.call('HSET', key, ARGV[1], held .. ':' .. untilAt) end
  end
end
redis.call('PEXPIREAT', KEYS[1], math.max(untilAt, 1))
return 1`;

/** Every instance's holds, in Redis. A hold that cannot be asked is undefined (refused upstream). */
export function createRedisPlaceHolds(
  shared: SharedState,
  now: () => number = Date.now,
): PlaceHolds {
  const stockKey = (key: string) => `${KEY_PREFIX}places:${key}`;
  const orderKey = (orderId: number) => `${KEY_PREFIX}places-order:${String(orderId)}`;
  return {
    async hold(orderId, wanted, { holdUntil, keepUntil }) {
      if (wanted.length === 0) return [];
      const answer = await shared.attempt((redis) =>
        redis.eval(
          HOLD,
          wanted.length + 1,
          ...wanted.map((stock) => stockKey(stock.key)),
          orderKey(orderId),
          String(orderId),
          String(now()),
          String(holdUntil),
          String(keepUntil),
          ...wanted.flatMap((stock) => [String(stock.quantity), String(stock.stock)]),
        ),
      );
      if (!Array.isArray(answer)) return undefined;
      const short: Shortage[] = [];
      for (let i = 0; i + 1 < answer.length; i += 2) {
        const stock = wanted[Number(answer[i]) - 1];
        if (stock) short.push({ key: stock.key, name: stock.name, left: Number(answer[i + 1]) });
      }
      return short;
    },
    async releaseAt(orderId, until) {
      await shared.attempt((redis) =>
        redis.eval(RELEASE, 1, orderKey(orderId), String(orderId), String(until)),
      );
    },
    async holds(orderId) {
      return (await shared.attempt((redis) => redis.exists(orderKey(orderId)))) === 1;
    },
  };
}
