import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { provideModel, serveAnswers, type AppStore, type ServerRenderInput } from 'shared-store';
import {
  cartModelStandIn,
  createReader,
  mockFetch,
  pendingAnswer,
  renderWithProviders,
  type MockHandler,
  drawingBy,
  drawnBy,
  seen,
  servedPage,
} from 'shared-store/testing';
import { bannerSlides } from '../data/banner';
import { loadHomeSections } from '../data/homeThunks';
import HomePage from '../HomePage';
import CourseListPage from '../pages/CourseListPage';
import CoursePage from '../pages/CoursePage';
import EventListPage from '../pages/EventListPage';
import EventPage from '../pages/EventPage';
import LocationPage from '../pages/LocationPage';
import MembershipsPage from '../pages/MembershipsPage';
import { ticketEvents } from '../pages/reads';
import {
  EVENTS,
  HOME_PAGE,
  MANCHESTER,
  MEMBERSHIPS,
  MSRA,
  PLAB_1,
  PLAB_1_DETAILS,
  PLAB_1_VARIATIONS,
  PLAB_2_MANCHESTER,
  PRICES,
  answer,
} from '../testSupport';
import { forgetListedPrices } from '../hooks/useVariations';
import { renderers } from './pages';

// Each test draws a page as a fresh load does: no list's prices kept from the test before.
beforeEach(forgetListedPrices);

/** The cart's model, as the shell provides it before the first page renders. */
provideModel('cart', cartModelStandIn().model);

const WP = '/wp-json/wp/v2';
const BANNER = `${WP}/home_banner`;
const COURSES = `${WP}/courseList`;
const TICKET_EVENTS = `${WP}/products-with-ticket`;
const MANCHESTER_CENTRE = `${WP}/page-details/location-2`;
/** The reads a page's first render wants once its list or its course is known. */
const LIST_PRICES = '/api/shop/prices?ids=3103%2C3105';
const PLAB_1_MONTHS = '/api/shop/products/3103/variations';
const PLAB_1_BODY = `${WP}/course/2103`;
const MEMBERSHIPS_PAGE = `${WP}/pages?slug=memberships`;
const HOME_DOCUMENT = `${WP}/pages/96030`;
const PACKAGE_PRICES = '/api/shop/prices?ids=3201%2C3202%2C3203';
const HOME_EVENTS = `${WP}/events`;
const HOME_PARTNERS = `${WP}/our_partner`;

const BANNER_ANSWER = [
  {
    id: 1,
    title: 'Pass with confidence',
    subtitle: '<p>Written by <strong>UK doctors</strong></p>',
    image: { url: '/hero.svg', alt: 'Doctors', width: 1600, height: 640 },
    cta: { title: 'Browse courses', url: '/#courses-section' },
  },
  { id: 2, title: 'Second slide' },
];

/** What the page still asks for once it shows (prices, a course's details): never answered. */
const STILL_ASKED: Record<string, MockHandler> = {
  '/api/shop/': pendingAnswer,
  [`${WP}/course/`]: pendingAnswer,
};

interface ServedRoute {
  renderer: string;
  input: ServerRenderInput;
  page: ReactElement;
  /** The requests the browser's page may still make, none of them a served read's. */
  stillAsked: Record<string, MockHandler>;
  heading: string;
  /**
   * The first item's name: the first card's, the entry's own (where it sits in the breadcrumbs),
   * the first event at a centre's, or the hero's link.
   */
  firstItem: string;
}

const COURSE: ServedRoute = {
  renderer: 'course',
  input: {
    path: `/courses/${PLAB_1.slug}`,
    pattern: '/courses/:slug',
    reads: { [COURSES]: [PLAB_1, MSRA] },
  },
  page: <CoursePage />,
  stillAsked: { ...STILL_ASKED, [TICKET_EVENTS]: pendingAnswer },
  heading: 'PLAB 1 Online Course & Mocks',
  firstItem: 'PLAB 1 Online Course & Mocks',
};

const EVENT: ServedRoute = {
  renderer: 'event',
  input: {
    path: `/events/${PLAB_2_MANCHESTER.slug}`,
    pattern: '/events/:slug',
    reads: { [TICKET_EVENTS]: EVENTS },
  },
  page: <EventPage />,
  stillAsked: STILL_ASKED,
  heading: 'PLAB 2 Mock Circuit — Manchester',
  firstItem: 'PLAB 2 Mock Circuit — Manchester',
};

