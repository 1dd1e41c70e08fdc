/**
 * @jest-environment node
 */
import type { HeadInput, HeadOutcome } from 'shared-store';
import { heads } from './heads';

const WP = '/wp-json/wp/v2';
const PAGE = 'https://shop.example.test';
const SITE = 'Arora Medical Education';

const PLAB_1 = {
  id: 2101,
  slug: 'plab-1-online-course',
  title: 'PLAB 1 Online Course',
  excerpt: '<p>Pass PLAB 1 with <strong>3,500</strong> questions &amp; four mocks.</p>',
  image: { url: '/wp-content/uploads/2024/02/plab-1-online-course.svg' },
  price: '49.00',
};

const COURSES = [
  PLAB_1,
  { id: 2102, slug: 'msra-complete-course', title: 'MSRA Complete Course', price: 120 },
  { id: 2104, slug: 'broken-course', title: { rendered: 42 } },
];

const MONTHS = {
  id: 2101,
  month_options: [
    { month: '1 Month', price: '49.00' },
    { month: '3 Months', price: '99.00' },
    { month: 'Free trial?', price: 'free' },
  ],
};

const MANCHESTER = {
  id: 2301,
  slug: 'plab-2-mock-circuit-manchester',
  title: 'PLAB 2 Mock Circuit &#8212; Manchester',
  date: '2027-07-17',
  start_time: '08:30',
  end_time: '17:30',
  venue: 'Pennine Clinical Skills Centre, 14 Whitworth Street, Manchester M1 3GB',
  location: 'Manchester',
  price: '195.00',
  tickets_available: 0,
  image: { url: 'https://cdn.example.test/plab-2.svg' },
};

const LONDON = {
  id: 2302,
  slug: 'msra-revision-day-london',
  title: 'MSRA Revision Day',
  date: '2027-01-16',
  start_time: '09:00',
  end_time: '16:00',
  venue: 'Gower Street Centre',
  location: 'London',
  price: '95.00',
  tickets_available: 12,
};

/** What the head reader `read` says of the page at `path`, handed these answers. */
function say(
  read: string,
  path: string,
  reads: HeadInput['reads'] = {},
  pattern = '/',
): HeadOutcome | undefined {
  return heads[read]?.({ path, pattern, url: `${PAGE}${path}`, reads });
}

const json = (value: unknown) => ({ json: value });

