import { act, screen, waitFor, within } from '@testing-library/react';
import { Profiler, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { askToOpenCart, useAppDispatch } from 'shared-store';
import { renderWithProviders } from 'shared-store/testing';
import MiniCart from './MiniCart';
import { cartModel } from './model/cartModel';

/** A line a shop page adds. */
type ShopLine = Parameters<typeof cartModel.lineAdded>[0];

const PLAB_1: ShopLine = {
  id: 2103,
  slug: 'plab-1-online-course',
  month: '3 Months',
  price: 19.99,
  title: 'PLAB 1 Online Course',
  image: 'https://wp.example/uploads/plab-1.jpg',
};
const MOCK_DAY: ShopLine = {
  id: 4001,
  slug: 'plab-2-mock-day',
  month: '',
  price: 150,
  title: 'PLAB 2 Mock Day',
  from: 'event',
  image: '/uploads/mock-day.jpg',
};

/** Ends the cooldown of the last event's Add to cart pressed, when the test says so. */
let endCooldown: () => void = () => undefined;

/**
 * A shop page's Add to cart, asking the cart model as the home remote's buttons do; an event's is
 * disabled after each add until its cooldown ends (endCooldown), as theirs are.
 */
function AddButton({ line }: { line: ShopLine }) {
  const dispatch = useAppDispatch();
  const [cooling, setCooling] = useState(false);
  return (
    <button
      type="button"
      disabled={cooling}
      onClick={() => {
        dispatch(cartModel.lineAdded(line));
        if (line.from !== 'event') return;
        setCooling(true);
        endCooldown = () => {
          setCooling(false);
        };
      }}
    >
      Add {line.title} to cart
    </button>
  );
}

/**
 * The header's cart button as the header team's does it: a plain press asks the page's bus to show
 * the cart, and goes on to the cart page when nobody took that.
 */
function HeaderCart() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={(event) => {
        if (!askToOpenCart(event.currentTarget)) void navigate('/cart');
      }}
    >
      Cart
    </button>
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The shop page with the drawer, which `around` may wrap (to watch its commits). */
function renderShop(route = '/', around = (drawer: ReactNode) => drawer) {
  const rendered = renderWithProviders(
    <>
      <HeaderCart />
      <AddButton line={PLAB_1} />
      <AddButton line={MOCK_DAY} />
      <p>Elsewhere on the page</p>
      {around(<MiniCart />)}
      <Where />
    </>,
    { prepare: (store) => cartModel.connect(store), route },
  );
  const add = (line: ShopLine) => screen.getByRole('button', { name: `Add ${line.title} to cart` });
  const headerCart = () => screen.getByRole('button', { name: 'Cart' });
  return { ...rendered, add, headerCart };
}

describe('the cart drawer', () => {
  // The drawer's code, compiled once before the tests (as a page has it once fetched): its first
  // compile on a loaded machine takes longer than a test's time.
  beforeAll(() => import('./miniCart/CartDrawer'), 60_000);

  it('shows nothing before an add or a press on the cart', () => {
    renderShop();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after Add to cart: each line with its image, name linking to its page, month, quantity and price, the count, the subtotal, View cart and Checkout, its heading focused', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await user.click(add(PLAB_1));
    const dialog = await screen.findByRole('dialog', { name: 'Added to your cart' });
    const drawer = within(dialog);
    expect(drawer.getByRole('heading', { name: 'Added to your cart' })).toHaveFocus();
    const line = within(drawer.getByRole('listitem'));
    expect(line.getByRole('link', { name: 'PLAB 1 Online Course' })).toHaveAttribute(
      'href',
      '/courses/plab-1-online-course',
    );
    expect(dialog.querySelector('img')).toHaveAttribute(
      'src',
      'https://wp.example/uploads/plab-1.jpg',
    );
    expect(dialog.querySelector('.cart-drawer-details')).toHaveTextContent('3 Months · Quantity 2');
    expect(line.getByText('£39.98')).toBeVisible();
    expect(drawer.getByText('2 items in your cart')).toBeVisible();
    expect(drawer.getByText('Subtotal').nextElementSibling).toHaveTextContent('£39.98');
    expect(drawer.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(drawer.getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'href',
      '/cart#cart-checkout',
    );
  });

  it('lists every line, the one just added marked: an event’s place after a course', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await user.click(add(MOCK_DAY));
    const dialog = await screen.findByRole('dialog', { name: 'Added to your cart' });
    const lines = within(dialog).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('PLAB 1 Online Course'),
      expect.stringContaining('PLAB 2 Mock Day'),
    ]);
    expect(lines[1]).toHaveAttribute('aria-current', 'true');
    expect(lines[0]).not.toHaveAttribute('aria-current');
    expect(within(dialog).getByRole('link', { name: 'PLAB 2 Mock Day' })).toHaveAttribute(
      'href',
      '/events/plab-2-mock-day',
    );
    expect(within(dialog).getByText('2 items in your cart')).toBeVisible();
    expect(within(dialog).getByText('Subtotal').nextElementSibling).toHaveTextContent('£169.99');
  });

  it('Escape closes it and puts the focus back on the Add to cart pressed', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add(PLAB_1)).toHaveFocus();
  });

  it('comes on screen with the focus in it: a key pressed the moment it shows is the drawer’s', async () => {
    // What has the focus each time the page's commit that put the drawer on screen is done, before
    // the browser may paint it or hand it a key.
    const focusedAsShown: (Element | null)[] = [];
    const { user, add } = renderShop('/', (drawer) => (
      <Profiler
        id="drawer"
        onRender={() => {
          if (document.querySelector('[role="dialog"]')) {
            focusedAsShown.push(document.activeElement);
          }
        }}
      >
        {drawer}
      </Profiler>
    ));
    await user.click(add(PLAB_1));
    const heading = await screen.findByRole('heading', { name: 'Added to your cart' });
    expect(focusedAsShown[0]).toBe(heading);
  });

  it('Escape during the button’s cooldown puts the focus back on it once it can be pressed', async () => {
    const { user, add } = renderShop();
    await user.click(add(MOCK_DAY));
    await screen.findByRole('dialog');
    expect(add(MOCK_DAY)).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add(MOCK_DAY)).not.toHaveFocus();
    act(() => {
      endCooldown();
    });
    await waitFor(() => {
      expect(add(MOCK_DAY)).toHaveFocus();
    });
  });

  it('Close does the same', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add(PLAB_1)).toHaveFocus();
  });

  it('a tap on the page around it closes it and puts the focus back on the Add to cart pressed', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await screen.findByRole('dialog');
    await user.click(screen.getByText('Elsewhere on the page'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add(PLAB_1)).toHaveFocus();
  });

  it('scrolling the page under it closes it, the focus back on the Add to cart pressed', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await screen.findByRole('dialog');
    act(() => {
      window.scrollY = 400;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add(PLAB_1)).toHaveFocus();
    window.scrollY = 0;
  });

  it('a tap on another Add to cart goes through: the drawer opens again on that line', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await screen.findByRole('dialog');
    await user.click(add(MOCK_DAY));
    const dialog = await screen.findByRole('dialog', { name: 'Added to your cart' });
    const added = within(dialog)
      .getAllByRole('listitem')
      .find((line) => line.getAttribute('aria-current') === 'true');
    expect(added).toHaveTextContent('PLAB 2 Mock Day');
    expect(within(dialog).getByText('2 items in your cart')).toBeVisible();
  });

  it('Tab stays inside it: Close, each line’s link, View cart, Checkout, and round; Shift+Tab back', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    const dialog = within(await screen.findByRole('dialog'));
    await user.tab();
    expect(dialog.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(dialog.getByRole('link', { name: 'PLAB 1 Online Course' })).toHaveFocus();
    await user.tab();
    expect(dialog.getByRole('link', { name: 'View cart' })).toHaveFocus();
    await user.tab();
    expect(dialog.getByRole('link', { name: 'Checkout' })).toHaveFocus();
    await user.tab();
    expect(dialog.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(dialog.getByRole('link', { name: 'Checkout' })).toHaveFocus();
  });

  it('the header’s cart opens it as "Your cart"; Escape gives the focus back to that button', async () => {
    const { user, add, headerCart } = renderShop();
    await user.click(add(PLAB_1));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await user.click(headerCart());
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(dialog).getByRole('heading', { name: 'Your cart' })).toHaveFocus();
    expect(within(dialog).getByRole('link', { name: 'PLAB 1 Online Course' })).toBeVisible();
    expect(within(dialog).getByRole('listitem')).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(headerCart()).toHaveFocus();
  });

  it('an empty cart says so and leads to the courses and the cart page', async () => {
    const { user, headerCart } = renderShop();
    await user.click(headerCart());
    const dialog = within(await screen.findByRole('dialog', { name: 'Your cart' }));
    expect(dialog.getByText('Your cart is empty.')).toBeVisible();
    expect(dialog.getByRole('link', { name: 'Browse our courses' })).toHaveAttribute(
      'href',
      '/#courses-section',
    );
    expect(dialog.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(dialog.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('on the cart page the header’s cart stays a link to it', async () => {
    const { user, headerCart } = renderShop('/cart');
    await user.click(headerCart());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/cart');
  });

  it('View cart goes to the cart and closes it', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await user.click(await screen.findByRole('link', { name: 'View cart' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/cart');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a line’s name goes to its page and closes it', async () => {
    const { user, add } = renderShop();
    await user.click(add(MOCK_DAY));
    act(() => {
      endCooldown();
    });
    await user.click(await screen.findByRole('link', { name: 'PLAB 2 Mock Day' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/events/plab-2-mock-day');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
