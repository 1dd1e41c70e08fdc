import { useParams } from 'react-router-dom';
import {
  formatPrice,
  toPrice,
  useDocumentTitle,
  useRead,
  useHeadText,
  useShownText,
} from 'shared-store';
import { formatEventDate } from '../components/EventCard';
import { EventLinks, NotFound, PageFailed, PageFrame, PageLoading } from './PageParts';
import { locationDetails, missing, ticketEvents } from './reads';

const TRAIL = [{ label: 'Events', to: '/events' }];

type Location = NonNullable<typeof locationDetails.empty>;

/** The events at the centre: those naming it (location_id), or held in its city. */
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
  const list = {
    item_list_id: 'centre_events',
    item_list_name: `Events in ${location.city || 'this centre'}`,
  };
  return <EventLinks list={list} events={here} />;
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
