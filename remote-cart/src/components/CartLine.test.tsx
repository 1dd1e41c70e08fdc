import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, mockViewport, renderWithProviders } from 'shared-store/testing';
import CartPage from '../CartPage';
import { goldPackage, mockExam, plab1, seedState } from '../testSupport';
import { durationSet, selectCartItems, selectDurations } from '../model/cartSlice';

const total = () => screen.getByTestId('cart-total');
const quantityOf = (name: string) => screen.getByRole('group', { name: `Quantity of ${name}` });

describe('quantity controls', () => {
  it('+ raises the quantity by one and the totals follow', async () => {
    const { user } = renderWithProviders(<CartPage />, { preloadedState: seedState([plab1]) });
    await user.click(screen.getByRole('button', { name: 'Increase quantity of PLAB 1' }));
    expect(quantityOf('PLAB 1')).toHaveTextContent('4');
    expect(total()).toHaveTextContent('£79.96');
  });

  it('− lowers the quantity by one and the totals follow', async () => {
    const { user } = renderWithProviders(<CartPage />, { preloadedState: seedState([plab1]) });
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of PLAB 1' }));
    expect(quantityOf('PLAB 1')).toHaveTextContent('2');
    expect(total()).toHaveTextContent('£39.98');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('− on an event line lowers that event only', async () => {
    const state = seedState([plab1, { ...mockExam, quantity: 2 }]);
    const { user } = renderWithProviders(<CartPage />, { preloadedState: state });
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of PLAB 2 Mock Day' }));
    expect(quantityOf('PLAB 2 Mock Day')).toHaveTextContent('1');
    expect(quantityOf('PLAB 1')).toHaveTextContent('3');
    expect(total()).toHaveTextContent('£209.97');
  });
});

describe('a line at its limit', () => {
  it('+ stops at an event’s places left, and the line says how many are left', async () => {
    const state = seedState([{ ...mockExam, quantity: 2, max_quantity: 3 }]);
    const { user } = renderWithProviders(<CartPage />, { preloadedState: state });
    const plus = screen.getByRole('button', { name: 'Increase quantity of PLAB 2 Mock Day' });
    await user.click(plus);
    expect(quantityOf('PLAB 2 Mock Day')).toHaveTextContent('3');
    expect(plus).toBeDisabled();
    expect(plus).toHaveAccessibleDescription('Only 3 places left.');
  });

  it('a course sold individually cannot become 2', () => {
    renderWithProviders(<CartPage />, {
      preloadedState: seedState([{ ...plab1, quantity: 1, max_quantity: 1 }]),
    });
    expect(screen.getByRole('button', { name: 'Increase quantity of PLAB 1' })).toBeDisabled();
    expect(screen.getByText('One per order.')).toBeVisible();
  });
});

describe('− at quantity 1 asks first', () => {
  const one = { ...plab1, quantity: 1 };

  it('asks "Remove PLAB 1 from your cart?" and Keep keeps the line, focus back on −', async () => {
    const { user, store } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([one]),
    });
    const minus = screen.getByRole('button', { name: 'Decrease quantity of PLAB 1' });
    await user.click(minus);
    const dialog = screen.getByRole('alertdialog', { name: 'Remove PLAB 1 from your cart?' });
    expect(selectCartItems(store.getState())).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(minus).toHaveFocus();
    expect(quantityOf('PLAB 1')).toHaveTextContent('1');
  });

  it('Escape answers Keep', async () => {
    const { user } = renderWithProviders(<CartPage />, { preloadedState: seedState([one]) });
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of PLAB 1' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(quantityOf('PLAB 1')).toHaveTextContent('1');
  });

  it('Remove takes the line out and the totals follow', async () => {
    const { user } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([one, mockExam]),
    });
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of PLAB 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('heading', { name: 'PLAB 1' })).not.toBeInTheDocument();
    expect(total()).toHaveTextContent('£150.00');
    expect(screen.getByRole('button', { name: 'Remove PLAB 2 Mock Day' })).toHaveFocus();
  });
});

describe('remove', () => {
  it('Remove PLAB 1 takes out that line only (same course, other month stays)', async () => {
    const sixMonths = { ...plab1, month: '6 Months', quantity: 1, price: 29.99 };
    const { user } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1, sixMonths]),
    });
    await user.click(screen.getByRole('button', { name: 'Remove PLAB 1, 3 Months' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove PLAB 1' })).toBeVisible();
    expect(total()).toHaveTextContent('£29.99');
  });

  it('removing the last line shows the empty state', async () => {
    const { user } = renderWithProviders(<CartPage />, { preloadedState: seedState([plab1]) });
    await user.click(screen.getByRole('button', { name: 'Remove PLAB 1' }));
    expect(screen.getByText('Your cart is empty.')).toBeVisible();
  });
});

const durations = () => screen.getByRole('group', { name: 'Duration of Gold Membership' });
const durationNames = () =>
  within(durations())
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);