/** The course page with all its first screen shows: its months and prices, its description. */
const COURSE_PRICED: ServedRoute = {
  ...COURSE,
  input: {
    ...COURSE.input,
    reads: {
      [COURSES]: [PLAB_1, MSRA],
      [PLAB_1_MONTHS]: PLAB_1_VARIATIONS,
      [PLAB_1_BODY]: PLAB_1_DETAILS,
      [TICKET_EVENTS]: EVENTS,
    },
  },
  stillAsked: {},
};

/** The courses with their prices: one priced by its months, one the shop does not price. */
const COURSE_LIST_PRICED: ServedRoute = {
  renderer: 'courseList',
  input: {
    path: '/courses',
    pattern: '/courses',
    reads: { [COURSES]: [PLAB_1, MSRA], [LIST_PRICES]: { 3103: PLAB_1_VARIATIONS, 3105: [] } },
  },
  page: <CourseListPage />,
  stillAsked: {},
  heading: 'All courses',
  firstItem: 'PLAB 1 Online Course & Mocks',
};

const MEMBERSHIPS_PRICED: ServedRoute = {
  renderer: 'memberships',
  input: {
    path: '/memberships',
    pattern: '/memberships',
    reads: {
      [MEMBERSHIPS_PAGE]: MEMBERSHIPS,
      [HOME_DOCUMENT]: HOME_PAGE,
      [PACKAGE_PRICES]: PRICES,
    },
  },
  page: <MembershipsPage />,
  stillAsked: {},
  heading: 'Memberships: Silver, Gold & Ultimate',
  firstItem: 'Memberships',
};

const PARTNERS = [{ id: 1, name: 'NHS', logo: { url: '/nhs.svg' }, url: 'https://nhs.test' }];

/** The home page with the reads its route renders from: its hero and its sections. */
const HOME: ServedRoute = {
  renderer: 'hero',
  input: {
    path: '/',
    pattern: '/',
    reads: {
      [BANNER]: BANNER_ANSWER,
      [COURSES]: [PLAB_1, MSRA],
      [HOME_DOCUMENT]: HOME_PAGE,
      [HOME_EVENTS]: EVENTS,
      [HOME_PARTNERS]: PARTNERS,
    },
  },
  page: <HomePage />,
  stillAsked: STILL_ASKED,
  heading: 'Pass with confidence',
  firstItem: 'Browse courses',
};

/** The home page with its courses’ and its packages’ prices too. */
const HOME_PRICED: ServedRoute = {
  ...HOME,
  input: {
    ...HOME.input,
    reads: {
      ...HOME.input.reads,
      [LIST_PRICES]: { 3103: PLAB_1_VARIATIONS, 3105: [] },
      [PACKAGE_PRICES]: PRICES,
    },
  },
};

const ROUTES: ServedRoute[] = [
  HOME,
  {
    renderer: 'courseList',
    input: { path: '/courses', pattern: '/courses', reads: { [COURSES]: [PLAB_1, MSRA] } },
    page: <CourseListPage />,
    stillAsked: STILL_ASKED,
    heading: 'All courses',
    firstItem: 'PLAB 1 Online Course & Mocks',
  },
  COURSE,
  // A list as its address's query asks: one exam's courses, in their order.
  {
    renderer: 'courseList',
    input: {
      path: '/courses',
      pattern: '/courses',
      search: 'exam=msra&sort=price-asc',
      reads: { [COURSES]: [PLAB_1, MSRA] },
    },
    page: <CourseListPage />,
    stillAsked: STILL_ASKED,
    heading: 'All courses',
    firstItem: 'MSRA Complete Course',
  },
  {
    renderer: 'eventList',
    input: { path: '/events', pattern: '/events', reads: { [TICKET_EVENTS]: EVENTS } },
    page: <EventListPage />,
    stillAsked: STILL_ASKED,
    heading: 'Events and mock exams',
    firstItem: 'PLAB 2 Mock Circuit — London',
  },
  EVENT,
  {
    renderer: 'location',
    input: {
      path: '/locations/2',
      pattern: '/locations/:id',
      reads: { [MANCHESTER_CENTRE]: MANCHESTER, [TICKET_EVENTS]: EVENTS },
    },
    page: <LocationPage />,
    stillAsked: STILL_ASKED,
    heading: 'PLAB 2 preparation in Manchester',
    firstItem: 'PLAB 2 Mock Circuit — Manchester',
  },
  COURSE_PRICED,
  COURSE_LIST_PRICED,
  MEMBERSHIPS_PRICED,
  HOME_PRICED,
];

