/**
 * @jest-environment node
 */
import { drawnBy } from 'shared-store/testing';
import { renderers } from './pages';

describe('the cart’s server renderer in a process with no DOM (as the gateway runs it)', () => {
  it('draws the empty cart and the frame of a cart with lines with no document, window or storage', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof window).toBe('undefined');
    expect(typeof localStorage).toBe('undefined');
    const empty = drawnBy(renderers, 'cart', { path: '/cart', pattern: '/cart', reads: {} });
    expect(empty).toContain('Your cart is empty.');
    const frame = drawnBy(renderers, 'cart', {
      path: '/cart',
      pattern: '/cart',
      reads: {},
      cookies: { cart_lines: '3' },
    });
    expect(frame?.match(/cart-line-reserved/g)).toHaveLength(3);
  });
});
