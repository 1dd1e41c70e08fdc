import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from 'shared-store';
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
};
const MOCK_DAY: ShopLine = {
  id: 4001,
  slug: 'plab-2-mock-day',
  month: '',
  price: 150,
  title: 'PLAB 2 Mock Day',
  from: 'event',
};

/**
 * A shop page's Add to cart, asking the cart model as the home remote's buttons do; an event's is
 * disabled for a moment after each add, as theirs are (their cooldown).
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
        setTimeout(() => {
          setCooling(false);
        }, 100);
      }}
    >
      Add {line.title} to cart
    </button>
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderShop() {
  const rendered = renderWithProviders(
    <>
      <AddButton line={PLAB_1} />
      <AddButton line={MOCK_DAY} />
      <p>Elsewhere on the page</p>
      <MiniCart />
      <Where />
    </>,
    { prepare: (store) => cartModel.connect(store) },
  );
  const add = (line: ShopLine) => screen.getByRole('button', { name: `Add ${line.title} to cart` });
  return { ...rendered, add };
}

describe('the mini-cart', () => {
  it('shows nothing before an add', () => {
    renderShop();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after Add to cart: the line, the cart’s count, View cart and Checkout, its heading focused', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await user.click(add(PLAB_1));
    const dialog = await screen.findByRole('dialog', { name: 'Added to your cart' });
    const panel = within(dialog);
    expect(panel.getByRole('heading', { name: 'Added to your cart' })).toHaveFocus();
    expect(panel.getByText('PLAB 1 Online Course')).toBeVisible();
    expect(panel.getByText('3 Months · Quantity 2')).toBeVisible();
    expect(panel.getByText('£19.99')).toBeVisible();
    expect(panel.getByText('2 items in your cart')).toBeVisible();
    expect(panel.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(panel.getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'href',
      '/cart#cart-checkout',
    );
  });

  it('shows the line just added: an event’s place after a course', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await screen.findByRole('dialog');
    await user.click(add(MOCK_DAY));
    const dialog = await screen.findByRole('dialog', { name: 'Added to your cart' });
    expect(within(dialog).getByText('PLAB 2 Mock Day')).toBeVisible();
    expect(within(dialog).queryByText('PLAB 1 Online Course')).not.toBeInTheDocument();
    expect(within(dialog).getByText('2 items in your cart')).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Added to your cart' })).toHaveFocus();
  });

  it('Escape closes it and puts the focus back on the Add to cart pressed', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add(PLAB_1)).toHaveFocus();
  });

  it('Escape during the button’s cooldown puts the focus back on it once it can be pressed', async () => {
    const { user, add } = renderShop();
    await user.click(add(MOCK_DAY));
    await screen.findByRole('dialog');
    expect(add(MOCK_DAY)).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
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

  it('Tab stays inside it: from Checkout to Close, and Shift+Tab back', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    const dialog = within(await screen.findByRole('dialog'));
    await user.tab();
    expect(dialog.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(dialog.getByRole('link', { name: 'View cart' })).toHaveFocus();
    await user.tab();
    expect(dialog.getByRole('link', { name: 'Checkout' })).toHaveFocus();
    await user.tab();
    expect(dialog.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(dialog.getByRole('link', { name: 'Checkout' })).toHaveFocus();
  });

  it('a tap elsewhere on the page closes it, without taking the focus anywhere', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await screen.findByRole('dialog');
    await user.click(screen.getByText('Elsewhere on the page'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('View cart goes to the cart and closes it', async () => {
    const { user, add } = renderShop();
    await user.click(add(PLAB_1));
    await user.click(await screen.findByRole('link', { name: 'View cart' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/cart');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