/** The page's address: its path and query. */
const addressOf = ({ path, search }: ServerRenderInput) => (search ? `${path}?${search}` : path);

/**
 * The browser's page with the same answers served, its other reads never answered; `asked`: the
 * URLs it has asked for so far (a read asks as its effect runs, which the first render's act
 * flushes).
 */
function browserPage(route: ServedRoute) {
  serveAnswers(route.input.reads);
  mockFetch(route.stillAsked);
  const fetched = jest.spyOn(globalThis, 'fetch');
  const rendered = renderWithProviders(
    <Routes>
      <Route path={route.input.pattern} element={route.page} />
    </Routes>,
    { route: addressOf(route.input) },
  );
  const asked = () =>
    fetched.mock.calls.map(([input]) =>
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
  return { ...rendered, asked };
}

/** Once the home page's loads, which its first render started, are done (it joins them). */
async function homeLoaded(store: AppStore): Promise<void> {
  await act(async () => {
    await store.dispatch(loadHomeSections());
  });
}

/**
 * The page as the browser draws it: the home page once its loads are done and it has taken the
 * served banner (its first effect loads it into the store, which until then shows the banner it
 * kept from the last visit, as before); its sections are the served ones from the first render on.
 */
async function firstScreen(
  route: ServedRoute,
  { container, store }: { container: HTMLElement; store: AppStore },
): Promise<Element | null> {
  if (route.renderer === 'hero') await homeLoaded(store);
  return container.firstElementChild;
}

afterEach(() => {
  serveAnswers({});
  jest.restoreAllMocks();
});

/*
 * First, and in this order: no page here leaves a later one's served read asking. The page's
 * reader (one per page, as in the browser) lets a read join its request still in flight, which a
 * page before, whose answer never comes, would have left: that read would ask nothing of the
 * network, whatever it was served.
 */
describe.each([
  ['eventList', ROUTES],
  ['event', ROUTES],
  ['location', ROUTES],
  ['courseList', ROUTES],
  ['course', ROUTES],
  ['hero', ROUTES],
  ['course', [COURSE_PRICED]],
  ['courseList', [COURSE_LIST_PRICED]],
  ['memberships', [MEMBERSHIPS_PRICED]],
  ['hero', [HOME_PRICED]],
])('the browser’s %s page carrying its served answers', (renderer, routes) => {
  it(`asks nothing for a served read in its first render (${Object.keys(routes[0]?.input.reads ?? {}).join(', ')})`, async () => {
    const route = routes.find((candidate) => candidate.renderer === renderer);
    if (!route) throw new Error(`no route of "${renderer}"`);
    const { asked, store } = browserPage(route);
    const servedPaths = Object.keys(route.input.reads);
    expect(asked().filter((url) => servedPaths.some((path) => url.startsWith(path)))).toEqual([]);
    if (renderer === 'hero') await homeLoaded(store);
  });
});

describe.each(ROUTES)('the $renderer route drawn on the server', (route) => {
  it('is the page’s first render in the browser with the same answers, so React replaces it without moving a pixel', async () => {
    const served = servedPage(drawnBy(renderers, route.renderer, route.input));
    const client = await firstScreen(route, browserPage(route));
    expect(client).not.toBeNull();
    if (!client) return;
    // The same elements, attributes (in any order) and text.
    expect(seen(served).isEqualNode(seen(client))).toBe(true);
  });

  it('holds the page’s heading and its first item’s name', () => {
    const served = servedPage(drawnBy(renderers, route.renderer, route.input));
    expect(served.querySelector('h1')?.textContent).toBe(route.heading);
    const items = [...served.querySelectorAll('h3 a, li > a, .home-hero a, [aria-current]')];
    expect(items.map((item) => item.textContent)).toContain(route.firstItem);
  });

  it('draws nothing without its read’s answer, or with one of another shape', () => {
    expect(drawnBy(renderers, route.renderer, { ...route.input, reads: {} })).toBeUndefined();
    const malformed = Object.fromEntries(
      Object.keys(route.input.reads).map((path) => [
        path,
        { code: 'rest_no_route', message: 'No route', data: { status: 404 } },
      ]),
    );
    expect(
      drawnBy(renderers, route.renderer, { ...route.input, reads: malformed }),
    ).toBeUndefined();
  });

  it('draws nothing at an address its route does not match', () => {
    expect(
      drawnBy(renderers, route.renderer, { ...route.input, path: '/elsewhere/at/all' }),
    ).toBeUndefined();
  });
});

it('serves every button disabled until the page’s code runs, and the browser’s enabled (a tap is never lost on a button that looks ready)', async () => {
  for (const route of ROUTES) {
    const served = servedPage(drawnBy(renderers, route.renderer, route.input));
    for (const button of served.querySelectorAll('button')) {
      expect([route.renderer, button.outerHTML, button.hasAttribute('disabled')]).toEqual([
        route.renderer,
        button.outerHTML,
        true,
      ]);
    }
  }
  const servedAdds = (route: ServedRoute) =>
    servedPage(drawnBy(renderers, route.renderer, route.input)).querySelectorAll(
      'button.home-card__add',
    );
  expect(servedAdds(EVENT)).not.toHaveLength(0);
  expect(servedAdds(COURSE)).not.toHaveLength(0);
  browserPage(EVENT);
  const add = await screen.findByRole('button', { name: `Add ${EVENT.heading} to cart` });
  expect(add).toBeEnabled();
});

it('draws the list its address asks for: only the courses of its exam, its filters chosen; an unknown value is ignored', () => {
  const courses = (search: string) =>
    servedPage(
      drawnBy(renderers, 'courseList', {
        path: '/courses',
        pattern: '/courses',
        search,
        reads: { [COURSES]: [PLAB_1, MSRA] },
      }),
    );
  const titles = (page: Element) => [...page.querySelectorAll('h3')].map((h) => h.textContent);
  const chosen = (page: Element) =>
    [...page.querySelectorAll('.home-filters [aria-current="page"]')].map(
      (link) => link.textContent,
    );
  const msra = courses('exam=msra&sort=name');
  expect(titles(msra)).toEqual(['MSRA Complete Course']);
  expect(chosen(msra)).toEqual(['MSRA', 'Name']);
  expect(msra.querySelector('a[href="/courses?exam=plab&sort=name"]')?.textContent).toBe('PLAB');
  const unknown = courses('exam=nursing');
  expect(titles(unknown)).toEqual(['PLAB 1 Online Course & Mocks', 'MSRA Complete Course']);
  expect(chosen(unknown)).toEqual(['All', 'Featured']);
});

it('draws no hero when the banner has no slide to show', () => {
  const hero = (banner: unknown) =>
    drawnBy(renderers, 'hero', { path: '/', pattern: '/', reads: { [BANNER]: banner } });
  expect(hero([])).toBeUndefined();
  expect(hero([{ id: 1 }])).toBeUndefined();
});

describe('a hostile title on the server', () => {
  const HOSTILE = '<img src=x onerror=alert(1)>';

  it.each([
    ['course', COURSE, { [COURSES]: [{ ...PLAB_1, title: '&lt;img src=x onerror=alert(1)&gt;' }] }],
    [
      'event',
      EVENT,
      { [TICKET_EVENTS]: [{ ...PLAB_2_MANCHESTER, title: '&lt;img src=x onerror=alert(1)&gt;' }] },
    ],
  ])('of a %s is text in the markup, never an element', async (_what, route, reads) => {
    const served = servedPage(drawnBy(renderers, route.renderer, { ...route.input, reads }));
    expect(served.querySelector('h1')?.textContent).toBe(HOSTILE);
    expect(served.querySelector('[onerror], img[src="x"]')).toBeNull();
    // And the browser draws the very same.
    const client = await firstScreen(
      route,
      browserPage({ ...route, input: { ...route.input, reads } }),
    );
    expect(client && seen(served).isEqualNode(seen(client))).toBe(true);
  });

  it('of the banner is text, and its script link is left out, as the browser does', () => {
    const html = drawnBy(renderers, 'hero', {
      path: '/',
      pattern: '/',
      reads: {
        [BANNER]: [
          {
            ...BANNER_ANSWER[0],
            title: '<script>alert(1)</script>',
            cta: { title: 'Go', url: 'javascript:alert(1)' },
          },
        ],
      },
    });
    expect(html).not.toMatch(/<script|javascript:/i);
    expect(servedPage(html).querySelector('h1')?.textContent).toBe('<script>alert(1)</script>');
  });

  it('as markup (which the browser reads as no text at all) leaves the page undrawn', () => {
    expect(
      drawnBy(renderers, 'course', {
        ...COURSE.input,
        reads: { [COURSES]: [{ ...PLAB_1, title: HOSTILE }] },
      }),
    ).toBeUndefined();
    expect(
      drawnBy(renderers, 'event', {
        ...EVENT.input,
        reads: { [TICKET_EVENTS]: [{ ...PLAB_2_MANCHESTER, title: HOSTILE }] },
      }),
    ).toBeUndefined();
  });
});

describe('pages drawn one after another in one process', () => {
  it('a second page carries nothing of the first', () => {
    const first = servedPage(
      drawnBy(renderers, 'course', {
        path: `/courses/${PLAB_1.slug}`,
        pattern: '/courses/:slug',
        reads: { [COURSES]: [PLAB_1, MSRA] },
      }),
    );
    expect(first.querySelector('h1')?.textContent).toBe('PLAB 1 Online Course & Mocks');
    const second = servedPage(
      drawnBy(renderers, 'courseList', {
        path: '/courses',
        pattern: '/courses',
        reads: { [COURSES]: [MSRA] },
      }),
    );
    expect([...second.querySelectorAll('h3')].map((title) => title.textContent)).toEqual([
      'MSRA Complete Course',
    ]);
    expect(
      drawnBy(renderers, 'courseList', { path: '/courses', pattern: '/courses', reads: {} }),
    ).toBeUndefined();
  });

  it('an answer served to a page and not taken by it is gone once the page is drawn', async () => {
    drawnBy(renderers, 'courseList', {
      path: '/courses',
      pattern: '/courses',
      reads: { [COURSES]: [PLAB_1], [TICKET_EVENTS]: [PLAB_2_MANCHESTER] },
    });
    const { calls } = mockFetch({ [TICKET_EVENTS]: answer(EVENTS) });
    // A reader of its own: the page tests above left this read's request pending in the page's.
    expect(await createReader().read(ticketEvents, undefined)).toHaveLength(EVENTS.length);
    expect(calls).toEqual([TICKET_EVENTS]);
  });
});

describe('what a page’s first render wants beyond the reads it was handed, told to the gateway', () => {
  it('the courses want their prices, in the one read the browser makes; priced, nothing more', () => {
    expect(drawingBy(renderers, 'courseList', ROUTES[1]?.input ?? COURSE.input)?.wanted).toEqual([
      LIST_PRICES,
    ]);
    expect(drawingBy(renderers, 'courseList', COURSE_LIST_PRICED.input)?.wanted).toEqual([]);
  });

  it('a course wants its months and prices, its description and its events; with them, nothing more', () => {
    expect(drawingBy(renderers, 'course', COURSE.input)?.wanted.sort()).toEqual(
      [PLAB_1_MONTHS, PLAB_1_BODY, TICKET_EVENTS].sort(),
    );
    expect(drawingBy(renderers, 'course', COURSE_PRICED.input)?.wanted).toEqual([]);
  });

  it('a course the shop sells as one product wants that product’s price once its months are known to be none', () => {
    const simple = { ...COURSE_PRICED.input.reads, [PLAB_1_MONTHS]: [] };
    expect(drawingBy(renderers, 'course', { ...COURSE.input, reads: simple })?.wanted).toEqual([
      '/api/shop/products/3103',
    ]);
  });

  it('the home page wants its courses’ and its packages’ prices; priced, nothing more', () => {
    expect(drawingBy(renderers, 'hero', HOME.input)?.wanted).toEqual([LIST_PRICES, PACKAGE_PRICES]);
    expect(drawingBy(renderers, 'hero', HOME_PRICED.input)?.wanted).toEqual([]);
  });

  it('the home page served its banner alone wants its sections’ reads (never the banner again)', () => {
    const wanted = drawingBy(renderers, 'hero', {
      ...HOME.input,
      reads: { [BANNER]: BANNER_ANSWER },
    })?.wanted;
    expect(wanted?.sort()).toEqual([COURSES, HOME_EVENTS, HOME_PARTNERS, HOME_DOCUMENT].sort());
  });

  it('the memberships want their packages’ prices', () => {
    const unpriced = { [MEMBERSHIPS_PAGE]: MEMBERSHIPS, [HOME_DOCUMENT]: HOME_PAGE };
    expect(
      drawingBy(renderers, 'memberships', { ...MEMBERSHIPS_PRICED.input, reads: unpriced })?.wanted,
    ).toEqual([PACKAGE_PRICES]);
  });
});

describe('a first screen served with what it wanted', () => {
  /** The text of the served page, as a crawler or a browser without scripts reads it. */
  const text = (route: ServedRoute) =>
    servedPage(drawnBy(renderers, route.renderer, route.input)).textContent;

  it('a course shows its months with their prices, its description and what it includes', () => {
    const served = servedPage(drawnBy(renderers, 'course', COURSE_PRICED.input));
    expect(
      [...served.querySelectorAll('.home-picker label')].map((label) => label.textContent),
    ).toEqual(['1 Month £49.99', '3 Months £129.99']);
    expect(served.querySelector('.home-card__price')?.textContent).toBe('£49.99');
    expect(text(COURSE_PRICED)).toContain('Every topic of the GMC’s content map.');
    expect(served.querySelector('h2')?.textContent).toBe("What's included");
    expect(
      [...served.querySelectorAll('.home-shop__prose + h2 + ul li')].map((li) => li.textContent),
    ).toEqual(['3,000 questions', 'Two full mocks']);
    expect(text(COURSE_PRICED)).not.toContain('Loading prices…');
  });

  it('the courses show each price, and say so plainly of one the shop does not price', () => {
    const served = servedPage(drawnBy(renderers, 'courseList', COURSE_LIST_PRICED.input));
    expect(
      [...served.querySelectorAll('.home-card__price')].map((price) => price.textContent),
    ).toEqual(['£49.99', 'Price on request']);
  });

  it('the memberships show each package’s price', () => {
    const served = servedPage(drawnBy(renderers, 'memberships', MEMBERSHIPS_PRICED.input));
    expect(
      [...served.querySelectorAll('.home-card__price')].map((price) => price.textContent),
    ).toEqual(['£29.99', '£99.99', 'Was £149.99 Now £129.99']);
  });

  it('the home page shows its courses with their prices and its packages with theirs', () => {
    const served = servedPage(drawnBy(renderers, 'hero', HOME_PRICED.input));
    const prices = (section: Element | null) =>
      [...(section?.querySelectorAll('.home-card__price') ?? [])].map((price) => price.textContent);
    expect(
      [...(served.querySelector('#courses-section')?.querySelectorAll('h3') ?? [])].map(
        (title) => title.textContent,
      ),
    ).toEqual(['PLAB 1 Online Course & Mocks', 'MSRA Complete Course']);
    expect(prices(served.querySelector('#courses-section'))).toEqual([
      '£49.99',
      'Price on request',
    ]);
    expect(prices(served.querySelector('[aria-labelledby="home-packages-title"]'))).toEqual([
      '£29.99',
      '£99.99',
      'Was £149.99 Now £129.99',
    ]);
    expect(text(HOME_PRICED)).not.toContain('Loading prices…');
  });

  it('without the prices, the price says it is loading, as the browser says while it reads them', () => {
    expect(text({ ...COURSE_LIST_PRICED, input: ROUTES[1]?.input ?? COURSE.input })).toContain(
      'Loading prices…',
    );
  });
});

describe('the home page in a browser that kept the last visit’s sections', () => {
  /** A returning visitor's store: the same banner, other courses, no page document or events. */
  const LAST_VISIT = {
    homeBannerData: { items: bannerSlides(BANNER_ANSWER) },
    homeCourseData: { items: [MSRA] },
  };

  it('draws the served sections in its first render, not the kept ones, and keeps them once its loads are done: the served page never moves', async () => {
    const served = servedPage(drawnBy(renderers, 'hero', HOME_PRICED.input));
    serveAnswers(HOME_PRICED.input.reads);
    const { calls } = mockFetch(STILL_ASKED);
    const { container, store } = renderWithProviders(<HomePage />, {
      preloadedState: LAST_VISIT,
    });
    const page = container.firstElementChild;
    // The first render, before any load has answered.
    expect(page && seen(served).isEqualNode(seen(page))).toBe(true);
    await homeLoaded(store);
    expect(store.getState().homeCourseData?.items).toEqual([PLAB_1, MSRA]);
    expect(
      container.firstElementChild && seen(served).isEqualNode(seen(container.firstElementChild)),
    ).toBe(true);
    expect(calls).toEqual([]);
  });
});
