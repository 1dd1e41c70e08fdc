import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context';
import { userExists } from '../context';
import { REDEEM_RATIO } from '../domain/points';
import { WpError } from '../errors';

/**
 * WooCommerce Points and Rewards' balance route. Like `wc/v3`, it needs the WooCommerce admin
 * keys (the credential check in `woocommerce.ts` covers its prefix).
 */

/** The route's prefix, for the credential check. */
export const POINTS_PREFIX = '/wp-json/wc-points-rewards/v1';

/** Registers `GET wc-points-rewards/v1/users/{user_id}`. */
export function registerPointsRoutes(app: FastifyInstance, context: BackendContext): void {
  app.get<{ Params: { userId: string } }>(`${POINTS_PREFIX}/users/:userId(^\\d+$)`, (request) => {
    const userId = Number(request.params.userId);
    if (!userExists(context, userId)) {
      throw new WpError(404, 'wc_points_rewards_invalid_user', 'Invalid user ID.');
    }
    return {
      user_id: userId,
      points_balance: context.points.balance(userId),
      redeem_ratio: REDEEM_RATIO,
    };
  });
}
