import {
  formatPrice,
  toPrice,
  useDocumentTitle,
  useRead,
  useHeadText,
  useShownText,
} from 'shared-store';
import { courseItem, useItemViewed } from '../analytics';
import { useMonthChoice } from '../components/MonthChoice';
import { SafeImage } from '../components/SafeImage';
import { AddLabel, courseLine } from '../components/shopLines';
import { useAddToCart } from '../hooks/useAddToCart';
import { EntryPage, EventLinks, LoadFailed, PageFrame } from './PageParts';
import { courseDetails, courseList, shopProduct, ticketEvents, type TicketEvent } from './reads';
import { type Course } from '../data/shapes';

const TRAIL = [{ label: 'Courses', to: '/courses' }];

/** The month options with their prices and Add to cart; a simple product's one price. */
function CourseBuy({ course, title }: { course: Course; title: string }) {
  const { option, view, status } = useMonthChoice(course.product_id, 'Access');
  // No month options: a simple product has one price, from the shop (never WordPress's text).
  const product = useRead(
    shopProduct,
    status === 'failed' && course.product_id ? course.product_id : null,
  );
  const single =
    product.status === 'ready' && product.data?.type === 'simple' ? toPrice(product.data.price) : 0;
  const choice = option ?? (single > 0 ? { month: '', price: single } : undefined);
  const { add, busy } = useAddToCart();
  return (
    <div className="home-shop__buy">
      {status !== 'failed' ? (
        // While loading, the picker's and the price's space: the box does not grow when they come.
        view
      ) : product.status === 'loading' ? (
        <p className="home-card__price home-skeleton-text" />
      ) : (
        <p className="home-card__price">{single > 0 ? formatPrice(single) : 'Price on request'}</p>
      )}
      <button
        type="button"
        className="home-card__add"
        disabled={!choice || busy}
        onClick={() => {
          if (choice) add(courseLine(course, title, choice));
        }}
      >
        <AddLabel title={title} />
      </button>
    </div>
  );
}

/** The course's description and what it includes, from wp/v2/course/{id}. */
function CourseBody({ course }: { course: Course }) {
  const details = useRead(courseDetails, course.id);
  const data = details.status === 'ready' ? details.data : null;
  if (details.status === 'failed') {
    return (
      <LoadFailed message="We couldn't load this course's description." retry={details.retry} />
    );
  }
  if (details.status !== 'ready') return <div className="home-shop__space" aria-busy="true" />;
  return (
    <div>
      {/* The course's description is HTML the gateway sanitized when it served it. */}
      {data?.content && (
        <div className="home-shop__prose" dangerouslySetInnerHTML={{ __html: data.content }} />
      )}
      {data && data.highlights.length > 0 && (
        <>
          <h2>What&apos;s included</h2>
          <ul>
            {data.highlights.map((highlight, index) => (
              <li key={String(index)}>{highlight}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The events whose title or slug names the exam (PLAB events for a PLAB course); none without one. */
export function relatedEvents(exam: string, events: TicketEvent[]): TicketEvent[] {
  const word = exam.trim().toLowerCase();
  return word
    ? events.filter((event) => `${event.title} ${event.slug}`.toLowerCase().includes(word))
    : [];
}

const RELATED_EVENTS = { item_list_id: 'related_events', item_list_name: 'Related events' };

function RelatedEvents({ exam }: { exam: string }) {
  const events = useRead(ticketEvents);
  const related = events.status === 'ready' ? relatedEvents(exam, events.data) : [];
  return <EventLinks list={RELATED_EVENTS} events={related} />;
}

function CourseView({ course }: { course: Course }) {
  const title = useShownText(course.title);
  const description = useHeadText(course.excerpt);
  useDocumentTitle(title, description || undefined);
  useItemViewed(course.id, () => courseItem(course));
  return (
    <PageFrame trail={[...TRAIL, { label: title }]} heading={title}>
      <div className="home-shop__layout">
        <SafeImage
          className="home-shop__image"
          image={course.image}
          width={800}
          height={450}
          priority
        />
        <CourseBuy course={course} title={title} />
        <CourseBody course={course} />
      </div>
      <RelatedEvents exam={course.exam} />
    </PageFrame>
  );
}

/**
 * /courses/:slug: a course of wp/v2/courseList with its description, what it includes, its
 * month options with prices, Add to cart and related events.
 */
export default function CoursePage() {
  return (
    <EntryPage
      list={useRead(courseList)}
      trail={TRAIL}
      what="course"
      show={(course) => <CourseView course={course} />}
    />
  );
}
