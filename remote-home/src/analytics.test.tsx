import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { provideModel } from 'shared-store';
import {
  cartModelStandIn,
  mockFetch,
  recordAnalytics,
  renderWithProviders,
  type AnalyticsRecording,
} from 'shared-store/testing';
import { CoursesSection } from './components/CoursesSection';
import { EventsSection } from './components/EventsSection';
import CourseListPage from './pages/CourseListPage';
import CoursePage from './pages/CoursePage';
import EventListPage from './pages/EventListPage';
import EventPage from './pages/EventPage';
import LocationPage from './pages/LocationPage';
import {
  EVENTS,
  MANCHESTER,
  MSRA,
  MSRA_BIRMINGHAM,
  PLAB_1,
  PLAB_1_DETAILS,
  PLAB_1_VARIATIONS,
  PLAB_2_LONDON_SOLD_OUT,
  PLAB_2_MANCHESTER,
  answer,
} from './testSupport';
import { type Course } from './data/shapes';

/** The cart's model, as the shell provides it. */
provideModel('cart', cartModelStandIn().model);

let analytics: AnalyticsRecording;

beforeEach(() => {
  analytics = recordAnalytics();
});

afterEach(() => {
  analytics.stop();
});

const told = (event: string) => analytics.named(event);

/**
 * The home page's courses as the page feeds them: none while loading, then each answer in turn
 * (what the store kept, then fresh data) at each click of Next answer.
 */
function HomeCourses({ feeds }: { feeds: Course[][] }) {
  const [at, setAt] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setAt(at + 1)}>
        Next answer
      </button>
      <CoursesSection courses={feeds[at] ?? []} loading={at === 0} />
    </>
  );
}

const PLAB_1_ITEM = {
  item_id: '2103',
  item_name: 'PLAB 1 Online Course & Mocks',
  item_category: 'PLAB',
  price: 49.99,
  quantity: 1,
};
const MSRA_ITEM = {
  item_id: '2105',
  item_name: 'MSRA Complete Course',
  item_category: 'MSRA',
  price: 49.99,
  quantity: 1,
};
const eventItemOf = (event: { id: number; price: string }, name: string, category: string) => ({
  item_id: String(event.id),
  item_name: name,
  item_category: category,
  price: Number(event.price),
  quantity: 1,
});
const MANCHESTER_ITEM = eventItemOf(PLAB_2_MANCHESTER, 'PLAB 2 Mock Circuit — Manchester', 'PLAB');
const LONDON_ITEM = eventItemOf(PLAB_2_LONDON_SOLD_OUT, 'PLAB 2 Mock Circuit — London', 'PLAB');
const BIRMINGHAM_ITEM = eventItemOf(MSRA_BIRMINGHAM, 'MSRA Revision Weekend — Birmingham', 'MSRA');

const listed = (id: string, name: string, items: object[]) => ({
  event: 'view_item_list',
  ecommerce: {
    item_list_id: id,
    item_list_name: name,
    items: items.map((item, index) => ({ ...item, index })),
  },
});

