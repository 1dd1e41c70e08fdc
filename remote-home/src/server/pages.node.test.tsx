/**
 * @jest-environment node
 */
import { EVENTS, MSRA, PLAB_1 } from '../testSupport';
import { renderers } from './pages';

const WP = '/wp-json/wp/v2';

describe('the server renderers in a process with no DOM (as the gateway runs them)', () => {
  it('has no document, window, storage or DOM parser to lean on', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof window).toBe('undefined');
    expect(typeof localStorage).toBe('undefined');
    expect(typeof DOMParser).toBe('undefined');
  });

  it.each([
    [
      'hero',
      '/',
      '/',
      { [`${WP}/home_banner`]: [{ title: 'Pass with confidence' }] },
      'Pass with confidence',
    ],
    [
      'courseList',
      '/courses',
      '/courses',
      { [`${WP}/courseList`]: [PLAB_1, MSRA] },
      'PLAB 1 Online Course &amp; Mocks',
    ],
    [
      'course',
      `/courses/${PLAB_1.slug}`,
      '/courses/:slug',
      { [`${WP}/courseList`]: [PLAB_1] },
      'PLAB 1 Online Course &amp; Mocks',
    ],
    [
      'eventList',
      '/events',
      '/events',
      { [`${WP}/products-with-ticket`]: EVENTS },
      'PLAB 2 Mock Circuit — London',
    ],
    [
      'event',
      `/events/${EVENTS[1]?.slug ?? ''}`,
      '/events/:slug',
      { [`${WP}/products-with-ticket`]: EVENTS },
      'PLAB 2 Mock Circuit — Manchester',
    ],
    [
      'location',
      '/locations/2',
      '/locations/:id',
      {
        [`${WP}/page-details/location-2`]: {
          id: 2,
          title: 'PLAB 2 in Manchester',
          content: '<p>Near Piccadilly.</p>',
        },
        [`${WP}/products-with-ticket`]: EVENTS,
      },
      'PLAB 2 in Manchester',
    ],
  ])('draws the %s page', (renderer, path, pattern, reads, heading) => {
    const drawn = renderers[renderer]?.({ path, pattern, reads });
    const html = typeof drawn === 'string' ? drawn : drawn?.html;
    expect(html).toContain(`<h1`);
    expect(html).toContain(heading);
  });
});
