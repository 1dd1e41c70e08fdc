import {
  CONTACT_FORM_MAX_BYTES,
  ROUTE_TABLE,
  accessOf,
  cacheTtlOf,
  maxBodyBytesOf,
  namedUserId,
  isPrivateAnswer,
  isUpstreamPage,
  lookedUpOrderId,
  proxyMounts,
  rateLimitOf,
  rateLimits,
  routeOf,
} from './routeTable';

const MINUTE = 60_000;

describe('the route table', () => {
  it('keeps content reads as the specification says: the footer 1 h, attributes 10 min, the banner never', () => {
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
    for (const path of ['/wp-json/wp/v2/usercourses/3', '/wp-json/wp/v2/update_user_date']) {
      expect({ path, ttl: cacheTtlOf(path), private: isPrivateAnswer('GET', path) }).toEqual({
        path,
        ttl: 0,
        private: true,
      });
    }
  });

  it('takes a learner’s courses and exam date for that learner only, by any method', () => {
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
      expect(accessOf(method, '/wp-json/wp/v2/usercourses/3')).toMatchObject({
        kind: 'account-owner',
        userIdIn: { param: 'id' },
      });
      expect(accessOf(method, '/wp-json/wp/v2/UPDATE_USER_DATE/')).toMatchObject({
        kind: 'account-owner',
        userIdIn: { body: 'user_id' },
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
      'order-pay',
      'apply-coupon',
      'orders',
      'logout',
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
      expect(rule && lookedUpOrderId(rule, path, undefined)).toBe(52001);
      expect(accessOf(method, '/wp-json/wp/v2/check-subscription-success/7')).toMatchObject({
        kind: 'order-owner',
      });
    }
    const track = routeOf('POST', '/wp-json/custom/v2/trackOrder')?.rule;
    expect(track && lookedUpOrderId(track, '', { orderId: '12' })).toBe(12);
    expect(track && lookedUpOrderId(track, '', { orderId: '1e3' })).toBe(0);
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
    expect(accessOf('GET', '/checkout/order-pay/12/')).toEqual({ kind: 'public' });
    // The storefront's own page, in any spelling, is never WordPress's.
    expect(accessOf('POST', '/checkout/ORDER-received/12/')).toMatchObject({ kind: 'refused' });
  });

  it('limits per route and method; marks answers about one person; leaves payment and portal pages their policy', () => {
    expect(rateLimitOf('POST', '/wp-json/jwt-auth/v1/token')).toEqual({
      name: 'login',
      perMinute: 20,
    });
    expect(rateLimitOf('GET', '/wp-json/jwt-auth/v1/token')).toBeUndefined();
    expect(isPrivateAnswer('GET', '/wp-json/jwt-auth/v1/token')).toBe(true);
    expect(isPrivateAnswer('GET', '/api/shop/orders/1')).toBe(true);
    expect(isPrivateAnswer('GET', '/wp-json/wp/v2/posts')).toBe(false);
    expect(isUpstreamPage('GET', '/checkout/order-pay/12/')).toBe(true);
    expect(isUpstreamPage('GET', '/checkout/order-received/12/')).toBe(false);
    expect(isUpstreamPage('GET', '/portal/course/x')).toBe(true);
    expect(routeOf('GET', '/')).toBeUndefined();
  });
});
