import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle, useRead } from 'shared-store';
import { eventItem, TrackedList } from '../analytics';
import { EventCard } from '../components/EventCard';
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

/** /events: every event of wp/v2/products-with-ticket as cards linking to their pages. */
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

/** The events' cards, soonest first: a list analytics is told of, in the order shown. */
function UpcomingEvents({ events }: { events: TicketEvent[] }) {
  const shown = useMemo(() => soonestFirst(events), [events]);
  return (
    <section className="home-shop__group">
      <h2>Upcoming events</h2>
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
