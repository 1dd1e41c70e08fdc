import { Link, useParams } from 'react-router-dom';
import {
  formatPrice,
  toPrice,
  useDocumentTitle,
  useRead,
  useHeadText,
  useShownText,
} from 'shared-store';
import { eventItem, TrackedList } from '../analytics';
import { formatEventDate, placesLeft } from '../components/EventCard';
import { AddEventButton, eventPath, TitleLink } from '../components/shopLines';
import { LoadFailed, NotFound, PageFailed, PageFrame, PageLoading } from './PageParts';
import { centreOffer, type OtherExamEvents } from './centreOffer';
import { locationDetails, missing, ticketEvents, type TicketEvent } from './reads';

const TRAIL = [{ label: 'Events', to: '/events' }];

type Location = NonNullable<typeof locationDetails.empty>;

/** One event at the centre, to book: its page, date and times, places left, price, Add to cart. */
function CentreEvent({ event }: { event: TicketEvent }) {
  const title = useShownText(event.title);
  const price = toPrice(event.price);
  const tickets = event.tickets_available;
  const times = [event.start_time, event.end_time].filter(Boolean).join(' to ');
  return (
    <li className="home-shop__event">
      <h3>
        <TitleLink to={eventPath(event.slug)} title={title} id={event.id} />
      </h3>
      <p className="home-shop__muted">
        <time dateTime={event.date}>{formatEventDate(event.date)}</time>
        {times && `, ${times}`}
      </p>
      {tickets !== undefined && <p className="home-shop__places">{placesLeft(tickets)}</p>}
      <p className="home-card__price">{price > 0 ? formatPrice(price) : 'Price on request'}</p>
      <AddEventButton
        event={event}
        title={title}
        price={price}
        soldOut={tickets !== undefined && tickets <= 0}
      />
    </li>
  );
}

/** How the ids of the centre's section headings start: one of each per page, as served. */
const CENTRE = 'centre-';

/**
 * Events held at the centre for another exam than the centre's (or for none), each group under
 * its own heading, so that they are never taken for the centre's own dates.
 */
function OtherEvents({ group, place }: { group: OtherExamEvents; place: string }) {
  const name = group.exam ? `${group.exam} events in ${place}` : `Other events in ${place}`;
  const key = group.exam?.toLowerCase() ?? 'other';
  const list = { item_list_id: `centre_${key}_events`, item_list_name: name };
  return (
    <section className="home-shop__group" aria-labelledby={CENTRE + key}>
      <h2 id={CENTRE + key}>{name}</h2>
      <TrackedList list={list} entries={group.events} toItem={eventItem}>
        <ul className="home-shop__events">
          {group.events.map((event) => (
            <CentreEvent key={event.id} event={event} />
          ))}
        </ul>
      </TrackedList>
    </section>
  );
}

/**
 * What can be booked at the centre: each date it lists, with its event (of the centre's exam,
 * held there that day) or that booking opens soon; with no date at all, the way to book by asking
 * us. Then the other exams' events held there, each exam under its own heading.
 */
function CentreEvents({ location }: { location: Location }) {
  const events = useRead(ticketEvents);
  const offer = centreOffer(location, events.status === 'ready' ? events.data : []);
  const place = location.city || 'this centre';
  const bookable = offer.dates.flatMap((day) => day.events);
  const list = { item_list_id: 'centre_events', item_list_name: `Events in ${place}` };
  if (events.status === 'idle' || events.status === 'loading') return null;
  return (
    <>
      <section className="home-shop__group" aria-labelledby={CENTRE + 'events'}>
        <h2 id={CENTRE + 'events'}>Book a place in {place}</h2>
        {events.status === 'failed' ? (
          <LoadFailed
            message="We couldn't load the dates you can book here."
            retry={events.retry}
          />
        ) : offer.dates.length > 0 ? (
          <TrackedList list={list} entries={bookable} toItem={eventItem}>
            <ul className="home-shop__events">
              {offer.dates.map((day) =>
                day.events.length > 0 ? (
                  day.events.map((event) => <CentreEvent key={event.id} event={event} />)
                ) : (
                  // A date the centre lists before its event can be booked.
                  <li key={day.date} className="home-shop__event">
                    <h3>
                      <time dateTime={day.date}>{formatEventDate(day.date)}</time>
                    </h3>
                    <p className="home-shop__muted">Booking opens soon</p>
                  </li>
                ),
              )}
            </ul>
          </TrackedList>
        ) : (
          <p>
            No dates at this centre can be booked online yet.{' '}
            <Link to="/contact-us">Contact us</Link> to reserve a place, or see{' '}
            <Link to="/events">all our events</Link>.
          </p>
        )}
      </section>
      {offer.others.map((group) => (
        <OtherEvents key={group.exam ?? 'other'} group={group} place={place} />
      ))}
    </>
  );
}

function LocationView({ location }: { location: Location }) {
  const title = useShownText(location.title);
  const description = useHeadText(location.content);
  useDocumentTitle(title, description || undefined);
  const price = toPrice(location.price);
  return (
    <PageFrame trail={[...TRAIL, { label: title }]} heading={title}>
      <div className="home-shop__layout">
        {price > 0 && (
          <div className="home-shop__buy">
            <p className="home-card__price">from {formatPrice(price)}</p>
          </div>
        )}
        <div>
          {location.city && <p className="home-shop__muted">{location.city}</p>}
          {location.address && <address>{location.address}</address>}
          {/* The centre's description is HTML the gateway sanitized when it served it. */}
          {location.content && (
            <div
              className="home-shop__prose"
              dangerouslySetInnerHTML={{ __html: location.content }}
            />
          )}
        </div>
      </div>
      <CentreEvents location={location} />
    </PageFrame>
  );
}

/** The centre a `/locations/:id` address names: a whole number above 0; null for anything else. */
export function centreId(id: string): number | null {
  return /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

/** /locations/:id: one of the company's centres (wp/v2/page-details/location-{id}). */
export default function LocationPage() {
  const { id = '' } = useParams();
  const number = centreId(id);
  const location = useRead(locationDetails, number);
  if (number === null || missing(location)) return <NotFound />;
  if (location.status === 'idle' || location.status === 'loading') {
    return <PageLoading trail={TRAIL} what="centre" />;
  }
  // A failure, or an answer that is not a centre (the spec's `{error}`).
  const found = location.status === 'ready' ? location.data : null;
  if (!found) {
    return (
      <PageFailed
        trail={TRAIL}
        heading="Our centres"
        message="Failed to fetch PLAB details"
        retry={location.retry}
      />
    );
  }
  return <LocationView location={found} />;
}
