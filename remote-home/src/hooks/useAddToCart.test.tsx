import { screen } from '@testing-library/react';
import { eventBus, provideModel, type BusEventOf } from 'shared-store';
import { cartModelStandIn, renderWithProviders } from 'shared-store/testing';
import { CART_UNAVAILABLE_MESSAGE, useAddToCart } from './useAddToCart';

/** An add button, asking the cart for one of a course. */
function AddButton() {
  const { add, busy } = useAddToCart();
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => {
        add((cart) =>
          cart.lineAdded({ id: 1, slug: 'plab-1', month: '', price: 9, title: 'PLAB 1' }),
        );
      }}
    >
      Add PLAB 1 to cart
    </button>
  );
}

// No cart model is provided before the last test: the cart's remote could not load.
describe('adding while the cart cannot load', () => {
  it('tells the visitor the cart is not available, adds nothing, and lets them try again', async () => {
    const toasts: BusEventOf<'notify'>[] = [];
    const subscription = eventBus.on('notify').subscribe((event) => toasts.push(event));
    const { user, store } = renderWithProviders(<AddButton />);
    const before = store.getState();
    await user.click(screen.getByRole('button', { name: 'Add PLAB 1 to cart' }));
    subscription.unsubscribe();
    expect(toasts).toEqual([{ type: 'notify', level: 'error', message: CART_UNAVAILABLE_MESSAGE }]);
    expect(store.getState()).toBe(before);
    expect(screen.getByRole('button', { name: 'Add PLAB 1 to cart' })).toBeEnabled();
  });
});

describe('adding with the cart loaded', () => {
  it('asks the cart and says nothing itself: the cart’s mini-cart confirms the add', async () => {
    const cart = cartModelStandIn();
    provideModel('cart', cart.model);
    const toasts: BusEventOf<'notify'>[] = [];
    const subscription = eventBus.on('notify').subscribe((event) => toasts.push(event));
    const { user } = renderWithProviders(<AddButton />);
    await user.click(screen.getByRole('button', { name: 'Add PLAB 1 to cart' }));
    subscription.unsubscribe();
    expect(cart.linesAdded()).toEqual([expect.objectContaining({ id: 1, title: 'PLAB 1' })]);
    expect(toasts).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add PLAB 1 to cart' })).toBeDisabled();
  });
});
