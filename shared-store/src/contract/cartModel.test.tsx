import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { StorefrontProviders } from '../app/mountApp';
import { makeStore } from '../store/makeStore';
import { provideModel } from '../store/models';
import { cartModelStandIn } from '../testing';
import { cartLabel, useCartCount } from './cartModel';

/** The cart badge as the header and the shell's stand-in header show it. */
function Badge() {
  const count = useCartCount();
  return (
    <a href="/cart" aria-label={cartLabel(count)}>
      {count}
    </a>
  );
}

function renderBadge(preloadedState: Record<string, unknown>) {
  const store = makeStore({ preloadedState });
  render(
    <StorefrontProviders store={store}>
      <Badge />
    </StorefrontProviders>,
  );
  return store;
}

describe('the cart button’s name', () => {
  it('says how many items, in the singular for one', () => {
    expect(cartLabel(1)).toBe('Cart, 1 item');
    expect(cartLabel(2)).toBe('Cart, 2 items');
    expect(cartLabel(0)).toBe('Cart, 0 items');
  });
});

// In this order: the cart's model is provided for the page by the last test.
describe('the badge’s count', () => {
  it('while the cart’s model has not loaded, counts the cart the page’s storage kept', () => {
    renderBadge({ cartData: { cartData: [{ id: 1 }], totalQuantity: 3 } });
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toHaveTextContent('3');
  });

  it.each([
    ['no stored cart', {}],
    ['a stored cart that is not one', { cartData: 'junk' }],
    ['a count that is not a whole number', { cartData: { totalQuantity: '3' } }],
    ['a negative count', { cartData: { totalQuantity: -2 } }],
    ['a count past whole numbers', { cartData: { totalQuantity: 1.5 } }],
  ])('%s counts 0', (_case, state) => {
    renderBadge(state);
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('on the server, before any model, counts the stored cart', () => {
    const store = makeStore({ preloadedState: { cartData: { totalQuantity: 2 } } });
    expect(
      renderToString(
        <StorefrontProviders store={store}>
          <Badge />
        </StorefrontProviders>,
      ),
    ).toContain('Cart, 2 items');
  });

  it('once the cart’s model is there, is the model’s count, shown as soon as it arrives', () => {
    renderBadge({ cartData: { totalQuantity: 3 } });
    const { model } = cartModelStandIn(5);
    act(() => {
      provideModel('cart', model);
    });
    expect(screen.getByRole('link', { name: 'Cart, 5 items' })).toHaveTextContent('5');
  });
});
