import { memo, useMemo } from 'react';
import { decodeEntities, formatPrice, itemUpdated, toPrice, type EventItem } from 'shared-store';
import { useAddToCart } from '../hooks/useAddToCart';
import { SafeImage } from './SafeImage';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "Sat, 16 January 2027", or the text as sent when it is not a date. */
export function formatEventDate(date: string): string {
  const parsed = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dateFormat.format(parsed);
}

/** One event: date, place, price and Add to cart (matched by id alone in the cart). */
export const EventCard = memo(function EventCard({ event }: { event: EventItem }) {
  const title = useMemo(() => decodeEntities(event.title), [event.title]);
  const price = toPrice(event.price);
  const { add, busy } = useAddToCart(title);
  return (
    <article className="home-card home-card--event">
      <SafeImage className="home-card__image" image={event.image} width={400} height={225} />
      <h3 className="home-card__title">{title}</h3>
      <p className="home-card__meta">
        {formatEventDate(event.date)} · {event.location}
      </p>
      <p className="home-card__price">{price > 0 ? formatPrice(price) : 'Price on request'}</p>
      <button
        type="button"
        className="home-card__add"
        disabled={price <= 0 || busy}
        aria-label={`Add ${title} to cart`}
        onClick={() => {
          add((dispatch) =>
            dispatch(
              itemUpdated({
                id: event.id,
                slug: event.slug,
                month: '',
                quantity: 1,
                price,
                title,
                from: 'event',
                product_id: event.product_id,
              }),
            ),
          );
        }}
      >
        Add to cart
      </button>
    </article>
  );
});
