import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from 'shared-store/testing';
import LegalPage from './LegalPage';

const PAGES_ROUTE = '/wp-json/wp/v2/pages';

describe('LegalPage', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows the WordPress page for its slug, as the HTML served, under its title', async () => {
    const { calls } = mockFetch({
      [PAGES_ROUTE]: () => ({
        body: [
          {
            id: 3,
            slug: 'privacy-policy',
            title: { rendered: 'Privacy Policy' },
            content: {
              rendered: '<h2>What we collect</h2><p>Your name and email.</p>',
            },
          },
        ],
      }),
    });
    renderWithProviders(<LegalPage slug="privacy-policy" title="Privacy Policy" />, {
      route: '/privacy-policy',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'What we collect' })).toBeInTheDocument();
    expect(screen.getByText('Your name and email.').tagName).toBe('P');
    expect(calls).toEqual([`${PAGES_ROUTE}?slug=privacy-policy`]);
    expect(document.title).toBe('Privacy Policy | Arora Medical Education');
  });

  it('a page that cannot load: a message naming it and a link home', async () => {
    mockFetch({ [PAGES_ROUTE]: () => ({ status: 503, body: undefined }) });
    renderWithProviders(<LegalPage slug="terms-and-conditions" title="Terms and Conditions" />, {
      route: '/terms-and-conditions',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Sorry, we couldn't load our Terms and Conditions just now.",
    );
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('a missing page (no such slug) is shown the same way', async () => {
    mockFetch({ [PAGES_ROUTE]: () => ({ body: [] }) });
    renderWithProviders(<LegalPage slug="privacy-policy" title="Privacy Policy" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Sorry, we couldn't load our Privacy Policy just now.",
    );
  });
});
