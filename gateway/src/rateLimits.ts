/** Requests a client may make to a sensitive route per minute. */
export interface RateLimitRule {
  name: string;
  method: string;
  pattern: RegExp;
  perMinute: number;
}

/** Guessing passwords, flooding forms and probing coupons are slowed down per client. */
export const RATE_LIMIT_RULES: readonly RateLimitRule[] = [
  { name: 'login', method: 'POST', pattern: /^\/wp-json\/jwt-auth\/v1\/token\/?$/, perMinute: 20 },
  {
    name: 'forgot-password',
    method: 'POST',
    pattern: /^\/wp-json\/custom\/v1\/forgot-password\/?$/,
    perMinute: 5,
  },
  {
    name: 'reset-password',
    method: 'POST',
    pattern: /^\/wp-json\/custom\/v1\/reset-password-form\/?$/,
    perMinute: 10,
  },
  {
    name: 'contact-form',
    method: 'POST',
    pattern: /^\/wp-json\/contact-form\/v1\/submit\/?$/,
    perMinute: 5,
  },
  {
    name: 'apply-coupon',
    method: 'POST',
    pattern: /^\/wp-json\/wc\/v3\/apply-coupon\/?$/,
    perMinute: 20,
  },
  { name: 'orders', method: 'POST', pattern: /^\/wp-json\/wc\/v3\/orders\/?$/, perMinute: 10 },
];

/** The rule that applies to a request, if any. */
export function rateLimitRuleFor(method: string, url: string): RateLimitRule | undefined {
  const path = url.split('?')[0] ?? '';
  return RATE_LIMIT_RULES.find((rule) => rule.method === method && rule.pattern.test(path));
}
