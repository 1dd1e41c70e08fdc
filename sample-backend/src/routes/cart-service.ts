import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BackendContext } from '../context';
import { invalidFieldError, WpError } from '../errors';
import { readBearer, checkUserToken } from '../http/auth';
import { bodyFields, positiveIntField } from '../http/input';

/**
 * The LMS cart service (`/lms/api/v1/item`): a logged-in learner's cart saved on the server.
 * Every call needs the learner's Bearer token and may only touch that learner's cart.
 */

const CART_PREFIX = '/lms/api/v1/item';

/** The cart owner of a request: a valid token whose user is the `userId` of the body. */
function cartOwner(request: FastifyRequest, context: BackendContext): number {
  const bearer = readBearer(request);
  if (bearer.kind !== 'token') {
    throw new WpError(401, 'unauthorized', 'Log in first: send Authorization: Bearer <token>.');
  }
  const token = checkUserToken(bearer.token, context);
  if (!token.ok) {
    throw new WpError(
      401,
      'invalid_token',
      'Your login has expired or is invalid. Please log in again.',
    );
  }
  const userId = positiveIntField(bodyFields(request).userId);
  if (userId === undefined) throw invalidFieldError('userId', 'userId must be a user id.');
  if (userId !== token.userId) {
    throw new WpError(403, 'forbidden', 'You can only access your own cart.');
  }
  return userId;
}

/** True when `data` is JSON text of an array: the storefront's serialized cart items. */
function isCartText(data: unknown): data is string {
  if (typeof data !== 'string') return false;
  try {
    return Array.isArray(JSON.parse(data));
  } catch {
    return false;
  }
}

/** Registers the LMS cart service routes. */
export function registerCartServiceRoutes(app: FastifyInstance, context: BackendContext): void {
  app.post(`${CART_PREFIX}/add-cart-data`, async (request) => {
    const userId = cartOwner(request, context);
    const { data } = bodyFields(request);
    if (!isCartText(data)) {
      throw invalidFieldError(
        'data',
        'data must be the cart items as JSON text of an array.',
        'invalid_cart_data',
      );
    }
    await context.carts.save(userId, data);
    return { success: true, userId };
  });

  app.post(`${CART_PREFIX}/get-cart-data`, (request) => {
    const userId = cartOwner(request, context);
    return { userId, data: context.carts.get(userId) };
  });

  app.post(`${CART_PREFIX}/delete-cart-data`, async (request) => {
    const userId = cartOwner(request, context);
    await context.carts.delete(userId);
    return { success: true };
  });
}
