import { EXAMS, examOf, type Exam } from 'shared-store';
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
export interface CentreDate {
  date: string;
  events: TicketEvent[];
}

/** Events held at the centre for another exam (or none named), offered under their own heading. */
export interface OtherExamEvents {
  exam: Exam | undefined;
  events: TicketEvent[];
}

export interface CentreOffer {
  /** The exam the centre's page is about ("PLAB 2 preparation in London"); none if it names none. */
  exam: Exam | undefined;
  /** Its dates, soonest first: each announced date and each date of its exam's events there. */
  dates: CentreDate[];
  /** The other exams' events held there, by exam in the shop's order, those of no exam last. */
  others: OtherExamEvents[];
}

/**
 * A date as one day, `2027-02-06`: WordPress's ISO day (with or without a time after it), or ACF's
 * stored `20270206`; anything else is kept as it is written, shown as given, matching no event.
 */
export function dayOf(date: string): string {
  const text = date.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(text)?.[1];
  if (iso) return iso;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return compact ? `${compact[1] ?? ''}-${compact[2] ?? ''}-${compact[3] ?? ''}` : text;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Soonest first; a date that is not a day keeps its place after the days. */
function byDay(a: string, b: string): number {
  const aDay = ISO_DAY.test(a);
  const bDay = ISO_DAY.test(b);
  if (aDay && bDay) return a < b ? -1 : a > b ? 1 : 0;
  return Number(bDay) - Number(aDay);
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
 * day (by day and exam), the dates of its exam's events there it does not list added, and the
 * events of other exams held there apart, by exam. A centre whose title names no exam offers
 * every event held there by date.
 */
export function centreOffer(centre: Centre, events: readonly TicketEvent[]): CentreOffer {
  const exam = examOf(centre.title);
  const own: TicketEvent[] = [];
  const others = new Map<Exam | undefined, TicketEvent[]>();
  for (const event of events) {
    if (!heldAt(centre, event)) continue;
    const eventExam = examOf(event.title, event.slug);
    if (exam === undefined || eventExam === exam) own.push(event);
    else others.set(eventExam, [...(others.get(eventExam) ?? []), event]);
  }
  const days = [...new Set([...centre.next_dates.map(dayOf), ...own.map((e) => dayOf(e.date))])];
  const soonestFirst = (a: TicketEvent, b: TicketEvent) => byDay(dayOf(a.date), dayOf(b.date));
  return {
    exam,
    dates: days
      .filter((day) => day !== '')
      .sort(byDay)
      .map((day) => ({ date: day, events: own.filter((event) => dayOf(event.date) === day) })),
    others: [...EXAMS, undefined].flatMap((other) => {
      const held = others.get(other);
      return held ? [{ exam: other, events: [...held].sort(soonestFirst) }] : [];
    }),
  };
}
