import { Route, Routes } from 'react-router-dom';
import type { ServerRenderInput } from 'shared-store';
import { drawnBy, renderWithProviders, seen, servedPage } from 'shared-store/testing';
import CartPage from '../CartPage';
import type { CartItemInput } from '../model/cartSlice';
import { CANCELLED_ORDER_MESSAGE } from '../components/CancelledOrderNotice';
import { mockExam, plab1, seedState } from '../testSupport';
import { renderers } from './pages';

/** What the gateway hands the cart's renderer for /cart (and its query), with these cookies. */
function cartInput(cookies: Record<string, string> = {}, search?: string): ServerRenderInput {
  return { path: '/cart', pattern: '/cart', reads: {}, cookies, ...(search ? { search } : {}) };
}

/** The cart page's first render in the browser at this address, with these lines in the cart. */
function browserCart(address: string, lines: CartItemInput[] = []) {
  const { container } = renderWithProviders(
    <Routes>
      <Route path="/cart" element={<CartPage />} />
    </Routes>,
    { route: address, preloadedState: seedState(lines) },
  );
  const page = container.firstElementChild;
  if (!page) throw new Error('the cart page drew nothing');
  return page;
}

const drawn = (input: ServerRenderInput) => servedPage(drawnBy(renderers, 'cart', input));

describe('/cart drawn on the server', () => {
  it.each([
    ['no cookie (a new visitor)', {}],
    ['a cookie saying no lines', { cart_lines: '0' }],
    ['a cookie that is not a count', { cart_lines: 'lots' }],
  ])(
    'with %s it is the empty cart exactly as the browser’s first render draws one, so React replaces it without a change',
    (_case, cookies) => {
      const served = drawn(cartInput(cookies));
      expect(seen(served).isEqualNode(seen(browserCart('/cart')))).toBe(true);
      expect(served.querySelector('h1')?.textContent).toBe('Your cart');
      expect(served.querySelector('h2')?.textContent).toBe('Your cart is empty.');
    },
  );

  it('a cancelled order’s return address is drawn with its notice, as the browser draws it', () => {
    const search = 'cancel_order=true&order_id=7';
    const served = drawn(cartInput({}, search));
    expect(served.querySelector('[role="status"]')?.textContent).toBe(CANCELLED_ORDER_MESSAGE);
    expect(seen(served).isEqualNode(seen(browserCart(`/cart?${search}`)))).toBe(true);
  });

  it('with lines in the cart it is the page’s frame: the heading where the cart’s is, the lines’ panel with a reserved line for each, busy', () => {
    const served = drawn(cartInput({ cart_lines: '2' }));
    const browser = browserCart('/cart', [plab1, mockExam]);
    expect(served.getAttribute('aria-busy')).toBe('true');
    // The same heading and panels, in the same place of the page, as the cart with its lines.
    for (const selector of ['h1', '.cart-layout > .cart-items > h2', '.cart-lines-head']) {
      const server = served.querySelector(selector);
      const client = browser.querySelector(selector);
      expect(server).not.toBeNull();
      expect(client).not.toBeNull();
      if (server && client) expect(seen(server).isEqualNode(seen(client))).toBe(true);
    }
    const reserved = served.querySelectorAll('.cart-lines > li.cart-line.cart-line-reserved');
    expect(reserved).toHaveLength(2);
    expect([...reserved].every((line) => line.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(served.querySelector('.cart-aside.cart-aside-reserved')).not.toBeNull();
    // Nothing a learner could take for the cart's content: no price, no name, no button.
    expect(served.textContent).not.toMatch(/£|PLAB/);
    expect(served.querySelector('button, a, input')).toBeNull();
  });

  it('reserves six lines at most, however many the cookie says', () => {
    expect(
      drawn(cartInput({ cart_lines: '40' })).querySelectorAll('.cart-line-reserved'),
    ).toHaveLength(6);
  });
});
