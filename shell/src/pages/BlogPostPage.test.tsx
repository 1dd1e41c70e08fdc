import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { mockFetch, renderWithProviders } from 'shared-store/testing';
import BlogPostPage from './BlogPostPage';

const POSTS_ROUTE = '/wp-json/wp/v2/posts';

function renderPost(slug: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/blogs/:slug" element={<BlogPostPage />} />
      <Route path="/privacy-policy" element={<p>Privacy page</p>} />
    </Routes>,
    { route: `/blogs/${slug}` },
  );
}

describe('BlogPostPage', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows the post by its slug: decoded title, date and its content as the HTML served', async () => {
    const { calls } = mockFetchPost([
      {
        id: 7,
        date: '2025-01-15T10:30:00',
        slug: 'plab-dates-2026',
        title: { rendered: 'PLAB dates &amp; fees for 2026' },
        content: {
          rendered: '<p>Book early.</p><p><a href="/privacy-policy">Privacy</a></p>',
        },
        excerpt: { rendered: '' },
        categories: [3],
      },
    ]);
    const { user } = renderPost('plab-dates-2026');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'PLAB dates & fees for 2026' }),
    ).toBeInTheDocument();
    expect(calls).toEqual([`${POSTS_ROUTE}?slug=plab-dates-2026`]);
    expect(screen.getByText('Book early.').tagName).toBe('P');
    expect(screen.getByText('15 January 2025')).toBeInTheDocument();
    expect(document.title).toBe('PLAB dates & fees for 2026 | Arora Medical Education');
    expect(screen.getByRole('link', { name: 'All articles' })).toHaveAttribute('href', '/blogs');

    // Links inside the content stay in the app.
    await user.click(screen.getByRole('link', { name: 'Privacy' }));
    expect(screen.getByText('Privacy page')).toBeInTheDocument();
  });

  it('an unknown slug: "We couldn\'t find that article." with a link to the blog', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetchPost([]);
    renderPost('no-such-post');
    expect(await screen.findByText("We couldn't find that article.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all our articles' })).toHaveAttribute(
      'href',
      '/blogs',
    );
    expect(warn).toHaveBeenCalledWith('No blog post found for this slug.');
    warn.mockRestore();
  });
});

function mockFetchPost(body: unknown[]) {
  return mockFetch({ [POSTS_ROUTE]: () => ({ body }) });
}
