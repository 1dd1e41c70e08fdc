import { screen, waitFor, within } from '@testing-library/react';
import { provideModel } from 'shared-store';
import {
  cartModelStandIn,
  mockFetch,
  pendingAnswer,
  renderWithProviders,
} from 'shared-store/testing';
import { Route, Routes, useNavigate, useParams } from 'react-router-dom';
import CourseListPage from './CourseListPage';
import EventListPage from './EventListPage';
import {
  EVENTS,
  MSRA_BIRMINGHAM,
  MSRA,
  PLAB_1,
  PLAB_1_VARIATIONS,
  SERVER_ERROR,
  answer,
  inTurn,
  sectionOf,
} from '../testSupport';

/** A course's page, as the router shows it: its slug. */
function CoursePageStandIn() {
  return <p>The course page of {useParams().slug}</p>;
}

/** The browser's back button. */
function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

/** The choices of a list's filter `name`: each link's words, and the one marked current. */
function filterOf(name: string) {
  const links = within(screen.getByRole('group', { name })).getAllByRole('link');
  return {
    choices: links.map((link) => link.textContent),
    current: links
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent),
    href: (words: string) => links.find((link) => link.textContent === words)?.getAttribute('href'),
  };
}

/** The cart's model, as the shell provides it: what the page asks of it. */
const cart = cartModelStandIn();
provideModel('cart', cart.model);

beforeEach(() => {
  cart.asked.length = 0;
});

describe('the events page', () => {
  it('shows every event soonest first, each card linking to its page', async () => {
    mockFetch({
      '/wp-json/wp/v2/products-with-ticket': answer([
        ...EVENTS,
        { ...MSRA_BIRMINGHAM, id: 1, date: 'TBC' },
      ]),
    });
    renderWithProviders(<EventListPage />, { route: '/events' });
    expect(screen.getByRole('heading', { level: 1, name: 'Events and mock exams' })).toBeVisible();
    await screen.findByRole('heading', { level: 2, name: 'Upcoming events' });
    expect(
      screen
        .getAllByRole('heading', { level: 3 })
        .map((h) => [h.textContent, within(h).getByRole('link').getAttribute('href')]),
    ).toEqual([
      ['PLAB 2 Mock Circuit — London', '/events/plab-2-mock-circuit-london'],
      ['PLAB 2 Mock Circuit — Manchester', '/events/plab-2-mock-circuit-manchester'],
      ['MSRA Revision Weekend — Birmingham', '/events/msra-revision-weekend-birmingham'],
      ['MSRA Revision Weekend — Birmingham', '/events/msra-revision-weekend-birmingham'],
    ]);
    expect(screen.getAllByText(/·/).map((meta) => meta.textContent)).toEqual([
      'Sat, 9 January 2027 · London',
      'Sat, 16 January 2027 · Manchester',
      'Sat, 13 March 2027 · Birmingham',
      'TBC · Birmingham',
    ]);
    expect(document.title).toBe('Events and mock exams | Arora Medical Education');
    // The soonest event's image is the first screen's largest: loaded at once and first.
    expect(
      [...document.querySelectorAll('.home-card__image')].map(
        (image) =>
          `${image.getAttribute('loading') ?? ''} ${image.getAttribute('fetchpriority') ?? ''}`,
      ),
    ).toEqual(['eager high', 'lazy auto', 'lazy auto', 'lazy auto']);
  });

  it('a sold-out event’s card says so and cannot be added; the others can', async () => {
    mockFetch({ '/wp-json/wp/v2/products-with-ticket': answer(EVENTS) });
    const { user } = renderWithProviders(<EventListPage />, { route: '/events' });
    const soldOut = await screen.findByRole('button', {
      name: 'Add PLAB 2 Mock Circuit — London to cart',
    });
    expect(soldOut).toBeDisabled();
    expect(screen.getByText('Sold out')).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Add MSRA Revision Weekend/ }));
    expect(cart.linesAdded()).toEqual([expect.objectContaining({ id: 2303 })]);
  });

  const LONDON_MSRA = { ...MSRA_BIRMINGHAM, id: 2304, slug: 'msra-day-london', location: 'London' };

  it('filters by the exams and the places the events name, soonest first, as the address asks', async () => {
    mockFetch({
      '/wp-json/wp/v2/products-with-ticket': answer([...EVENTS, LONDON_MSRA]),
    });
    renderWithProviders(<EventListPage />, { route: '/events?exam=plab&location=london' });
    await screen.findByRole('heading', { level: 2, name: 'Upcoming events' });
    expect(filterOf('Exam')).toMatchObject({ choices: ['All', 'PLAB', 'MSRA'], current: ['PLAB'] });
    expect(filterOf('Location')).toMatchObject({
      choices: ['All', 'Birmingham', 'London', 'Manchester'],
      current: ['London'],
    });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'PLAB 2 Mock Circuit — London',
    ]);
    // Each link changes its own filter and keeps the other's.
    expect(filterOf('Exam').href('MSRA')).toBe('/events?exam=msra&location=london');
    expect(filterOf('Location').href('All')).toBe('/events?exam=plab');
  });

  it('ignores a filter value the events do not have: every event, All chosen', async () => {
    mockFetch({ '/wp-json/wp/v2/products-with-ticket': answer(EVENTS) });
    renderWithProviders(<EventListPage />, { route: '/events?exam=nursing&location=Paris' });
    await screen.findByRole('heading', { level: 2, name: 'Upcoming events' });
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(filterOf('Exam').current).toEqual(['All']);
    expect(filterOf('Location').current).toEqual(['All']);
    expect(filterOf('Exam').href('PLAB')).toBe('/events?exam=plab');
  });

  it('says when no event has both filters chosen', async () => {
    mockFetch({ '/wp-json/wp/v2/products-with-ticket': answer(EVENTS) });
    renderWithProviders(<EventListPage />, { route: '/events?exam=msra&location=manchester' });
    expect(await screen.findByText(/No events match these filters/)).toBeVisible();
    expect(filterOf('Exam').href('All')).toBe('/events?location=manchester');
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
  });

  it('says when no event is scheduled', async () => {
    mockFetch({ '/wp-json/wp/v2/products-with-ticket': answer([]) });
    renderWithProviders(<EventListPage />, { route: '/events' });
    expect(await screen.findByText(/No events are scheduled at the moment/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'browse our online courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
  });

  it('a failed read offers Try again and recovers', async () => {
    mockFetch({
      '/wp-json/wp/v2/products-with-ticket': inTurn(SERVER_ERROR, answer(EVENTS)),
    });
    const { user } = renderWithProviders(<EventListPage />, { route: '/events' });
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load our events.");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Upcoming events' })).toBeVisible();
  });
});

