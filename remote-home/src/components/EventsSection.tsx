import { memo } from 'react';
import type { EventItem } from '../data/shapes';
import { eventItem, TrackedList } from '../analytics';
import { EventCard } from './EventCard';

const LIST = { item_list_id: 'home_events', item_list_name: 'Upcoming events' };

/** The home page's events, hidden if there are none: a list analytics is told of. */
export const EventsSection = memo(function EventsSection({ events }: { events: EventItem[] }) {
  if (events.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-events-title">
      <h2 id="home-events-title">Upcoming events</h2>
      <TrackedList list={LIST} entries={events} toItem={eventItem}>
        <ul className="home-grid">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      </TrackedList>
    </section>
  );
});