describe.each([375, 1280])('package duration at %i px', (width) => {
  const variations = [
    { id: 320201, price: '39.99', attributes: [{ id: 1, name: 'Month', option: '1 Month' }] },
    { id: 320203, price: '99.99', attributes: [{ id: 1, name: 'Month', option: '3 Months' }] },
    { id: 320212, price: '299.99', attributes: [{ id: 1, name: 'Month', option: '12 Months' }] },
  ];

  beforeEach(() => {
    mockViewport(width);
  });

  it('offers the variations as buttons with their prices; choosing one replaces the line and stores the duration', async () => {
    mockFetch({ '/api/shop/products/3202/variations': () => ({ body: variations }) });
    const { user, store } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1, goldPackage]),
    });
    await screen.findByRole('radio', { name: '12 Months £299.99' });
    expect(durationNames()).toEqual(['1 Month £39.99', '3 Months £99.99', '12 Months £299.99']);
    expect(within(durations()).getByRole('radio', { name: '3 Months £99.99' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '12 Months £299.99' }));
    const chosen = screen.getByRole('radio', { name: '12 Months £299.99' });
    expect(chosen).toBeChecked();
    expect(chosen).toHaveFocus();
    expect(total()).toHaveTextContent('£359.96');
    expect(selectCartItems(store.getState())).toContainEqual(
      expect.objectContaining({ slug: 'membership', month: '12 Months', price: 299.99 }),
    );
    expect(selectCartItems(store.getState()).find((l) => l.tier === 'gold')?.variation_id).toBe(
      320212,
    );
    expect(selectDurations(store.getState()).gold).toBe('12 Months');
  });

  it('the arrow keys move the choice, as in any radio group', async () => {
    mockFetch({ '/api/shop/products/3202/variations': () => ({ body: variations }) });
    const { user, store } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([goldPackage]),
    });
    await screen.findByRole('radio', { name: '12 Months £299.99' });
    await user.click(screen.getByRole('radio', { name: '3 Months £99.99' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '1 Month £39.99' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '1 Month £39.99' })).toHaveFocus();
    expect(selectDurations(store.getState()).gold).toBe('1 Month');
    expect(total()).toHaveTextContent('£39.99');
  });

  it("shows the tier's stored duration", async () => {
    mockFetch({ '/api/shop/products/3202/variations': () => ({ body: variations }) });
    const state = seedState([goldPackage], (dispatch) => {
      dispatch(durationSet({ tier: 'gold', duration: '3 Months' }));
    });
    renderWithProviders(<CartPage />, { preloadedState: state });
    await screen.findByRole('radio', { name: '12 Months £299.99' });
    expect(screen.getByRole('radio', { name: '3 Months £99.99' })).toBeChecked();
  });

  it('a failing variations call keeps the current duration', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({
      '/api/shop/products/3202/variations': () => ({
        status: 500,
        body: { code: 'internal_server_error', message: 'Boom' },
      }),
    });
    renderWithProviders(<CartPage />, { preloadedState: seedState([goldPackage]) });
    await waitFor(() => {
      expect(warn).toHaveBeenCalled();
    });
    expect(durationNames()).toEqual(['3 Months £99.99']);
    expect(screen.getByRole('radio', { name: '3 Months £99.99' })).toBeChecked();
    expect(total()).toHaveTextContent('£99.99');
    warn.mockRestore();
  });
});

describe('each line shows its image and links to its page', () => {
  it('a course’s name links to its course page, beside the image its shop page read', () => {
    const line = { ...plab1, image: 'https://wp.example/uploads/plab-1.jpg' };
    renderWithProviders(<CartPage />, { preloadedState: seedState([line, mockExam]) });
    const course = screen.getByRole('listitem', { name: 'PLAB 1' });
    expect(within(course).getByRole('link', { name: 'PLAB 1' })).toHaveAttribute(
      'href',
      '/courses/plab-1-online-course',
    );
    expect(course.querySelector('img')).toHaveAttribute(
      'src',
      'https://wp.example/uploads/plab-1.jpg',
    );
    expect(
      within(screen.getByRole('listitem', { name: 'PLAB 2 Mock Day' })).getByRole('link', {
        name: 'PLAB 2 Mock Day',
      }),
    ).toHaveAttribute('href', '/events/plab-2-mock-day');
  });

  it('a package links to the memberships page', async () => {
    mockFetch({ '/api/shop/products/3202/variations': () => ({ body: [] }) });
    renderWithProviders(<CartPage />, { preloadedState: seedState([goldPackage]) });
    expect(screen.getByRole('link', { name: 'Gold Membership' })).toHaveAttribute(
      'href',
      '/memberships',
    );
    await screen.findByRole('group', { name: 'Duration of Gold Membership' });
  });

  it('a line kept without an image (an older cart) or with one not to show keeps an empty box', () => {
    const hostile = { ...mockExam, image: 'javascript:alert(1)' };
    renderWithProviders(<CartPage />, { preloadedState: seedState([plab1, hostile]) });
    expect(screen.getByRole('link', { name: 'PLAB 1' })).toBeVisible();
    expect(document.querySelector('main img, .cart-line img')).toBeNull();
    expect(document.querySelectorAll('.cart-line-image')).toHaveLength(2);
  });
});
