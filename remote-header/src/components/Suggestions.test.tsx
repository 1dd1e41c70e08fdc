import { act, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { eventBus } from 'shared-store';
import {
  mockFetch,
  mockViewport,
  renderWithProviders,
  type BusEvent,
  type MockAnswer,
} from 'shared-store/testing';
import Header from '../Header';

const IMAGE = { url: '/wp-content/uploads/card.svg', alt: '', width: 800, height: 450 };

const course = (id: number, title: string, productId: number) => ({
  id,
  title,
  url: `/courses/course-${String(id)}`,
  type: 'course',
  excerpt: '<p>A course.</p>',
  product_id: productId,
  image: IMAGE,
  price: '1.00',
});

/** Nine matches for "plab": six are suggested. */
const PLAB = [
  course(2103, 'PLAB 1 Online Course', 3103),
  course(2104, 'PLAB 2 Online Course', 3104),
  {
    id: 2301,
    title: 'PLAB 2 Mock Circuit — Manchester',
    url: '/events/plab-2-mock-circuit',
    type: 'event',
    excerpt: '<p>16 January 2027, Manchester</p>',
    product_id: 3301,
    image: IMAGE,
    price: '295.00',
  },
  {
    id: 7,
    // Markup in a title is never drawn: its text is.
    title: '<img src="x" onerror="alert(1)">PLAB 1 &amp; PLAB 2: what&#8217;s changed',
    url: '/blogs/plab-changes',
    type: 'post',
    excerpt: '',
  },
  { id: 8, title: 'PLAB centres', url: '/plab-centres', type: 'page', excerpt: '' },
  { id: 9, title: 'PLAB 2 tips', url: '/blogs/plab-2-tips', type: 'post', excerpt: '' },
  { id: 10, title: 'PLAB 1 tips', url: '/blogs/plab-1-tips', type: 'post', excerpt: '' },
  { id: 11, title: 'PLAB dates', url: '/blogs/plab-dates', type: 'post', excerpt: '' },
  { id: 12, title: 'PLAB fees', url: '/blogs/plab-fees', type: 'post', excerpt: '' },
];

const variation = (id: number, month: string, price: string) => ({
  id,
  price,
  attributes: [{ name: 'Month', option: month }],
});

/** The gateway's prices: a course with two months, one with one, an event with none. */
const PRICES = {
  3103: [variation(310301, '1 Month', '49.99'), variation(310303, '3 Months', '119.99')],
  3104: [variation(310401, '1 Month', '59.99')],
  3301: [],
};

/** An answer the test gives when it chooses. */
function held() {
  let give: (answer: MockAnswer) => void = () => undefined;
  const answer = new Promise<MockAnswer>((resolve) => {
    give = resolve;
  });
  return { answer, give };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/**
 * The header at 375 px with its search dialog open, the search answered by `search` (by term) and
 * the prices by PRICES. Returns the requests made.
 */
async function openSearch(search: (term: string) => MockAnswer | Promise<MockAnswer>) {
  jest.useFakeTimers();
  mockViewport(375);
  const { calls } = mockFetch({
    '/wp-json/wp/v2/menu_home': () => ({ body: [] }),
    '/wp-json/wp/v2/pages/96030': () => ({
      body: { id: 96030, slug: 'home', title: { rendered: '' }, content: { rendered: '' } },
    }),
    '/wp-json/custom/v1/search': ({ url }) =>
      search(new URL(url, 'http://localhost').searchParams.get('s') ?? ''),
    '/api/shop/prices': () => ({ body: PRICES }),
  });
  const rendered = renderWithProviders(
    <>
      <Header />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { fakeTimers: true },
  );
  await rendered.user.click(await screen.findByRole('button', { name: 'Search' }));
  await screen.findByRole('dialog', { name: 'Search' });
  const box = screen.getByRole('combobox', { name: 'Search term' });
  const searches = () => calls.filter((url) => url.startsWith('/wp-json/custom/v1/search'));
  const prices = () => calls.filter((url) => url.startsWith('/api/shop/prices'));
  return { ...rendered, box, searches, prices };
}

/** Lets the typing pause pass. */
function pause(ms = 200) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

const optionNames = () =>
  within(screen.getByRole('listbox', { name: 'Suggestions' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('search suggestions', () => {
  beforeAll(() => {
    // jsdom lays nothing out: the list's scrolling to the chosen option is a browser's.
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('asks once the typing pauses for 200 ms, and from the second character only', async () => {
    const { user, box, searches } = await openSearch(() => ({ body: PLAB }));
    await user.type(box, 'p');
    pause(1000);
    expect(searches()).toEqual([]);
    await user.type(box, 'lab');
    pause(199);
    expect(searches()).toEqual([]);
    pause(1);
    await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(searches()).toEqual(['/wp-json/custom/v1/search?s=plab']);
  });

  it('lists the first six matches with their title, picture and price (one prices read), then See all results, and says how many there are', async () => {
    const { user, box, prices } = await openSearch(() => ({ body: PLAB }));
    await user.type(box, 'plab');
    pause();
    await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(await screen.findByText('From £49.99')).toBeInTheDocument();
    expect(optionNames()).toEqual([
      'PLAB 1 Online CourseFrom £49.99',
      'PLAB 2 Online Course£59.99',
      'PLAB 2 Mock Circuit — Manchester£295.00',
      'PLAB 1 & PLAB 2: what’s changed',
      'PLAB centres',
      'PLAB 2 tips',
      'See all results',
    ]);
    expect(prices()).toEqual(['/api/shop/prices?ids=3103%2C3104%2C3301']);
    const first = screen.getByRole('option', { name: /^PLAB 1 Online Course/ });
    expect(first).toHaveAttribute('href', '/courses/course-2103');
    expect(within(first).getByRole('presentation')).toHaveAttribute('src', IMAGE.url);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('6 of 9 results for “plab”');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute(
      'aria-controls',
      screen.getByRole('listbox', { name: 'Suggestions' }).id,
    );
  });

  it('never shows a late answer for an earlier term over the later one’s', async () => {
    const answers = { pla: held(), plab: held() };
    const { user, box, searches } = await openSearch(
      (term) => answers[term as keyof typeof answers].answer,
    );
    await user.type(box, 'pla');
    pause();
    await user.type(box, 'b');
    pause();
    expect(searches()).toEqual([
      '/wp-json/custom/v1/search?s=pla',
      '/wp-json/custom/v1/search?s=plab',
    ]);
    answers.plab.give({ body: PLAB.slice(0, 2) });
    await screen.findByRole('listbox', { name: 'Suggestions' });
    answers.pla.give({ body: PLAB.slice(3, 5) });
    // The earlier answer arrives and is read by now: the list is still the later term's.
    await act(() => Promise.resolve());
    pause(1000);
    expect(optionNames()).toEqual([
      'PLAB 1 Online CourseFrom £49.99',
      'PLAB 2 Online Course£59.99',
      'See all results',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 results for “plab”');
  });

  it('drops an answer for an earlier term that comes while the later one is still on its way', async () => {
    const answers = { pla: held(), plab: held() };
    const { user, box } = await openSearch((term) => answers[term as keyof typeof answers].answer);
    await user.type(box, 'pla');
    pause();
    await user.type(box, 'b');
    pause();
    answers.pla.give({ body: PLAB.slice(3, 5) });
    await act(() => Promise.resolve());
    pause(1000);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    answers.plab.give({ body: PLAB.slice(4, 5) });
    await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(optionNames()).toEqual(['PLAB centres', 'See all results']);
  });

  it('the arrow keys choose an option round the list, and Enter opens it and closes the dialog, leaving the focus to the page opened', async () => {
    const { user, box } = await openSearch(() => ({ body: PLAB }));
    await user.type(box, 'plab');
    pause();
    await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = screen.getAllByRole('option');
    const chosen = () => box.getAttribute('aria-activedescendant');
    expect(chosen()).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(chosen()).toBe(options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(chosen()).toBe(options[6]?.id);
    expect(options[6]).toHaveTextContent('See all results');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(chosen()).toBe(options[1]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/courses\/course-2104$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The course's heading takes it (as after every move), not the search icon.
    expect(screen.getByRole('button', { name: 'Search' })).not.toHaveFocus();
  });

  it('Enter on See all results searches as the Search button does', async () => {
    const { user, box } = await openSearch(() => ({ body: PLAB }));
    const events: BusEvent[] = [];
    const subscription = eventBus.all().subscribe((event) => events.push(event));
    await user.type(box, 'plab');
    pause();
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/search\?s=plab$/);
    expect(events).toEqual([
      { type: 'analytics:push', payload: { event: 'search_form', search_term: 'plab' } },
      { type: 'analytics:push', payload: { event: 'search', search_term: 'plab' } },
    ]);
    subscription.unsubscribe();
  });

  it('Escape closes the list and keeps the term; Down opens it again; a second Escape closes the dialog', async () => {
    const { user, box } = await openSearch(() => ({ body: PLAB }));
    await user.type(box, 'plab');
    pause();
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('plab');
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox', { name: 'Suggestions' })).toBeInTheDocument();
    await user.keyboard('{Escape}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a failed search lists nothing and says nothing, and Enter still searches', async () => {
    const { user, box, searches } = await openSearch(() => ({
      status: 500,
      body: { code: 'internal_server_error', message: 'WordPress is down.' },
    }));
    await user.type(box, 'plab');
    pause();
    await act(() => Promise.resolve());
    pause(1000);
    expect(searches()).toEqual(['/wp-json/custom/v1/search?s=plab']);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/search\?s=plab$/);
  });

  it('says when there is no match, and lists nothing once the box is cleared', async () => {
    const { user, box } = await openSearch((term) => ({ body: term === 'plab' ? PLAB : [] }));
    await user.type(box, 'zebra');
    pause();
    expect(await screen.findByText('No results for “zebra”.')).toHaveRole('status');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'plab');
    pause();
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.clear(box);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
