import {
  CONTACT_FORM_MAX_BYTES,
  ROUTE_TABLE,
  accessOf,
  asciiFolders,
  cacheTtlOf,
  maxBodyBytesOf,
  namedUserId,
  isPrivateAnswer,
  paramsOf,
  isUpstreamPage,
  lookedUpOrderId,
  proxyMounts,
  rateLimitOf,
  rateLimits,
  routeOf,
} from './routeTable';

const MINUTE = 60_000;

describe('the route table', () => {
  it('keeps content reads cached: the footer 1 h, attributes 10 min, the banner never', () => {
    expect(cacheTtlOf('/wp-json/wp/v2/footer')).toBe(60 * MINUTE);
    expect(cacheTtlOf('/wp-json/custom/v1/products/attributes')).toBe(10 * MINUTE);
    expect(cacheTtlOf('/wp-json/wp/v2/home_banner')).toBe(0);
    expect(cacheTtlOf('/wp-json/wp/v2/posts')).toBe(MINUTE);
    expect(cacheTtlOf('/wp-json/wp/v2/users/me')).toBe(0);
  });

  it('keeps the course, event and location pages’ reads a minute, and never a learner’s', () => {
    for (const path of [
      '/wp-json/wp/v2/course/2101',
      '/wp-json/wp/v2/products-with-ticket',
      '/wp-json/wp/v2/page-details/location-1',
      '/wp-json/custom/v1/404',
      '/wp-json/custom/v1/acceptable-use-policy',
    ]) {
      expect({ path, ttl: cacheTtlOf(path) }).toEqual({ path, ttl: MINUTE });
    }
    for (const [method, path] of [
      ['GET', '/wp-json/wp/v2/usercourses/3'],
      ['POST', '/wp-json/wp/v2/update_user_date'],
    ] as const) {
      expect({ path, ttl: cacheTtlOf(path), private: isPrivateAnswer(method, path) }).toEqual({
        path,
        ttl: 0,
        private: true,
      });
    }
  });

  it('takes a learner’s courses and exam date for that learner only; any other method is no route', () => {
    for (const method of ['GET', 'HEAD']) {
      expect(accessOf(method, '/wp-json/wp/v2/usercourses/3')).toMatchObject({
        kind: 'account-owner',
        userIdIn: { param: 'id' },
      });
    }
    expect(accessOf('POST', '/wp-json/wp/v2/UPDATE_USER_DATE/')).toMatchObject({
      kind: 'account-owner',
      userIdIn: { body: 'user_id' },
    });
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect(accessOf(method, '/wp-json/wp/v2/usercourses/3')).toMatchObject({
        refusal: { code: 'rest_no_route' },
      });
    }
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expect(accessOf(method, '/wp-json/wp/v2/update_user_date')).toMatchObject({
        refusal: { code: 'rest_no_route' },
      });
    }
    const courses = accessOf('GET', '/wp-json/wp/v2/usercourses/3');
    if (courses.kind !== 'account-owner') throw new Error('not an owner rule');
    expect(namedUserId(courses, '/wp-json/wp/v2/usercourses/3/', undefined)).toBe('3');
    expect(namedUserId(courses, '/wp-json/wp/v2/usercourses/3/4', undefined)).toBeUndefined();
    const date = accessOf('POST', '/wp-json/wp/v2/update_user_date');
    if (date.kind !== 'account-owner') throw new Error('not an owner rule');
    expect(namedUserId(date, '', { user_id: 3 })).toBe('3');
    expect(namedUserId(date, '', { user_id: { id: 3 } })).toBeUndefined();
    expect(namedUserId(date, '', '{"user_id":3}')).toBeUndefined();
  });

  it('limits the contact form’s body, and no other', () => {
    expect(maxBodyBytesOf('POST', '/wp-json/contact-form/v1/submit')).toBe(CONTACT_FORM_MAX_BYTES);
    expect(maxBodyBytesOf('GET', '/wp-json/contact-form/v1/submit')).toBeUndefined();
    expect(maxBodyBytesOf('POST', '/wp-json/jwt-auth/v1/token')).toBeUndefined();
  });

  it('keeps no answer about one person, and none the gateway refuses or checks the caller for', () => {
    for (const folder of ROUTE_TABLE) {
      for (const rule of folder.rules) {
        if (!rule.cacheTtlMs) continue;
        expect({
          rule: rule.name,
          private: rule.private ?? folder.under?.private ?? false,
        }).toEqual({ rule: rule.name, private: false });
        expect({ rule: rule.name, access: rule.access.kind }).toEqual({
          rule: rule.name,
          access: 'public',
        });
      }
    }
  });

  it('has rules only for paths in their folder, and one name per rule', () => {
    const names = ROUTE_TABLE.flatMap((folder) => folder.rules.map((rule) => rule.name));
    expect(new Set(names).size).toBe(names.length);
    for (const folder of ROUTE_TABLE) {
      expect(folder.prefix).toMatch(/^\/[a-z-]+$/);
      if (folder.proxy)
        expect(`${folder.proxy.prefix}/`.startsWith(`${folder.prefix}/`)).toBe(true);
    }
    expect(rateLimits().map((limit) => limit.name)).toEqual([
      'login',
      'signup',
      'forgot-password',
      'reset-password',
      'contact-form',
      'newsletter',
      'search',
      'order-pay-page',
      'order-pay',
      'apply-coupon',
      'orders',
      'order-read',
      'order-tracking',
      'order-cancellation',
      'free-order',
      'release-health',
      'logout',
      'logout-all',
    ]);
  });

  it('proxies WordPress, the cart service and the portal, never WooCommerce or the gateway’s API', () => {
    expect(proxyMounts().map(({ prefix, upstream }) => `${prefix} ${upstream}`)).toEqual([
      '/wp-json wordpress',
      '/checkout wordpress',
      '/wp-content/uploads wordpress',
      '/lms/api/v1/item lms',
      '/portal portal',
    ]);
    for (const path of [
      '/wp-json/wc/v3/orders',
      '/wp-json/WC/v3/orders',
      '/wp-json/wc-analytics/x',
    ]) {
      expect(accessOf('GET', path)).toMatchObject({ kind: 'refused' });
    }
  });

  it('answers an order lookup to its owner only, by GET or HEAD', () => {
    for (const method of ['GET', 'HEAD']) {
      const path = '/wp-json/custom/v2/check-order-lookup/52001';
      const rule = routeOf(method, path)?.rule;
      expect(rule?.access).toEqual({ kind: 'order-owner', orderIdIn: 'path' });
      expect(rule && lookedUpOrderId(rule, path)).toBe(52001);
      expect(accessOf(method, '/wp-json/wp/v2/check-subscription-success/7')).toMatchObject({
        kind: 'order-owner',
      });
    }
  });

  it('never lets a browser post the order tracking: the gateway posts it itself, once an order is paid', () => {
    expect(routeOf('POST', '/wp-json/custom/v2/trackOrder')?.rule?.name).toBe('no-route');
    expect(routeOf('POST', '/api/shop/orders/52001/tracking')?.rule).toMatchObject({
      name: 'order-tracking',
      perMinute: 10,
    });
  });

  it('limits the completions of free orders per client', () => {
    expect(rateLimitOf('POST', '/api/shop/orders/52001/free-completion')).toEqual({
      name: 'free-order',
      perMinute: 10,
    });
  });

  it('limits searches per client, generously: the header’s suggestions search as the visitor types', () => {
    expect(rateLimitOf('GET', '/wp-json/custom/v1/search')).toEqual({
      name: 'search',
      perMinute: 300,
    });
    expect(cacheTtlOf('/wp-json/custom/v1/search')).toBe(60_000);
  });

  it('takes the cart service for the cart’s owner only, and no post under /checkout but the payment form', () => {
    expect(accessOf('POST', '/lms/api/v1/item/save-cart-data')).toMatchObject({
      kind: 'account-owner',
      userIdIn: { body: 'userId' },
    });
    expect(accessOf('POST', '/checkout/order-pay/12/')).toEqual({ kind: 'payment-form' });
    expect(accessOf('POST', '/checkout/?wc-ajax=checkout'.split('?')[0] ?? '')).toEqual({
      kind: 'payment-form',
    });
    expect(accessOf('GET', '/checkout/order-pay/12/')).toEqual({ kind: 'payment-page' });
    // The storefront's own page, in any spelling, is never WordPress's.
    expect(accessOf('POST', '/checkout/ORDER-received/12/')).toMatchObject({ kind: 'refused' });
  });

  it('limits per route and method; marks answers about one person; leaves payment and portal pages their policy', () => {
    expect(rateLimitOf('POST', '/wp-json/jwt-auth/v1/token')).toEqual({
      name: 'login',
      perMinute: 120,
    });
    expect(rateLimitOf('GET', '/wp-json/jwt-auth/v1/token')).toBeUndefined();
    expect(isPrivateAnswer('POST', '/wp-json/jwt-auth/v1/token')).toBe(true);
    expect(isPrivateAnswer('GET', '/api/shop/orders/1')).toBe(true);
    expect(isPrivateAnswer('GET', '/wp-json/wp/v2/posts')).toBe(false);
    expect(isUpstreamPage('GET', '/checkout/order-pay/12/')).toBe(true);
    expect(isUpstreamPage('GET', '/checkout/order-received/12/')).toBe(false);
    expect(isUpstreamPage('GET', '/portal/course/x')).toBe(true);
    expect(routeOf('GET', '/')).toBeUndefined();
  });
});

