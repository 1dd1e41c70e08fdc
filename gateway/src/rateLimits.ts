/** Requests a client may make to a sensitive route per minute. */
export interface RateLimitRule {
  name: string;
  method: string;
  pattern: RegExp;
  perMinute: number;
}

/** Guessing passwords, flooding forms and probing coupons are slowed down per client. */
export const RATE_LIMIT_RULES: readonly RateLimitRule[] = [
  { name: 'login', method: 'POST', pattern: /^\/wp-json\/jwt-auth\/v1\/token\/?$/i, perMinute: 20 },
  {
    name: 'forgot-password',
    method: 'POST',
    pattern: /^\/wp-json\/custom\/v1\/forgot-password\/?$/i,
    perMinute: 5,
  },
  {
    name: 'reset-password',
    method: 'POST',
    pattern: /^\/wp-json\/custom\/v1\/reset-password-form\/?$/i,
    perMinute: 10,
  },
  {
    name: 'contact-form',
    method: 'POST',
    pattern: /^\/wp-json\/contact-form\/v1\/submit\/?$/i,
    perMinute: 5,
  },
  { name: 'apply-coupon', method: 'POST', pattern: /^\/api\/shop\/coupons$/, perMinute: 20 },
  { name: 'orders', method: 'POST', pattern: /^\/api\/shop\/orders$/, perMinute: 10 },
  // Paying (or trying card after card) and cancelling through the order's payment page.
  {
    name: 'order-pay',
    method: 'POST',
    pattern: /^\/checkout\/order-pay\/\d+\/$/,
    perMinute: 10,
  },
  { name: 'logout', method: 'POST', pattern: /^\/api\/session\/logout$/, perMinute: 20 },
];

/**
 * Token checks WordPress has to answer (a token the gateway has not seen) per client and minute:
 * a learner needs one per session; junk tokens stop here.
 */
export const TOKEN_CHECKS_PER_MINUTE = 30;

/**
 * The rule that applies to a request, if any. Paths are canonical by now (see canonicalPath.ts);
 * WordPress reads route names regardless of case, and so do the rules.
 */
export function rateLimitRuleFor(method: string, url: string): RateLimitRule | undefined {
  const path = url.split('?')[0] ?? '';
  return RATE_LIMIT_RULES.find((rule) => rule.method === method && rule.pattern.test(path));
}
