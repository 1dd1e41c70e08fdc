import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EXAMS, examOf, useDocumentTitle, useRead } from 'shared-store';
import { eventItem, TrackedList } from '../analytics';
import { EventCard } from '../components/EventCard';
import { choicesOf, chosen, ListFilters, type Facet } from './ListFilters';
import { ReadPage } from './PageParts';
import { ticketEvents, type TicketEvent } from './reads';

const HEADING = 'Events and mock exams';
const TRAIL = [{ label: 'Events' }];
const LIST = { item_list_id: 'all_events', item_list_name: HEADING };

/** The events soonest first; those without a date (YYYY-MM-DD) last. */
export function soonestFirst(events: TicketEvent[]): TicketEvent[] {
  // Compared as text: a date sorts as its digits do, 'undated' after them all.
  const key = (event: TicketEvent) =>
    /^\d{4}-\d{2}-\d{2}$/.test(event.date) ? event.date : 'undated';
  return [...events].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The exam an event prepares for, as its title or slug names it. */
const examOfEvent = (event: TicketEvent) => examOf(event.title, event.slug);

/**
 * The events the address asks for (`?exam=plab&location=london`): those of its exam and its
 * location (any the events have), soonest first; a value it does not know is ignored. The filters
 * offered.
 */
function eventsAsked(events: TicketEvent[], params: URLSearchParams) {
  const place = (event: TicketEvent) => event.location.trim();
  const facets: Facet[] = [
    {
      key: 'exam',
      label: 'Exam',
      choices: choicesOf(EXAMS.filter((exam) => events.some((e) => examOfEvent(e) === exam))),
    },
    { key: 'location', label: 'Location', choices: choicesOf(events.map(place).sort()) },
  ];
  const [exam, location] = facets.map((facet) => chosen(params, facet));
  const shown = events.filter(
    (event) =>
      (!exam || examOfEvent(event)?.toLowerCase() === exam) &&
      (!location || place(event).toLowerCase() === location),
  );
  return { facets, shown: soonestFirst(shown) };
}

/**
 * /events: every event of wp/v2/products-with-ticket as cards linking to their pages, those of one
 * exam or place as the address's query asks (eventsAsked).
 */
export default function EventListPage() {
  useDocumentTitle(
    HEADING,
    'Mock exams, revision days and courses in person in London, Manchester and Birmingham.',
  );
  return (
    <ReadPage
      read={useRead(ticketEvents)}
      trail={TRAIL}
      heading={HEADING}
      failure="We couldn't load our events."
      show={(events) =>
        events.length === 0 ? (
          <p>
            No events are scheduled at the moment. New dates are added every month: in the meantime,{' '}
            <Link to="/courses">browse our online courses</Link>.
          </p>
        ) : (
          <UpcomingEvents events={events} />
        )
      }
    />
  );
}

/**
 * The filters and the events' cards they leave, soonest first: a list analytics is told of, in the
 * order shown.
 */
function UpcomingEvents({ events }: { events: TicketEvent[] }) {
  const [params] = useSearchParams();
  const { facets, shown } = useMemo(() => eventsAsked(events, params), [events, params]);
  return (
    <section className="home-shop__group">
      <h2>Upcoming events</h2>
      <ListFilters facets={facets} />
      {/* The filters' All shows them all again. */}
      {shown.length === 0 && <p>No events match these filters.</p>}
      <TrackedList list={LIST} entries={shown} toItem={eventItem}>
        <ul className="home-grid">
          {shown.map((event, i) => (
            <li key={event.id}>
              {/* The first card's image is the largest thing on a phone's first screen. */}
              <EventCard
                event={event}
                soldOut={event.tickets_available !== undefined && event.tickets_available <= 0}
                placesLeft={event.tickets_available}
                priority={i === 0}
              />
            </li>
          ))}
        </ul>
      </TrackedList>
    </section>
  );
}