describe('the courses page', () => {
  const MRCGP = { ...MSRA, id: 2106, title: 'MRCGP AKT', slug: 'mrcgp-akt', exam: 'MRCGP' };
  const OTHER = { ...MSRA, id: 2199, title: 'Clinical Skills', slug: 'clinical', exam: 'Other' };

  it('groups the courses by exam, UKMLA, PLAB, MSRA, MRCGP, then the rest; each card links to its page', async () => {
    mockFetch({
      '/wp-json/wp/v2/courseList': answer([OTHER, MRCGP, MSRA, PLAB_1]),
      '/api/shop/prices': answer({ 3103: PLAB_1_VARIATIONS, 3105: PLAB_1_VARIATIONS }),
    });
    renderWithProviders(<CourseListPage />, { route: '/courses' });
    expect(screen.getByRole('heading', { level: 1, name: 'All courses' })).toBeVisible();
    await screen.findByRole('heading', { level: 2, name: 'PLAB' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'PLAB',
      'MSRA',
      'MRCGP',
      'More courses',
    ]);
    const plab = screen.getByRole('link', { name: 'PLAB 1 Online Course & Mocks' });
    expect(plab).toHaveAttribute('href', '/courses/plab-1-online-course');
    expect(await screen.findAllByRole('group', { name: 'Access' })).toHaveLength(4);
  });

  it('?course= with a course’s id or its product’s opens that course’s page in its place', async () => {
    for (const id of [PLAB_1.id, PLAB_1.product_id]) {
      mockFetch({ '/wp-json/wp/v2/courseList': answer([MSRA, PLAB_1]) });
      const { unmount } = renderWithProviders(
        <Routes>
          <Route path="/courses" element={<CourseListPage />} />
          <Route path="/courses/:slug" element={<CoursePageStandIn />} />
        </Routes>,
        { route: `/courses?course=${String(id)}` },
      );
      expect(await screen.findByText('The course page of plab-1-online-course')).toBeVisible();
      unmount();
    }
  });

  it.each(['9999', 'plab', '0', '02103', '//evil.example', 'javascript:alert(1)'])(
    '?course=%s, which names no course on sale: says so, over every course',
    async (id) => {
      mockFetch({
        '/wp-json/wp/v2/courseList': answer([MSRA, PLAB_1]),
        '/api/shop/prices': answer({ 3103: PLAB_1_VARIATIONS, 3105: PLAB_1_VARIATIONS }),
      });
      renderWithProviders(<CourseListPage />, { route: `/courses?course=${id}` });
      expect(await screen.findByRole('status')).toHaveTextContent(
        "We couldn't find that course. Here are all our courses.",
      );
      expect(screen.getByRole('link', { name: 'PLAB 1 Online Course & Mocks' })).toBeVisible();
    },
  );

  it('loads the first card’s image at once and first (the first screen’s largest), the others as they are scrolled to', async () => {
    mockFetch({
      '/wp-json/wp/v2/courseList': answer([MRCGP, MSRA, PLAB_1]),
      '/api/shop/prices': answer({ 3103: PLAB_1_VARIATIONS, 3105: PLAB_1_VARIATIONS }),
    });
    renderWithProviders(<CourseListPage />, { route: '/courses' });
    await screen.findByRole('heading', { level: 2, name: 'PLAB' });
    const images = document.querySelectorAll('.home-card__image');
    expect(
      [...images].map(
        (image) =>
          `${image.getAttribute('loading') ?? ''} ${image.getAttribute('fetchpriority') ?? ''}`,
      ),
    ).toEqual(['eager high', 'lazy auto', 'lazy auto']);
  });

  it('asks one prices read for all its cards once they show, and no product’s own', async () => {
    const { calls } = mockFetch({
      '/wp-json/wp/v2/courseList': answer([OTHER, { ...MRCGP, product_id: 3106 }, MSRA, PLAB_1]),
      '/api/shop/prices': answer({
        3103: PLAB_1_VARIATIONS,
        3105: PLAB_1_VARIATIONS,
        3106: PLAB_1_VARIATIONS,
      }),
    });
    renderWithProviders(<CourseListPage />, { route: '/courses' });
    expect(await screen.findAllByRole('group', { name: 'Access' })).toHaveLength(4);
    expect(calls.filter((url) => url.startsWith('/api/shop/'))).toEqual([
      `/api/shop/prices?ids=${encodeURIComponent('3103,3105,3106')}`,
    ]);
  });

  it('its cards keep their month picker’s place while the prices read is under way', async () => {
    const { calls } = mockFetch({
      '/wp-json/wp/v2/courseList': answer([MSRA, PLAB_1]),
      '/api/shop/prices': pendingAnswer,
    });
    renderWithProviders(<CourseListPage />, { route: '/courses' });
    await waitFor(() => {
      expect(calls).toContain(`/api/shop/prices?ids=${encodeURIComponent('3103,3105')}`);
    });
    const cards = [...document.querySelectorAll('.home-card')];
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(card.querySelector('.home-picker')).toBeDisabled();
      expect(within(card as HTMLElement).queryByRole('radio')).toBeNull();
      expect(within(card as HTMLElement).getByRole('button', { name: /to cart$/ })).toBeDisabled();
    }
    expect(screen.queryByText('Price on request')).toBeNull();
  });

  it('a card whose product the shop cannot price says Price on request and cannot be added', async () => {
    mockFetch({
      '/wp-json/wp/v2/courseList': answer([MSRA, PLAB_1]),
      '/api/shop/prices': answer({ 3103: PLAB_1_VARIATIONS, 3105: null }),
    });
    renderWithProviders(<CourseListPage />, { route: '/courses' });
    const msra = sectionOf(await screen.findByRole('heading', { level: 2, name: 'MSRA' }));
    expect(await within(msra).findByText('Price on request')).toBeVisible();
    expect(within(msra).getByRole('button', { name: /to cart$/ })).toBeDisabled();
    const plab = sectionOf(screen.getByRole('heading', { level: 2, name: 'PLAB' }));
    expect(within(plab).getByRole('radio', { name: '1 Month £49.99' })).toBeChecked();
  });

  const PRICED = [
    { ...PLAB_1, id: 1, title: 'PLAB Mocks', price: '80.00' },
    { ...PLAB_1, id: 2, title: 'plab Notes', price: '20.00' },
    { ...PLAB_1, id: 3, title: 'PLAB Bank', price: '' },
    { ...PLAB_1, id: 4, title: 'PLAB Circuit', price: '45.50' },
    MSRA,
  ];
  const CHEAPEST_PLAB = ['plab Notes', 'PLAB Circuit', 'PLAB Mocks', 'PLAB Bank'];
  const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

  it('filters by the shop’s exams the courses have, in the shop’s order; others stay under All', async () => {
    mockFetch({
      '/wp-json/wp/v2/courseList': answer([OTHER, MRCGP, MSRA, PLAB_1]),
      '/api/shop/prices': pendingAnswer,
    });
    renderWithProviders(<CourseListPage />, { route: '/courses?exam=MSRA' });
    await screen.findByRole('heading', { level: 2, name: 'MSRA' });
    expect(filterOf('Exam')).toMatchObject({
      choices: ['All', 'PLAB', 'MSRA', 'MRCGP'],
      current: ['MSRA'],
    });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'MSRA',
    ]);
    expect(titles()).toEqual(['MSRA Complete Course']);
  });

  it.each([
    ['price-asc', CHEAPEST_PLAB],
    ['name', ['PLAB Bank', 'PLAB Circuit', 'PLAB Mocks', 'plab Notes']],
  ])(
    '?sort=%s orders an exam’s courses by their from price or their name, one without a price last',
    async (sort, order) => {
      mockFetch({
        '/wp-json/wp/v2/courseList': answer(PRICED),
        '/api/shop/prices': pendingAnswer,
      });
      renderWithProviders(<CourseListPage />, { route: `/courses?exam=plab&sort=${sort}` });
      await screen.findByRole('heading', { level: 2, name: 'PLAB' });
      expect(titles()).toEqual(order);
      expect(filterOf('Exam').href('All')).toBe(`/courses?sort=${sort}`);
    },
  );

  it('ignores values it does not know: every course in the shop’s order, All and Featured chosen', async () => {
    mockFetch({
      '/wp-json/wp/v2/courseList': answer(PRICED),
      '/api/shop/prices': pendingAnswer,
    });
    renderWithProviders(<CourseListPage />, { route: '/courses?exam=nursing&sort=cheap&x=1' });
    await screen.findByRole('heading', { level: 2, name: 'PLAB' });
    expect(titles()).toEqual([...PRICED.map((course) => course.title)]);
    expect(filterOf('Exam').current).toEqual(['All']);
    expect(filterOf('Sort by').current).toEqual(['Featured']);
    expect(filterOf('Sort by').href('Name')).toBe('/courses?sort=name');
  });

  it('a filter’s link shows its list without asking for prices again; back shows the list before', async () => {
    const { calls } = mockFetch({
      '/wp-json/wp/v2/courseList': answer(PRICED),
      '/api/shop/prices': answer({ 3103: PLAB_1_VARIATIONS, 3105: PLAB_1_VARIATIONS }),
    });
    const { user } = renderWithProviders(
      <>
        <CourseListPage />
        <Back />
      </>,
      { route: '/courses?exam=plab' },
    );
    await screen.findAllByRole('group', { name: 'Access' });
    await user.click(screen.getByRole('link', { name: 'Price: low to high' }));
    expect(titles()).toEqual(CHEAPEST_PLAB);
    expect(filterOf('Sort by').current).toEqual(['Price: low to high']);
    await user.click(screen.getByRole('link', { name: 'All' }));
    expect(titles()).toEqual([...CHEAPEST_PLAB, 'MSRA Complete Course']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(titles()).toEqual(CHEAPEST_PLAB);
    expect(screen.getAllByRole('group', { name: 'Access' })).toHaveLength(4);
    expect(calls.filter((url) => url.startsWith('/api/shop/'))).toHaveLength(1);
  });

  it('says when no course is on sale', async () => {
    mockFetch({ '/wp-json/wp/v2/courseList': answer([]) });
    renderWithProviders(<CourseListPage />, { route: '/courses' });
    expect(
      await screen.findByText('No courses are on sale at the moment. Please come back soon.'),
    ).toBeVisible();
  });

  it('a failed read offers Try again and recovers', async () => {
    mockFetch({
      '/wp-json/wp/v2/courseList': inTurn(SERVER_ERROR, answer([PLAB_1])),
      '/api/shop/prices': answer({ 3103: PLAB_1_VARIATIONS, 3105: PLAB_1_VARIATIONS }),
    });
    const { user } = renderWithProviders(<CourseListPage />, { route: '/courses' });
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load our courses.");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'PLAB' })).toBeVisible();
    await screen.findByRole('group', { name: 'Access' });
  });
});
