import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { eventBus, joinSession, provideModel, safeStorage } from 'shared-store';
import {
  cartModelStandIn,
  mockFetch,
  renderWithProviders,
  userLoggedIn,
  makeStore,
} from 'shared-store/testing';
import { AccountButtons, CartButton } from './AccountButtons';

function loggedInState() {
  const store = makeStore();
  store.dispatch(userLoggedIn());
  return store.getState();
}

describe('role buttons', () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.body.innerHTML = '';
  });

  it('a visitor sees Log In / Sign up and no dashboard', () => {
    renderWithProviders(<AccountButtons />);
    expect(screen.getByRole('link', { name: 'Log In / Sign up' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'My Dashboard' })).not.toBeInTheDocument();
  });

  it('a logged-in learner sees My Dashboard ({portal}/course/{token}), My courses and Logout', () => {
    safeStorage.setItem('token', 'jwt.token');
    const config = document.createElement('script');
    config.id = 'storefront-config';
    config.type = 'application/json';
    config.textContent = JSON.stringify({ portalUrl: 'https://portal.example.test' });
    document.head.append(config);
    renderWithProviders(<AccountButtons />, { preloadedState: loggedInState() });
    expect(screen.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute(
      'href',
      'https://portal.example.test/course/jwt.token',
    );
    expect(screen.getByRole('link', { name: 'My courses' })).toHaveAttribute('href', '/my-courses');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Log In / Sign up' })).not.toBeInTheDocument();
    config.remove();
  });

  it('My courses is for learners only', () => {
    renderWithProviders(<AccountButtons />);
    expect(screen.queryByRole('link', { name: 'My courses' })).not.toBeInTheDocument();
  });

  it('while the cart cannot load, the cart button counts the cart the page’s storage kept', () => {
    renderWithProviders(<CartButton />, { preloadedState: { cartData: { totalQuantity: 2 } } });
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toHaveAttribute('href', '/cart');
  });

  it('Logout runs the session logout: state reset and storage cleared', async () => {
    safeStorage.setItem('token', 'jwt.token');
    safeStorage.setItem('user_id', '3');
    const { calls } = mockFetch({
      '/lms/api/v1/item/get-cart-data': () => ({ body: { userId: 3, data: null } }),
      '/lms/api/v1/item/delete-cart-data': () => ({ body: { success: true } }),
      '/api/session/logout': () => ({ status: 204, body: undefined }),
    });
    const { user, store } = renderWithProviders(<AccountButtons />, {
      preloadedState: loggedInState(),
    });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Log In / Sign up' })).toBeVisible();
    expect(store.getState().loginData.loginData).toBe(false);
    expect(safeStorage.getItem('token')).toBeNull();
    // The gateway is told, so the token is refused from now on.
    expect(calls).toContain('/api/session/logout');
  });

  it('while the logout saves what the learner keeps (the cart), Logout is busy and keeps the focus; a failed save frees it again', async () => {
    jest.useFakeTimers();
    try {
      safeStorage.setItem('token', 'jwt.token');
      safeStorage.setItem('user_id', '3');
      const { unhandled } = mockFetch({});
      // The cart's save, failing after its short retry.
      const { user } = renderWithProviders(<AccountButtons />, {
        preloadedState: loggedInState(),
        prepare: (store) => {
          joinSession(store, {
            beforeLogout: () =>
              new Promise((resolve) => {
                setTimeout(() => {
                  resolve('failed');
                }, 1600);
              }),
          });
        },
        fakeTimers: true,
      });
      await user.click(screen.getByRole('button', { name: 'Logout' }));

      const logout = screen.getByRole('button', { name: 'Logout' });
      expect(logout).toHaveAttribute('aria-disabled', 'true');
      expect(logout).toHaveAttribute('aria-busy', 'true');
      expect(logout).toHaveFocus();

      // The save gives up: the learner stays logged in.
      await waitFor(
        () => {
          expect(screen.getByRole('button', { name: 'Logout' })).toHaveAttribute(
            'aria-disabled',
            'false',
          );
        },
        { timeout: 5000 },
      );
      expect(screen.getByRole('button', { name: 'Logout' })).toHaveAttribute('aria-busy', 'false');
      expect(screen.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
      expect(safeStorage.getItem('token')).toBe('jwt.token');
      expect(unhandled).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });
});

// Last: the cart's model is there for the rest of the page.
describe('the cart button with the cart’s model', () => {
  it('is named with the model’s count', () => {
    provideModel('cart', cartModelStandIn(1).model);
    renderWithProviders(<CartButton />, { preloadedState: { cartData: { totalQuantity: 2 } } });
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toHaveAttribute('href', '/cart');
  });
});

describe('the cart button', () => {
  /** Where the page is: the router's path. */
  function Where() {
    return <p data-testid="where">{useLocation().pathname}</p>;
  }

  function renderCartButton() {
    const rendered = renderWithProviders(
      <>
        <CartButton />
        <Where />
      </>,
    );
    const cart = () => screen.getByRole('link', { name: /^Cart, / });
    return { ...rendered, cart };
  }

  it('asks the page to show the cart in place, and stays on the page when that is taken', async () => {
    const asked: HTMLElement[] = [];
    const subscription = eventBus.on('cart:open').subscribe(({ opener, taken }) => {
      if (opener) asked.push(opener);
      taken();
    });
    try {
      const { user, cart } = renderCartButton();
      await user.click(cart());
      expect(asked).toEqual([cart()]);
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('goes on to the cart page when nobody shows the cart (the cart’s code cannot load)', async () => {
    const { user, cart } = renderCartButton();
    await user.click(cart());
    expect(screen.getByTestId('where')).toHaveTextContent('/cart');
  });

  it('a press for a new tab is the link’s own: the page is not asked', async () => {
    let asked = 0;
    const subscription = eventBus.on('cart:open').subscribe(({ taken }) => {
      asked += 1;
      taken();
    });
    // The browser opens the new tab: this page stays as it is (jsdom would try to go there).
    const newTab = (event: MouseEvent) => {
      event.preventDefault();
    };
    document.addEventListener('click', newTab);
    try {
      const { user, cart } = renderCartButton();
      await user.keyboard('{Control>}');
      await user.click(cart());
      await user.keyboard('{/Control}');
      expect(asked).toBe(0);
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    } finally {
      subscription.unsubscribe();
      document.removeEventListener('click', newTab);
    }
  });
});
