import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useDocumentTitle, type ItemList, type ReadState, useShownText } from 'shared-store';
import { eventItem, TrackedList } from '../analytics';
import { formatEventDate } from '../components/EventCard';
import { eventPath, TitleLink } from '../components/shopLines';
import type { TicketEvent } from './reads';
import '../page.css';
import '../components/cards.css';

/** One step of the breadcrumbs: a page above this one (`to`), or this page itself. */
export interface Crumb {
  label: string;
  to?: string;
}

/** Where the page sits: Home / Courses / the course. */
function Crumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav className="home-crumbs" aria-label="Breadcrumb">
      <ol>
        {[{ label: 'Home', to: '/' }, ...trail].map((crumb, index) => (
          <li key={String(index)}>
            {crumb.to ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A shop page's frame: its breadcrumbs, its one <h1> and what follows. */
export function PageFrame({
  trail,
  heading,
  busy = false,
  children,
}: {
  trail: Crumb[];
  heading: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="home-section home-shop" aria-busy={busy || undefined}>
      <Crumbs trail={trail} />
      <h1>{heading}</h1>
      {children}
    </div>
  );
}

/** While the page's data loads: its frame and the space of what comes, so nothing shifts. */
export function PageLoading({ trail, what }: { trail: Crumb[]; what: string }) {
  return (
    <PageFrame trail={trail} heading={`Loading ${what}…`} busy>
      <div className="home-shop__space" />
    </PageFrame>
  );
}

/** A slug or id that names nothing: the way back to the home page and the courses. */
export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <div className="home-section home-shop">
      <h1>Page not found</h1>
      <p>The page you were looking for has moved or never existed.</p>
      <ul className="home-shop__links">
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/courses">Browse our courses</Link>
        </li>
      </ul>
    </div>
  );
}

/** A read that failed: what could not be shown, and Try again. */
export function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className="home-shop__notice" role="alert">
      <p>{message}</p>
      <button type="button" className="home-shop__retry" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

/**
 * A page of a read: its frame around the space of what comes while it loads, the failure with
 * Try again, or `show` of the answer.
 */
export function ReadPage<T>({
  read,
  trail,
  heading,
  failure,
  show,
}: {
  read: ReadState<T>;
  trail: Crumb[];
  heading: string;
  failure: string;
  show: (data: T) => ReactNode;
}) {
  return (
    <PageFrame trail={trail} heading={heading} busy={read.status === 'loading'}>
      {read.status === 'failed' ? (
        <LoadFailed message={failure} retry={read.retry} />
      ) : read.status === 'ready' ? (
        show(read.data)
      ) : (
        <div className="home-shop__space" />
      )}
    </PageFrame>
  );
}

/** A page whose read failed: its frame and the failure, under the page's title. */
export function PageFailed({
  trail,
  heading,
  message,
  retry,
}: {
  trail: Crumb[];
  heading: string;
  message: string;
  retry: () => void;
}) {
  useDocumentTitle(heading);
  return (
    <PageFrame trail={trail} heading={heading}>
      <LoadFailed message={message} retry={retry} />
    </PageFrame>
  );
}

/**
 * A page of one entry of a list, the one whose slug is the path's: the page loading, failed (an
 * empty list too: the shop always has some), page not found, or `show` of the entry.
 */
export function EntryPage<T extends { slug: string }>({
  list,
  trail,
  what,
  show,
}: {
  list: ReadState<T[]>;
  trail: Crumb[];
  /** "course": the page's heading and messages while it has none of its own. */
  what: string;
  show: (entry: T) => ReactNode;
}) {
  const { slug = '' } = useParams();
  if (list.status === 'failed' || (list.status === 'ready' && list.data.length === 0)) {
    return (
      <PageFailed
        trail={trail}
        heading={what.charAt(0).toUpperCase() + what.slice(1)}
        message={`We couldn't load this ${what}. Check your connection and try again.`}
        retry={list.retry}
      />
    );
  }
  if (list.status !== 'ready') return <PageLoading trail={trail} what={what} />;
  const entry = list.data.find((candidate) => candidate.slug === slug);
  return entry ? show(entry) : <NotFound />;
}

/** One event as a link to its page, with its date and place. */
function EventLink({ event }: { event: TicketEvent }) {
  const title = useShownText(event.title);
  return (
    <li>
      <TitleLink to={eventPath(event.slug)} title={title} id={event.id} />
      <span className="home-shop__muted">
        {formatEventDate(event.date)} · {event.location}
      </span>
    </li>
  );
}

/**
 * Events as a list of links under the list's name (its heading); nothing when there are none. A
 * list analytics is told of.
 */
export function EventLinks({ list, events }: { list: ItemList; events: TicketEvent[] }) {
  if (events.length === 0) return null;
  return (
    <section>
      <h2>{list.item_list_name}</h2>
      <TrackedList list={list} entries={events} toItem={eventItem}>
        <ul className="home-shop__links">
          {events.map((event) => (
            <EventLink key={event.id} event={event} />
          ))}
        </ul>
      </TrackedList>
    </section>
  );
}