describe('what a course, an event and a centre are about, for their page’s head', () => {
  describe('a course', () => {
    const path = '/courses/plab-1-online-course';

    it('asks for the course list, then for the course’s months by its id', () => {
      expect(say('course', path)).toEqual({ wanted: [`${WP}/courseList`] });
      expect(say('course', path, { [`${WP}/courseList`]: json(COURSES) })).toEqual({
        wanted: [`${WP}/course/2101`],
      });
    });

    it('is its title, excerpt and image, and a Course with an offer for each month in GBP', () => {
      const url = `${PAGE}${path}`;
      const offer = (name: string, price: string) => ({
        '@type': 'Offer',
        name,
        category: 'Paid',
        price,
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        url,
      });
      expect(
        say('course', path, {
          [`${WP}/courseList`]: json(COURSES),
          [`${WP}/course/2101`]: json(MONTHS),
        }),
      ).toEqual({
        about: {
          name: 'PLAB 1 Online Course',
          description: PLAB_1.excerpt,
          image: PLAB_1.image.url,
          structuredData: [
            {
              '@context': 'https://schema.org',
              '@type': 'Course',
              provider: { '@type': 'Organization', name: SITE, url: `${PAGE}/` },
              // The option whose price is not a price is left out.
              offers: [offer('1 Month', '49.00'), offer('3 Months', '99.00')],
              hasCourseInstance: [{ '@type': 'CourseInstance', courseMode: 'online' }],
            },
          ],
        },
      });
    });

    it('offers the list’s price when the course’s months are not there or cannot be read', () => {
      for (const months of ['absent', 'failed'] as const) {
        const outcome = say('course', '/courses/msra-complete-course', {
          [`${WP}/courseList`]: json(COURSES),
          [`${WP}/course/2102`]: months,
        });
        expect(outcome).toMatchObject({
          about: { structuredData: [{ offers: [{ price: '120.00', category: 'Paid' }] }] },
        });
      }
    });

    it('nothing by that name is absent; an entry without its title is malformed', () => {
      const list = { [`${WP}/courseList`]: json(COURSES) };
      expect(say('course', '/courses/no-such-course', list)).toBe('absent');
      expect(say('course', '/courses/%E0%A4%A', list)).toBe('absent');
      expect(say('course', '/courses/broken-course', list)).toBe('malformed');
    });

    it('a list that cannot be read, or is not a list, says nothing', () => {
      expect(say('course', path, { [`${WP}/courseList`]: 'failed' })).toBe('unanswered');
      expect(say('course', path, { [`${WP}/courseList`]: 'absent' })).toBe('unanswered');
      expect(say('course', path, { [`${WP}/courseList`]: json({ slug: PLAB_1.slug }) })).toBe(
        'unanswered',
      );
    });
  });

  describe('an event', () => {
    const events = { [`${WP}/products-with-ticket`]: json([MANCHESTER, LONDON]) };

    it('asks for the events, and is an Event: London’s times, in person, its place, a sold-out offer', () => {
      const path = '/events/plab-2-mock-circuit-manchester';
      const url = `${PAGE}${path}`;
      expect(say('event', path)).toEqual({ wanted: [`${WP}/products-with-ticket`] });
      expect(say('event', path, events)).toEqual({
        about: {
          name: MANCHESTER.title,
          description:
            'Saturday 17 July 2027, 08:30 to 17:30, at Pennine Clinical Skills Centre, 14 Whitworth Street, Manchester M1 3GB.',
          image: 'https://cdn.example.test/plab-2.svg',
          structuredData: [
            {
              '@context': 'https://schema.org',
              '@type': 'Event',
              startDate: '2027-07-17T08:30:00+01:00',
              endDate: '2027-07-17T17:30:00+01:00',
              eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
              eventStatus: 'https://schema.org/EventScheduled',
              location: {
                '@type': 'Place',
                name: 'Pennine Clinical Skills Centre',
                address: {
                  '@type': 'PostalAddress',
                  streetAddress: '14 Whitworth Street, Manchester M1 3GB',
                  addressLocality: 'Manchester',
                  addressCountry: 'GB',
                },
              },
              offers: {
                '@type': 'Offer',
                price: '195.00',
                priceCurrency: 'GBP',
                url,
                availability: 'https://schema.org/SoldOut',
              },
              organizer: { '@type': 'Organization', name: SITE, url: `${PAGE}/` },
            },
          ],
        },
      });
    });

    it('an event in winter is at Greenwich time, and one with places left is in stock', () => {
      expect(say('event', '/events/msra-revision-day-london', events)).toMatchObject({
        about: {
          structuredData: [
            {
              startDate: '2027-01-16T09:00:00+00:00',
              location: { name: 'Gower Street Centre', address: { addressLocality: 'London' } },
              offers: { availability: 'https://schema.org/InStock' },
            },
          ],
        },
      });
    });

    it('an event on a day not in the calendar has no schema.org data; an unknown one is absent', () => {
      const odd = { [`${WP}/products-with-ticket`]: json([{ ...LONDON, date: '2027-02-30' }]) };
      expect(say('event', '/events/msra-revision-day-london', odd)).toMatchObject({
        about: { description: '09:00 to 16:00, at Gower Street Centre.', structuredData: [] },
      });
      expect(say('event', '/events/no-such-event', events)).toBe('absent');
    });
  });

  describe('a centre', () => {
    const answer = {
      id: 1,
      title: 'PLAB 2 preparation in London',
      content: '<p>Ten minutes from Euston, with full 16-station mock circuits.</p>',
      address: '52 Gower Street, London WC1E 6EB',
    };

    it('asks for its page by its id, and is its title and what its page says, else its address', () => {
      expect(say('location', '/locations/1')).toEqual({
        wanted: [`${WP}/page-details/location-1`],
      });
      const reads = (page: unknown) => ({ [`${WP}/page-details/location-1`]: json(page) });
      expect(say('location', '/locations/1', reads(answer))).toEqual({
        about: { name: answer.title, description: answer.content, image: '' },
      });
      expect(say('location', '/locations/1', reads({ ...answer, content: '<p> </p>' }))).toEqual({
        about: { name: answer.title, description: answer.address, image: '' },
      });
    });

    it('an id that is not a WordPress id is absent, asking nothing; WordPress’s 404 is absent', () => {
      for (const path of ['/locations/01', '/locations/%3Cscript%3E', '/locations/0']) {
        expect(say('location', path)).toBe('absent');
      }
      expect(say('location', '/locations/9', { [`${WP}/page-details/location-9`]: 'absent' })).toBe(
        'absent',
      );
      expect(
        say('location', '/locations/1', { [`${WP}/page-details/location-1`]: json({ id: 1 }) }),
      ).toBe('malformed');
    });
  });
});
