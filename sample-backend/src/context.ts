import type { ResolvedOptions } from './config';
import type { SampleData } from './data/load';
import type { UserDirectory } from './domain/users';
import type { CartStore } from './state/carts';
import type { Catalogue } from './state/catalogue';
import type { OrderStore } from './state/orders';
import type { PointsStore } from './state/points';

/** A `custom/v2/trackOrder` payload, kept as received. */
export type TrackedOrder = Readonly<Record<string, unknown>>;

/** A subscription started through `wsp-route/v1`. */
interface SubscriptionRecord {
  subscription_id: number;
  user_id: number;
  action: 'create' | 'upgrade';
  /** The request body, kept as received: the storefront's payload is not specified. */
  payload: Readonly<Record<string, unknown>>;
}

/**
 * What the sample backend received during its lifetime, for tests to inspect through
 * `app.sampleState` (nothing here is persisted).
 */
export interface SampleState {
  trackedOrders: TrackedOrder[];
  newsletterSubscribers: string[];
  contactMessages: { name: string; phonenum: string; email: string; message: string }[];
  subscriptions: SubscriptionRecord[];
  /**
   * The exam date `update_user_date` last saved, by user id: the user meta `exam_date`, which
   * `users/me` gives as WordPress does once the company's plugin registers it for the REST API.
   */
  examDates: Map<number, string>;
}

/** Everything the route modules share. */
export interface BackendContext {
  options: ResolvedOptions;
  data: SampleData;
  users: UserDirectory;
  carts: CartStore;
  orders: OrderStore;
  /** Points and Rewards balances. */
  points: PointsStore;
  /** Products and coupons as `wc/v3` changes them (the content routes read `data`). */
  catalogue: Catalogue;
  state: SampleState;
}

/** Whether a WordPress user exists: an account that can log in, or one of the site's authors. */
export function userExists(context: BackendContext, id: number): boolean {
  return context.users.byId(id) !== undefined || context.data.usersById.has(id);
}
