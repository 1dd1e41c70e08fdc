import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context';
import type { UserAccount } from '../domain/users';
import { InvalidParams, WpError } from '../errors';
import type { Query } from '../http/input';
import { queryValue } from '../http/input';
import { pageParams, paginate } from '../http/wp-collection';
import type { JsonObject } from '../json';

/** `wc/v3/customers`: the accounts of the user directory, as WooCommerce lists customers. */

const CUSTOMERS = '/wp-json/wc/v3/customers';
/** The accounts carry no sign-up date; every customer shows the site's launch day. */
const SIGN_UP_DATE = '2026-01-05T09:00:00';

function address(user: UserAccount, withContact: boolean): JsonObject {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    company: '',
    address_1: '',
    address_2: '',
    city: '',
    state: '',
    postcode: '',
    country: 'GB',
    ...(withContact ? { email: user.email, phone: '' } : {}),
  };
}

/** Registers the `wc/v3/customers` routes. */
export function registerWcCustomerRoutes(app: FastifyInstance, context: BackendContext): void {
  const wooCustomer = (user: UserAccount): JsonObject => {
    const hash = createHash('md5').update(user.email.trim().toLowerCase()).digest('hex');
    return {
      id: user.id,
      date_created: SIGN_UP_DATE,
      date_created_gmt: SIGN_UP_DATE,
      date_modified: SIGN_UP_DATE,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: 'customer',
      username: user.login,
      billing: address(user, true),
      shipping: address(user, false),
      is_paying_customer: context.orders
        .list()
        .some((order) => order.customer_id === user.id && order.date_paid !== null),
      avatar_url: `https://secure.gravatar.com/avatar/${hash}?s=96&d=mm&r=g`,
      meta_data: [],
    };
  };

  app.get<{ Querystring: Query }>(CUSTOMERS, (request, reply) => {
    const invalid = new InvalidParams();
    const { page, perPage } = pageParams(request.query, invalid);
    invalid.throwIfAny();
    const email = queryValue(request.query, 'email')?.trim().toLowerCase();
    // WooCommerce's `search`: any part of the login, address or name, in any case.
    const search = queryValue(request.query, 'search')?.trim().toLowerCase();
    const matches = context.users
      .all()
      .filter((user) => email === undefined || user.email.toLowerCase() === email)
      .filter(
        (user) =>
          search === undefined ||
          [user.login, user.email, user.displayName].some((text) =>
            text.toLowerCase().includes(search),
          ),
      );
    return paginate(request, reply, matches, { page, perPage, route: '/wc/v3/customers' }).map(
      wooCustomer,
    );
  });

  app.get<{ Params: { id: string } }>(`${CUSTOMERS}/:id(^\\d+$)`, (request) => {
    const user = context.users.byId(Number(request.params.id));
    if (!user) throw new WpError(404, 'woocommerce_rest_invalid_id', 'Invalid resource ID.');
    return wooCustomer(user);
  });
}
