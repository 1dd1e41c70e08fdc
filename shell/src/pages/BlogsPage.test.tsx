import { screen, within } from '@testing-library/react';
import { mockFetch, renderWithProviders } from 'shared-store/testing';
import BlogsPage from './BlogsPage';

const POSTS_ROUTE = '/wp-json/wp/v2/posts/';
const CATEGORIES_ROUTE = '/wp-json/wp/v2/categories/';

const post = (id: number, slug: string, title: string, categories: number[]) => ({
  id,
  date: '2024-11-04T09:00:00',
  slug,
  link: `https://cms.example/${slug}/`,
  title: { rendered: title },
  content: { rendered: '<p>Full text</p>' },
  excerpt: { rendered: `<p>About ${slug}.</p>` },
  categories,
  featured_media: 0,
});

const posts = [
  post(6, 'how-to-pass-ukmla-akt', 'How to pass the UKMLA AKT at the first attempt', [2]),
  post(7, 'plab-dates-2026', 'PLAB dates &amp; fees for 2026', [3]),
  post(8, 'priya-passed-plab', 'How Priya passed PLAB 2', [710, 2]),
];

const categories = [
  { id: 2, count: 2, name: 'Exam Guides', slug: 'exam-guides' },
  { id: 3, count: 1, name: 'News &amp; Updates', slug: 'news-updates' },
  { id: 710, count: 1, name: 'Testimonials', slug: 'testimonials' },
];

describe('BlogsPage', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('lists every post with its decoded title, en-GB date, excerpt as the HTML served and link', async () => {
    const { calls } = renderBlog(posts, categories);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(within(list).getByRole('link', { name: 'PLAB dates & fees for 2026' })).toHaveAttribute(
      'href',
      '/blogs/plab-dates-2026',
    );
    expect(within(list).getAllByText('4 November 2024')).toHaveLength(3);
    expect(within(list).getByText('About how-to-pass-ukmla-akt.').tagName).toBe('P');
    expect(calls).toEqual(
      expect.arrayContaining([`${POSTS_ROUTE}?per_page=100`, `${CATEGORIES_ROUTE}?per_page=100`]),
    );
    expect(document.title).toBe('Blog | Arora Medical Education');
  });

  it('filters by category, with All to go back', async () => {
    const { user } = renderBlog(posts, categories);
    const filters = await screen.findByRole('group', { name: 'Filter articles by category' });
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(filters).getByRole('button', { name: 'Exam Guides' }));
    expect(within(filters).getByRole('button', { name: 'Exam Guides' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).queryByText('PLAB dates & fees for 2026')).not.toBeInTheDocument();
    expect(screen.getByText('2 articles')).toBeInTheDocument();

    await user.click(within(filters).getByRole('button', { name: 'News & Updates' }));
    expect(within(screen.getByRole('list')).getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('1 article')).toBeInTheDocument();

    await user.click(within(filters).getByRole('button', { name: 'All' }));
    expect(within(screen.getByRole('list')).getAllByRole('article')).toHaveLength(3);
  });

  it('a category without posts in the list says so', async () => {
    const { user } = renderBlog(posts, [
      ...categories,
      { id: 9, count: 0, name: 'Podcasts', slug: 'podcasts' },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Podcasts' }));
    expect(screen.getByText('There are no articles in this category yet.')).toBeInTheDocument();
  });

  it('no posts, or a failed list, shows a friendly message', async () => {
    mockFetch({
      [POSTS_ROUTE]: () => ({ status: 500, body: { code: 'oops', message: 'Database down' } }),
      [CATEGORIES_ROUTE]: () => ({ body: categories }),
    });
    renderWithProviders(<BlogsPage />, { route: '/blogs' });
    expect(
      await screen.findByText('There are no articles to show right now. Please come back soon.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Database down')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('ignores malformed entries instead of failing', async () => {
    renderBlog([null, 'nonsense', { id: 5 }, ...posts.slice(0, 1)], [{ id: 'x' }, null]);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(
      screen.queryByRole('group', { name: 'Filter articles by category' }),
    ).not.toBeInTheDocument();
  });
});

function renderBlog(postsBody: unknown[], categoriesBody: unknown[]) {
  const fetched = mockFetch({
    [POSTS_ROUTE]: () => ({ body: postsBody }),
    [CATEGORIES_ROUTE]: () => ({ body: categoriesBody }),
  });
  return { ...fetched, ...renderWithProviders(<BlogsPage />, { route: '/blogs' }) };
}
