import { memo } from 'react';
import { formatPrice, toPrice, useShownText } from 'shared-store';
import type { EventItem } from '../data/shapes';
import { CardImage } from './SafeImage';
import { AddEventButton, eventPath, TitleLink } from './shopLines';
import './cards.css';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "Sat, 16 January 2027" (the en-GB long date), or the text as sent when it is not a date. Written
 * out rather than through Intl: a phone spends tens of milliseconds loading locale data for the
 * first Intl.DateTimeFormat, in the middle of the home page's render.
 */
export function formatEventDate(date: string): string {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T12:00:00Z`) : undefined;
  if (!parsed || Number.isNaN(parsed.getTime())) return date;
  const day = WEEKDAYS[parsed.getUTCDay()] ?? '';
  const month = MONTHS[parsed.getUTCMonth()] ?? '';
  return `${day}, ${String(parsed.getUTCDate())} ${month} ${String(parsed.getUTCFullYear())}`;
}

/** "Sold out", "Only 3 places left", "16 places left". */
export function placesLeft(tickets: number): string {
  if (tickets <= 0) return 'Sold out';
  const places = `${String(tickets)} ${tickets === 1 ? 'place' : 'places'} left`;
  return tickets <= 5 ? `Only ${places}` : places;
}

/**
 * One event: title (a link to its page), date, place, price and Add to cart (matched by id alone
 * in the cart, never more than its `placesLeft` where the list knows them); a sold-out one says
 * so and cannot be added. `priority`: the card is on the page's first screen, its image loaded at
 * once and first.
 */
export const EventCard = memo(function EventCard({
  event,
  soldOut = false,
  placesLeft,
  priority = false,
}: {
  event: EventItem;
  soldOut?: boolean;
  placesLeft?: number | undefined;
  priority?: boolean;
}) {
  const title = useShownText(event.title);
  const price = toPrice(event.price);
  return (
    <article className="home-card home-card--event">
      <CardImage image={event.image} priority={priority} />
      <h3 className="home-card__title">
        <TitleLink to={eventPath(event.slug)} title={title} id={event.id} />
      </h3>
      <p className="home-card__meta">
        {formatEventDate(event.date)} · {event.location}
      </p>
      <p className="home-card__price">
        {soldOut ? 'Sold out' : price > 0 ? formatPrice(price) : 'Price on request'}
      </p>
      <AddEventButton
        event={event}
        title={title}
        price={price}
        soldOut={soldOut}
        placesLeft={placesLeft}
      />
    </article>
  );
});
