import { memo } from 'react';
import type { EventItem } from 'shared-store';
import { EventCard } from './EventCard';

export const EventsSection = memo(function EventsSection({ events }: { events: EventItem[] }) {
  if (events.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-events-title">
      <h2 id="home-events-title">Upcoming events</h2>
      <ul className="home-grid">
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    </section>
  );
});
