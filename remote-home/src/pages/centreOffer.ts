import { EXAMS, analyticsItem } from 'shared-store';
import type { TicketEvent } from './reads';

/** What the offer of a centre is made of: its page's id, title, city and listed dates. */
export interface Centre {
  id: number;
  title: string;
  city: string;
  next_dates: readonly string[];
}

/**
 * One date the centre's page lists: the events of the centre's exam held there that day, to book;
 * none when the date is announced (the page's `next_dates`) but booking has not opened.
 */
interface CentreDate {
  date: string;
  events: TicketEvent[];
}

/** Events held at the centre for another exam (or none named), offered under their own heading. */
export interface OtherExamEvents {
  exam: string | undefined;
  events: TicketEvent[];
}

/** Whether the event is held at the centre: it names the centre, or it is in the centre's city. */
function heldAt(centre: Centre, event: TicketEvent): boolean {
  const city = centre.city.trim().toLowerCase();
  return (
    event.location_id === centre.id || (city !== '' && event.location.trim().toLowerCase() === city)
  );
}

/**
 * What a centre's page offers: each date it lists with the events of its exam held there that
 * day (matched by day and exam), the dates of its exam's events there it does not list added, and
 * the events of other exams held there apart, by exam in the shop's order (none named last). The
 * exam of a centre or an event is the one its title (or slug) names, read as analytics reads a
 * product's category; a centre that names none books by date the events that name none.
 */
export function centreOffer(centre: Centre, events: readonly TicketEvent[]) {
  const examNamed = (name: string, slug: string) =>
    analyticsItem({ id: 0, name, slug, price: 0 }).item_category;
  const exam = examNamed(centre.title, '');
  const held = events
    .filter((event) => heldAt(centre, event))
    .sort((a, b) => a.date.localeCompare(b.date));
  const examOf = (event: TicketEvent) => examNamed(event.title, event.slug);
  const own = held.filter((event) => examOf(event) === exam);
  // WordPress's dates are ISO days (2027-02-06): as text they sort soonest first.
  const dates: CentreDate[] = [
    ...new Set([...centre.next_dates, ...own.map((event) => event.date)]),
  ]
    .filter(Boolean)
    .sort()
    .map((date) => ({ date, events: own.filter((event) => event.date === date) }));
  const others: OtherExamEvents[] = [...EXAMS, undefined]
    .filter((other) => other !== exam)
    .map((other) => ({ exam: other, events: held.filter((event) => examOf(event) === other) }))
    .filter((group) => group.events.length > 0);
  return { exam, dates, others };
}