describe('under /wp-json, nothing is open but the routes the storefront’s pages call', () => {
  /** Each WordPress route a page of ours calls, as it calls it (shared-store, shell, remotes). */
  const CALLED = [
    ['GET', '/wp-json/wp/v2/menu_home'],
    ['GET', '/wp-json/wp/v2/home_banner'],
    ['GET', '/wp-json/wp/v2/courseList'],
    ['GET', '/wp-json/wp/v2/our_partner'],
    ['GET', '/wp-json/wp/v2/events'],
    ['GET', '/wp-json/wp/v2/pages/96030'],
    ['GET', '/wp-json/wp/v2/footer'],
    ['GET', '/wp-json/wp/v2/posts'],
    ['GET', '/wp-json/wp/v2/posts/'],
    ['GET', '/wp-json/wp/v2/categories/'],
    ['GET', '/wp-json/wp/v2/pages'],
    ['GET', '/wp-json/wp/v2/course/2101'],
    ['GET', '/wp-json/wp/v2/products-with-ticket'],
    ['GET', '/wp-json/wp/v2/page-details/location-1'],
    ['GET', '/wp-json/wp/v2/usercourses/3'],
    ['GET', '/wp-json/wp/v2/users/me'],
    ['GET', '/wp-json/custom/v1/search'],
    ['GET', '/wp-json/custom/v1/404'],
    ['GET', '/wp-json/custom/v1/acceptable-use-policy'],
    ['GET', '/wp-json/custom/v1/products/attributes'],
    ['GET', '/wp-json/custom/v2/getPromotionalBanner'],
    ['GET', '/wp-json/custom/v2/check-order-lookup/52001'],
    ['GET', '/wp-json/wp/v2/check-subscription-success/52001'],
    ['POST', '/wp-json/jwt-auth/v1/token'],
    ['POST', '/wp-json/custom/v1/register'],
    ['POST', '/wp-json/custom/v1/forgot-password'],
    ['POST', '/wp-json/custom/v1/reset-password-form'],
    ['POST', '/wp-json/contact-form/v1/submit'],
    ['POST', '/wp-json/custom/v1/newsletter'],
    ['POST', '/wp-json/wp/v2/update_user_date'],
  ] as const;
  const isNoRoute = (method: string, path: string) =>
    routeOf(method, path)?.rule?.name === 'no-route';

  it('opens each route a page calls, by the method it calls it with (and HEAD for a read)', () => {
    for (const [method, path] of CALLED) {
      expect({ method, path, access: accessOf(method, path).kind }).not.toMatchObject({
        access: 'refused',
      });
      if (method === 'GET')
        expect({ path, head: isNoRoute('HEAD', path) }).toEqual({ path, head: false });
    }
    const wordpress = ROUTE_TABLE.find((folder) => folder.prefix === '/wp-json');
    const open = wordpress?.rules.filter((rule) => rule.access.kind !== 'refused') ?? [];
    expect(open).toHaveLength(28);
  });

  it('answers any other method on those routes with WordPress’s no route', () => {
    for (const [method, path] of CALLED) {
      const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter(
        (other) => other !== method,
      );
      for (const other of others) {
        expect({ other, path, closed: isNoRoute(other, path) }).toEqual({
          other,
          path,
          closed: true,
        });
      }
    }
  });

  it.each([
    // The site's own routes no screen calls yet.
    ['POST', '/wp-json/custom/v1/send-reset-link'],
    ['POST', '/wp-json/wp/v2/update_live_courses'],
    ['POST', '/wp-json/wsp-route/v1/create-subscription'],
    ['POST', '/wp-json/wsp-route/v1/upgrade-subscription'],
    ['GET', '/wp-json/wp/v2/unused/3'],
    ['GET', '/wp-json/wp/v2/getImgSections/3'],
    ['GET', '/wp-json/wp/v2/mailchimp-html'],
    ['GET', '/wp-json/custom-api/v1/search/'],
    // WordPress's own routes.
    ['GET', '/wp-json'],
    ['GET', '/wp-json/'],
    ['GET', '/wp-json/wp/v2/users'],
    ['GET', '/wp-json/wp/v2/users/3'],
    ['GET', '/wp-json/wp/v2/Users/me'],
    ['GET', '/wp-json/wp/v2/types'],
    ['GET', '/wp-json/wp/v2/posts/1'],
    ['GET', '/wp-json/oembed/1.0/embed'],
    ['POST', '/wp-json/batch/v1'],
    ['POST', '/wp-json/jwt-auth/v1/token/validate'],
    // An open read in another spelling, and a path below one.
    ['GET', '/wp-json/wp/v2/CourseList'],
    ['GET', '/wp-json/wp/v2/courseList/2101'],
    ['GET', '/wp-json/custom/v1/newsletter'],
  ])('%s %s is no route', (method, path) => {
    expect(accessOf(method, path)).toMatchObject({
      kind: 'refused',
      refusal: { status: 404, code: 'rest_no_route' },
    });
  });

  it('asks WordPress with the query parameters a route lists, and none on any other route', () => {
    expect(paramsOf('GET', '/wp-json/wp/v2/posts/')).toEqual([
      '_embed',
      'page',
      'per_page',
      'slug',
    ]);
    expect(paramsOf('GET', '/wp-json/wp/v2/home_banner')).toEqual(['t']);
    expect(paramsOf('GET', '/wp-json/custom/v1/search')).toEqual(['s']);
    expect(paramsOf('GET', '/wp-json/wp/v2/courseList')).toEqual([]);
    expect(paramsOf('POST', '/wp-json/jwt-auth/v1/token')).toEqual([]);
    expect(paramsOf('GET', '/wp-json/wp/v2/usercourses/3')).toEqual([]);
    // The payment page's query: the order and its key, which WooCommerce reads.
    expect(paramsOf('GET', '/checkout/order-pay/52003/')).toEqual(['pay_for_order', 'key']);
    expect(paramsOf('GET', '/portal/course/token')).toEqual(['isMobileApp']);
    expect(paramsOf('GET', '/wp-content/uploads/2024/02/x.png')).toEqual([]);
  });

  it('takes only ASCII in the folders an upstream routes by patterns, any script in uploaded files’ names', () => {
    expect(asciiFolders()).toEqual(['wp-json', 'checkout', 'lms', 'portal', 'api']);
  });
});
