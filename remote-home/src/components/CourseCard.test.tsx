import { screen } from '@testing-library/react';
import { selectCartItems, selectTotalQuantity, type Course } from 'shared-store';
import { renderWithProviders } from 'shared-store/testing';
import { CourseCard } from './CourseCard';

const course: Course = {
  id: 101,
  title: 'PLAB 1 Complete &#038; Mock Exams',
  slug: 'plab-1-complete',
  excerpt: '',
  image: { url: '/plab.jpg', alt: 'PLAB 1', width: 400, height: 225 },
  product_id: 5001,
  price: '49.99',
  exam: 'PLAB',
};

describe('CourseCard', () => {
  it('shows the decoded title and the price in pounds', () => {
    renderWithProviders(<CourseCard course={course} />);
    expect(screen.getByRole('heading', { name: 'PLAB 1 Complete & Mock Exams' })).toBeVisible();
    expect(screen.getByText('£49.99')).toBeVisible();
  });

  it('Add to cart adds {id, slug, month, quantity, price}; a second add raises the quantity', async () => {
    const { store, user } = renderWithProviders(<CourseCard course={course} />);
    const add = screen.getByRole('button', { name: 'Add PLAB 1 Complete & Mock Exams to cart' });
    await user.click(add);
    await user.click(add);
    expect(selectCartItems(store.getState())).toEqual([
      expect.objectContaining({
        id: 101,
        slug: 'plab-1-complete',
        month: '1 Month',
        quantity: 2,
        price: 49.99,
      }),
    ]);
    expect(selectTotalQuantity(store.getState())).toBe(2);
  });

  it('a course without a usable price shows Price on request and cannot be added', () => {
    renderWithProviders(<CourseCard course={{ ...course, price: 'call us' }} />);
    expect(screen.getByText('Price on request')).toBeVisible();
    expect(screen.getByRole('button', { name: /to cart$/ })).toBeDisabled();
  });
});
