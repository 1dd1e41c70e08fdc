import { createHash, randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { GatewayRequest as FastifyRequest } from '../requestTypes';
import { finiteNumber, objectOf } from '../validation';
import type { Claims, Taken } from './claims';
import { ShopError } from './errors';
import type { createdOrderView } from './orders';
import type { OrderInput } from './schemas';

/** The header a checkout attempt names itself with: the same on every retry of that attempt. */
const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A client-made random id (a UUID, 32 hex digits): long enough that nobody guesses another's. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** How long a placed order is answered again to a retry of its attempt. */
export const KEEP_PLACED_MS = 24 * 60 * 60 * 1000;

export const INVALID_KEY_MESSAGE =
  'Idempotency-Key must be 16 to 64 letters, digits, hyphens or underscores.';
export const IN_PROGRESS_MESSAGE =
  'Your order is still being placed. Please wait a moment, then try again.';
export const KEY_REUSED_MESSAGE =
  'This checkout attempt was already used for a different order. Please try again.';

export type CreatedOrder = ReturnType<typeof createdOrderView>;

const createdOrder = objectOf({
  id: finiteNumber(),
  status: v.string(),
  total: v.string(),
  currency: v.string(),
  payment_url: v.string(),
});

/**
 * What is kept under an attempt's key: the order being placed, then the order placed. (A list has
 * no `state`: it is never taken for one.)
 */
const attemptRecord = v.variant('state', [
  v.object({ state: v.literal('placing'), body: v.string(), attempt: v.string() }),
  v.object({ state: v.literal('placed'), body: v.string(), order: createdOrder }),
]);

/** The attempt's key a request names; undefined when it names none. A malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY_SHAPE.test(key)) {
    throw new ShopError(400, 'invalid_idempotency_key', INVALID_KEY_MESSAGE);
  }
  return key;
}

/**
 * Whose attempts a key belongs to: the learner's (on any device), or a visitor's address. A key
 * is looked up among its caller's only, so nobody reads another's order by naming their key.
 */
export function callerOf(request: FastifyRequest, customer: string | null): string {
  return customer === null ? `guest:${request.ip}` : `user:${customer}`;
}

/**
 * The same order asked again: the checked input, its fields in the schema's order (as zod wrote
 * them: an attempt kept in Redis across the change to valibot is still recognised).
 */
function fingerprint(input: OrderInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('base64url');
}

export interface OrderAttemptsOptions {
  /** Every instance's attempts (Redis), when the instances share one. */
  shared?: Claims | undefined;
  /** This instance's attempts: all of them alone, or those made while Redis is unusable. */
  memory: Claims<Taken>;
  /** The longest placing an order can take: a retry is told to wait for this long at most. */
  placingMs: number;
  log: (message: string, error?: unknown) => void;
}

/** Places an order once per checkout attempt (see createOrderAttempts). */
export type OrderAttempts = (
  caller: string,
  key: string | undefined,
  input: OrderInput,
  place: () => Promise<CreatedOrder>,
) => Promise<CreatedOrder>;

/**
 * One order per checkout attempt. The cart names each attempt with a key and sends the same one
 * when it tries again after a cut connection: a retry gets the order the first request placed
 * (same id and payment page), never a second one; a retry while the first is still under way is
 * told so (409); the key with another order's content is refused (422). A placed order is kept
 * for KEEP_PLACED_MS; a failure is not kept, so the retry places the order afresh. Without a key
 * (a client from before keys) every request is an order of its own.
 *
 * The attempts are every instance's in Redis when they share one. While Redis is unusable they
 * are this instance's own: a retry that reaches another instance then may place a second pending
 * order (never a second payment, and never points spent twice: the reward holds refuse instead).
 */
export function createOrderAttempts(options: OrderAttemptsOptions): OrderAttempts {
  const { shared, memory, placingMs } = options;

  async function take(name: string, value: string) {
    const taken = shared ? await shared.take(name, value, placingMs) : undefined;
    if (shared && taken) return { claims: shared, taken };
    return { claims: memory, taken: await memory.take(name, value, placingMs) };
  }

  /** The answer to a key another request took: its order, or why there is none. */
  function answerTo(holder: string, body: string): CreatedOrder {
    let record: v.InferOutput<typeof attemptRecord> | undefined;
    try {
      const parsed = v.safeParse(attemptRecord, JSON.parse(holder));
      record = parsed.success ? parsed.output : undefined;
    } catch {
      record = undefined;
    }
    if (!record) {
      // Never a second order: an unreadable record counts as one still being placed.
      options.log('An order attempt record could not be read');
      throw new ShopError(409, 'order_in_progress', IN_PROGRESS_MESSAGE);
    }
    if (record.body !== body) {
      throw new ShopError(422, 'idempotency_key_reused', KEY_REUSED_MESSAGE);
    }
    if (record.state === 'placing') {
      throw new ShopError(409, 'order_in_progress', IN_PROGRESS_MESSAGE);
    }
    return record.order;
  }

  return async (caller, key, input, place) => {
    if (key === undefined) return place();
    const name = `${caller}:${key}`;
    const body = fingerprint(input);
    const placing = JSON.stringify({ state: 'placing', body, attempt: randomUUID() });
    const { claims, taken } = await take(name, placing);
    if (!taken.held) return answerTo(taken.holder, body);
    let order: CreatedOrder;
    try {
      order = await place();
    } catch (error) {
      await claims.release(name, placing);
      throw error;
    }
    await claims.replace(
      name,
      placing,
      JSON.stringify({ state: 'placed', body, order }),
      KEEP_PLACED_MS,
    );
    return order;
  };
}
