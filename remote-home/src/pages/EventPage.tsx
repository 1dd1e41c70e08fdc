import { Link } from 'react-router-dom';
import { formatPrice, toPrice, useDocumentTitle, useRead, useShownText } from 'shared-store';
import { eventItem, useItemViewed } from '../analytics';
import { formatEventDate, placesLeft } from '../components/EventCard';
import { SafeImage } from '../components/SafeImage';
import { AddEventButton } from '../components/shopLines';
import { EntryPage, PageFrame } from './PageParts';
import { ticketEvents, type TicketEvent } from './reads';

const TRAIL = [{ label: 'Events', to: '/events' }];

function EventView({ event }: { event: TicketEvent }) {
  const title = useShownText(event.title);
  const date = formatEventDate(event.date);
  const place = event.venue || event.location;
  useDocumentTitle(title, [date, place].filter(Boolean).join(', ') || undefined);
  useItemViewed(event.id, () => eventItem(event));
  const price = toPrice(event.price);
  const tickets = event.tickets_available;
  const soldOut = tickets !== undefined && tickets <= 0;
  return (
    <PageFrame trail={[...TRAIL, { label: title }]} heading={title}>
      <div className="home-shop__layout">
        <SafeImage
          className="home-shop__image"
          image={event.image}
          width={800}
          height={450}
          priority
        />
        <div className="home-shop__buy">
          <p className="home-card__price">{price > 0 ? formatPrice(price) : 'Price on request'}</p>
          {tickets !== undefined && <p className="home-shop__places">{placesLeft(tickets)}</p>}
          <AddEventButton
            event={event}
            title={title}
            price={price}
            soldOut={soldOut}
            placesLeft={tickets}
          />
        </div>
        <dl className="home-shop__facts">
          {event.date && (
            <>
              <dt>Date</dt>
              <dd>
                <time dateTime={event.date}>{date}</time>
              </dd>
            </>
          )}
          {event.start_time && (
            <>
              <dt>Time</dt>
              <dd>
                {event.start_time}
                {event.end_time && ` to ${event.end_time}`}
              </dd>
            </>
          )}
          <dt>Venue</dt>
          <dd>
            {place}
            {event.location_id !== undefined && event.location_id > 0 && (
              <>
                {' '}
                <Link to={`/locations/${String(event.location_id)}`}>
                  About our {event.location} centre
                </Link>
              </>
            )}
          </dd>
        </dl>
      </div>
    </PageFrame>
  );
}

/** /events/:slug: an event of wp/v2/products-with-ticket, its date, place, price and places left. */
export default function EventPage() {
  return (
    <EntryPage
      list={useRead(ticketEvents)}
      trail={TRAIL}
      what="event"
      show={(event) => <EventView event={event} />}
    />
  );
}