describe('the lists analytics is told of', () => {
  it('the home page’s courses: one view_item_list when first shown; fresh data for the same list tells nothing more', async () => {
    mockFetch({ '/api/shop/prices': answer({}) });
    const { user } = renderWithProviders(<HomeCourses feeds={[[], [PLAB_1, MSRA], [MSRA]]} />);
    expect(told('view_item_list')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Next answer' }));
    await screen.findByRole('heading', { name: 'PLAB 1 Online Course & Mocks' });
    await user.click(screen.getByRole('button', { name: 'Next answer' }));
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'PLAB 1 Online Course & Mocks' })).toBeNull();
    });
    expect(told('view_item_list')).toEqual([
      listed('home_courses', 'Courses', [PLAB_1_ITEM, MSRA_ITEM]),
    ]);
  });

  it('a card opened from a list is a select_item of that list, with its place in it', async () => {
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/" element={<EventsSection events={EVENTS} />} />
        <Route path="/events/:slug" element={<p>The event page</p>} />
      </Routes>,
    );
    await user.click(screen.getByRole('link', { name: 'PLAB 2 Mock Circuit — Manchester' }));
    expect(await screen.findByText('The event page')).toBeVisible();
    expect(analytics.pushed).toEqual([
      listed('home_events', 'Upcoming events', [BIRMINGHAM_ITEM, MANCHESTER_ITEM, LONDON_ITEM]),
      {
        event: 'select_item',
        ecommerce: {
          item_list_id: 'home_events',
          item_list_name: 'Upcoming events',
          items: [{ ...MANCHESTER_ITEM, index: 1 }],
        },
      },
    ]);
  });

  it('/courses is one list, in the order shown (by exam)', async () => {
    mockFetch({
      '/wp-json/wp/v2/courseList': answer([MSRA, PLAB_1]),
      '/api/shop/prices': answer({ 3103: PLAB_1_VARIATIONS }),
    });
    renderWithProviders(<CourseListPage />, { route: '/courses' });
    await waitFor(() => {
      expect(told('view_item_list')).toEqual([
        listed('all_courses', 'All courses', [PLAB_1_ITEM, MSRA_ITEM]),
      ]);
    });
  });

  it('/events is one list, soonest first', async () => {
    mockFetch({ '/wp-json/wp/v2/products-with-ticket': answer(EVENTS) });
    renderWithProviders(<EventListPage />, { route: '/events' });
    await waitFor(() => {
      expect(told('view_item_list')).toEqual([
        listed('all_events', 'Events and mock exams', [
          LONDON_ITEM,
          MANCHESTER_ITEM,
          BIRMINGHAM_ITEM,
        ]),
      ]);
    });
  });

  it('a centre’s events to book are a list named after the centre', async () => {
    mockFetch({
      '/wp-json/wp/v2/page-details/location-': answer(MANCHESTER),
      '/wp-json/wp/v2/products-with-ticket': answer(EVENTS),
    });
    renderWithProviders(
      <Routes>
        <Route path="/locations/:id" element={<LocationPage />} />
      </Routes>,
      { route: '/locations/2' },
    );
    await screen.findByRole('heading', { level: 2, name: 'Book a place in Manchester' });
    expect(told('view_item_list')).toEqual([
      listed('centre_events', 'Events in Manchester', [MANCHESTER_ITEM]),
    ]);
  });
});

describe('the course or event a page is about', () => {
  it('a course’s page is a view_item of the course at its price from; its related events a list', async () => {
    mockFetch({
      '/wp-json/wp/v2/courseList': answer([PLAB_1, MSRA]),
      '/wp-json/wp/v2/course/2103': answer(PLAB_1_DETAILS),
      '/wp-json/wp/v2/products-with-ticket': answer(EVENTS),
      '/api/shop/products/3103/variations': answer(PLAB_1_VARIATIONS),
    });
    renderWithProviders(
      <Routes>
        <Route path="/courses/:slug" element={<CoursePage />} />
      </Routes>,
      { route: `/courses/${PLAB_1.slug}` },
    );
    await screen.findByRole('heading', { level: 2, name: 'Related events' });
    expect(told('view_item')).toEqual([
      {
        event: 'view_item',
        ecommerce: { currency: 'GBP', value: 49.99, items: [PLAB_1_ITEM] },
      },
    ]);
    expect(told('view_item_list')).toEqual([
      listed('related_events', 'Related events', [MANCHESTER_ITEM, LONDON_ITEM]),
    ]);
  });

  it('an event’s page is a view_item of the event at its price, once', async () => {
    mockFetch({ '/wp-json/wp/v2/products-with-ticket': answer(EVENTS) });
    renderWithProviders(
      <Routes>
        <Route path="/events/:slug" element={<EventPage />} />
      </Routes>,
      { route: `/events/${PLAB_2_MANCHESTER.slug}` },
    );
    await screen.findByRole('heading', { level: 1, name: 'PLAB 2 Mock Circuit — Manchester' });
    expect(analytics.pushed).toEqual([
      {
        event: 'view_item',
        ecommerce: { currency: 'GBP', value: 295, items: [MANCHESTER_ITEM] },
      },
    ]);
  });
});
