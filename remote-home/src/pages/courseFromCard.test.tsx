import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { provideModel } from 'shared-store';
import { cartModelStandIn, mockFetch, renderWithProviders } from 'shared-store/testing';
import CourseListPage from './CourseListPage';
import CoursePage from './CoursePage';
import { EVENTS, MSRA, PLAB_1, PLAB_1_DETAILS, PLAB_1_VARIATIONS, answer } from '../testSupport';

provideModel('cart', cartModelStandIn().model);

describe('a course opened from its card', () => {
  it('shows the price its card showed: the price is read once for the page’s life', async () => {
    const { calls } = mockFetch({
      '/wp-json/wp/v2/courseList': answer([PLAB_1, MSRA]),
      '/wp-json/wp/v2/course/2103': answer(PLAB_1_DETAILS),
      '/wp-json/wp/v2/products-with-ticket': answer(EVENTS),
      '/api/shop/prices': answer({ 3103: PLAB_1_VARIATIONS, 3105: PLAB_1_VARIATIONS }),
      '/api/shop/products/': answer(PLAB_1_VARIATIONS),
    });
    renderWithProviders(
      <Routes>
        <Route path="/courses" element={<CourseListPage />} />
        <Route path="/courses/:slug" element={<CoursePage />} />
      </Routes>,
      { route: '/courses' },
    );
    expect((await screen.findAllByText('£49.99')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('link', { name: 'PLAB 1 Online Course & Mocks' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'PLAB 1 Online Course & Mocks' }),
    ).toBeVisible();
    expect(screen.getByText('£49.99', { selector: 'p' })).toBeVisible();
    expect(calls.filter((url) => url.startsWith('/api/shop/'))).toEqual([
      `/api/shop/prices?ids=${encodeURIComponent('3103,3105')}`,
    ]);
  });
});
