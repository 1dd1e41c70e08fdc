import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from 'shared-store/testing';
import Footer, { copyrightLine } from './Footer';

describe('copyrightLine', () => {
  it('puts the current year before the backend text', () => {
    expect(copyrightLine('© Arora Medical Education Ltd.', 2026)).toBe(
      '© 2026 Arora Medical Education Ltd.',
    );
  });

  it('falls back to the company name when the backend has no text', () => {
    expect(copyrightLine('   ', 2027)).toBe('© 2027 Arora Medical Education. All rights reserved.');
  });
});

describe('Footer', () => {
  it('shows the about text from the home page data, sanitized, and the copyright year', async () => {
    mockFetch({
      '/wp-json/wp/v2/pages/96030': () => ({
        body: {
          id: 96030,
          slug: 'home',
          title: { rendered: 'Home' },
          content: { rendered: '' },
          acf_groups: {
            FooterContent: {
              footerabtcontent: '<p>Doctors teaching doctors.</p><script>window.hacked=1</script>',
              copyrighttext: 'Arora Medical Education Ltd.',
              footerlogo: { url: '/logo.svg', alt: 'Arora footer logo', width: 190, height: 79 },
            },
          },
        },
      }),
    });
    const { container } = renderWithProviders(<Footer />);
    expect(await screen.findByText('Doctors teaching doctors.')).toBeVisible();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByRole('img', { name: 'Arora footer logo' })).toHaveAttribute('width', '190');
    const year = String(new Date().getFullYear());
    expect(screen.getByText(`© ${year} Arora Medical Education Ltd.`)).toBeVisible();
  });

  it('still shows the copyright line when the home page data cannot be loaded', async () => {
    mockFetch({
      '/wp-json/wp/v2/pages/96030': () => ({ status: 500, body: { code: 'x', message: 'down' } }),
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithProviders(<Footer />);
    expect(await screen.findByText(/All rights reserved\.$/)).toBeVisible();
  });
});
