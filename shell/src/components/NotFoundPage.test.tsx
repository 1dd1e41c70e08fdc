import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from 'shared-store/testing';
import NotFoundPage from './NotFoundPage';

const NOT_FOUND_ROUTE = '/wp-json/custom/v1/404';

describe('NotFoundPage', () => {
  it('shows the site’s own words for a missing page, as the HTML served, with the ways on', async () => {
    mockFetch({
      [NOT_FOUND_ROUTE]: () => ({
        body: {
          title: 'Page not found',
          content: '<p>It may have moved.</p>',
        },
      }),
    });
    renderWithProviders(<NotFoundPage />, { route: '/gone' });
    const words = await screen.findByText('It may have moved.');
    expect(words).toBeVisible();
    expect(words.tagName).toBe('P');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse our courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
    expect(document.title).toBe('Page not found | Arora Medical Education');
  });

  it('falls back to its own text when the site’s cannot be read', async () => {
    mockFetch({ [NOT_FOUND_ROUTE]: () => ({ status: 503, body: undefined }) });
    renderWithProviders(<NotFoundPage />, { route: '/gone' });
    expect(
      await screen.findByText('The page you were looking for has moved or never existed.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse our courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
  });
});
