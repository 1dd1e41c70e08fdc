import { screen, within } from '@testing-library/react';
import { mockFetch, recordAnalytics, renderWithProviders } from 'shared-store/testing';
import SearchPage from './SearchPage';

const SEARCH_ROUTE = '/wp-json/custom/v1/search';

const results = [
  {
    id: 101,
    title: 'PLAB 1 Complete Course',
    url: '/courses/plab-1-complete',
    type: 'course',
    excerpt: '<p>Every topic of <strong>PLAB 1</strong>.</p>',
  },
  {
    id: 102,
    title: 'PLAB 2 &amp; OSCE mock day',
    url: 'https://partner.example/plab-2',
    type: 'event',
    excerpt: '<p>5 December 2026, Manchester</p>',
  },
  { id: 103, title: 'Hostile result', url: 'javascript:alert(1)', type: 'page', excerpt: '' },
  { id: 104, title: 'Protocol-relative', url: '//elsewhere.example/x', type: 'page', excerpt: '' },
];

describe('SearchPage', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows the results for the term, each title a safe link, while loading marked busy', async () => {
    const { calls } = mockFetch({ [SEARCH_ROUTE]: () => ({ body: results }) });
    renderWithProviders(<SearchPage />, { route: '/search?s=plab' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Search results for “plab”' });
    expect(heading.closest('section')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Searching…')).toBeInTheDocument();

    const list = await screen.findByRole('list');
    expect(heading.closest('section')).not.toHaveAttribute('aria-busy');
    expect(calls).toEqual([`${SEARCH_ROUTE}?s=plab`]);
    expect(within(list).getByRole('link', { name: 'PLAB 1 Complete Course' })).toHaveAttribute(
      'href',
      '/courses/plab-1-complete',
    );
    expect(within(list).getByRole('link', { name: 'PLAB 2 & OSCE mock day' })).toHaveAttribute(
      'href',
      'https://partner.example/plab-2',
    );
    // A script URL is never a link.
    expect(within(list).getByText('Hostile result').closest('a')).toBeNull();
    expect(within(list).getByRole('link', { name: 'Protocol-relative' })).toHaveAttribute(
      'href',
      '//elsewhere.example/x',
    );
    expect(within(list).getByText('PLAB 1', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('4 results')).toBeInTheDocument();
    expect(document.title).toBe('Search results for “plab” | Arora Medical Education');
  });

  it("shows each course's and event's price in one read: a course's lowest month, From when it has several; an event's listed price", async () => {
    const month = (id: number, option: string, price: string) => ({
      id,
      price,
      attributes: [{ id: 1, name: 'Month', option }],
    });
    const { calls } = mockFetch({
      [SEARCH_ROUTE]: () => ({
        body: [
          { ...results[0], product_id: 3103, price: '29.99' },
          { ...results[1], url: '/events/plab-2-mock', product_id: 3301, price: '95.00' },
          results[2],
        ],
      }),
      '/api/shop/prices': () => ({
        body: { '3103': [month(1, '1 Month', '29.99'), month(2, '3 Months', '79.99')], '3301': [] },
      }),
    });
    renderWithProviders(<SearchPage />, { route: '/search?s=plab' });
    const list = await screen.findByRole('list');
    const [course, event, page] = within(list).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(await within(course).findByText('From £29.99')).toBeInTheDocument();
    expect(within(event).getByText('£95.00')).toBeInTheDocument();
    // A page is not sold: no price line.
    expect(page.textContent).not.toMatch(/£/);
    expect(calls.filter((url) => url.startsWith('/api/shop/prices'))).toEqual([
      '/api/shop/prices?ids=3103%2C3301',
    ]);
  });

  it('a price the shop could not give leaves its line empty, and the results stand', async () => {
    mockFetch({
      [SEARCH_ROUTE]: () => ({ body: [{ ...results[0], product_id: 3103, price: '29.99' }] }),
      '/api/shop/prices': () => ({ status: 502, body: { code: 'upstream_failed' } }),
    });
    renderWithProviders(<SearchPage />, { route: '/search?s=plab' });
    const list = await screen.findByRole('list');
    expect(within(list).getByRole('link', { name: 'PLAB 1 Complete Course' })).toBeInTheDocument();
    expect(list.textContent).not.toMatch(/£/);
  });

  it('no results: says so and points to the courses', async () => {
    mockFetch({ [SEARCH_ROUTE]: () => ({ body: [] }) });
    renderWithProviders(<SearchPage />, { route: '/search?s=zzz' });
    expect(await screen.findByText('No results for “zzz”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all our courses' })).toHaveAttribute(
      'href',
      '/#courses-section',
    );
  });

  it("a failed search shows the server's message, not a blank page", async () => {
    mockFetch({
      [SEARCH_ROUTE]: () => ({
        status: 400,
        body: { code: 'missing_search_term', message: 'Please provide a search term.' },
      }),
    });
    renderWithProviders(<SearchPage />, { route: '/search?s=plab' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please provide a search term.');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Search results for “plab”' }),
    ).toBeInTheDocument();
  });

  it("a failure without a server message shows the generic 'Could not data'", async () => {
    mockFetch({ [SEARCH_ROUTE]: () => ({ status: 502, body: undefined }) });
    renderWithProviders(<SearchPage />, { route: '/search?s=plab' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not data');
  });

  it('a blank term asks for one and sends no request', async () => {
    const { calls } = mockFetch({});
    const { user } = renderWithProviders(<SearchPage />, { route: '/search?s=%20%20' });
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(
      screen.getByText('Type a course, an exam or a topic to search the site.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a search term.');
    expect(calls).toEqual([]);
  });

  it('the search box on the page runs a new search and reports it to analytics: search_form, then GA4’s search', async () => {
    const { calls } = mockFetch({ [SEARCH_ROUTE]: () => ({ body: [] }) });
    const analytics = recordAnalytics();
    const { user } = renderWithProviders(<SearchPage />, { route: '/search' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search courses, events and articles' }),
      '  MSRA mocks ',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No results for “MSRA mocks”.')).toBeInTheDocument();
    expect(calls).toEqual([`${SEARCH_ROUTE}?s=MSRA+mocks`]);
    expect(analytics.pushed).toEqual([
      { event: 'search_form', search_term: 'MSRA mocks' },
      { event: 'search', search_term: 'MSRA mocks' },
    ]);
    analytics.stop();
  });
});
