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

/** A fixed id: a page shows one centre, and its server render draws the same markup. */
const EVENTS_TITLE_ID = 'centre-events-title';

/**
 * The events at the centre, to book here: those naming it (location_id), or held in its city. With
 * none (or while they load), the way to book by asking us.
 */
function CentreEvents({ location }: { location: Location }) {
  const events = useRead(ticketEvents);
  const city = location.city.trim().toLowerCase();
  const here =
    events.status === 'ready'
      ? events.data.filter(
          (event) =>
            event.location_id === location.id ||
            (city !== '' && event.location.trim().toLowerCase() === city),
        )
      : [];
  const place = location.city || 'this centre';
  const list = { item_list_id: 'centre_events', item_list_name: `Events in ${place}` };
  if (events.status === 'idle' || events.status === 'loading') return null;
  return (
    <section className="home-shop__group" aria-labelledby={EVENTS_TITLE_ID}>
      <h2 id={EVENTS_TITLE_ID}>Book a place in {place}</h2>
      {events.status === 'failed' ? (
        <LoadFailed message="We couldn't load the dates you can book here." retry={events.retry} />
      ) : here.length > 0 ? (
        <TrackedList list={list} entries={here} toItem={eventItem}>
          <ul className="home-shop__events">
            {here.map((event) => (
              <CentreEvent key={event.id} event={event} />
            ))}
          </ul>
        </TrackedList>
      ) : (
        <p>
          No dates at this centre can be booked online yet. <Link to="/contact-us">Contact us</Link>{' '}
          to reserve a place, or see <Link to="/events">all our events</Link>.
        </p>
      )}
    </section>
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
        {(price > 0 || location.next_dates.length > 0) && (
          <div className="home-shop__buy">
            {price > 0 && <p className="home-card__price">from {formatPrice(price)}</p>}
            {location.next_dates.length > 0 && (
              <>
                <h2>Next dates</h2>
                <ul className="home-shop__dates">
                  {location.next_dates.map((date, index) => (
                    <li key={String(index)}>
                      <time dateTime={date}>{formatEventDate(date)}</time>
                    </li>
                  ))}
                </ul>
              </>
            )}
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
