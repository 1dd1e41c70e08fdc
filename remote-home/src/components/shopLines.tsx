import { Link } from 'react-router-dom';
import { coursePath, eventPath, PAGE_CONTRACT } from 'shared-store';
import type { Course, EventItem } from '../data/shapes';
import { useSelectItem } from '../analytics';
import { useAddToCart, type CartRequest } from '../hooks/useAddToCart';

// The storefront's page of a course or an event: shared-store's, as the cart's lines link there too.
export { coursePath, eventPath };

/**
 * A card's title: a link to the card's page (opening it from a list is that list's select_item),
 * or the title alone when it has none. `id`: the course's or event's. `reads`: that page's reads
 * its route does not name, which the shell reads ahead with the page's code.
 */
export function TitleLink({
  to,
  title,
  id,
  reads,
}: {
  to: string;
  title: string;
  id: number | string;
  reads?: string;
}) {
  const selected = useSelectItem(id);
  return to ? (
    <Link to={to} onClick={selected} {...{ [PAGE_CONTRACT.markup.prefetchAttribute]: reads }}>
      {title}
    </Link>
  ) : (
    title
  );
}

/**
 * An Add to cart button's words: "Add to cart" as they show, "Add {title} to cart" as they are
 * read out, so the name a screen reader or voice control uses holds the words on the screen.
 */
export function AddLabel({ title }: { title: string }) {
  return (
    <>
      Add<span className="home-sr"> {title}</span> to cart
    </>
  );
}

/** What is bought of a course: a month option, or the one price of a simple product (month ''). */
export interface CourseChoice {
  month: string;
  price: number;
  variationId?: number;
  /** The most one order may have of it (1 for a course sold individually); absent: no limit. */
  maxQuantity?: number;
}

/** One of a course in the cart: matched there by id and month. */
export const courseLine =
  (
    course: Pick<Course, 'id' | 'slug' | 'product_id' | 'image'>,
    title: string,
    choice: CourseChoice,
  ): CartRequest =>
  (cart) =>
    cart.lineAdded({
      id: course.id,
      slug: course.slug,
      month: choice.month,
      price: choice.price,
      title,
      image: course.image.url,
      product_id: course.product_id,
      variation_id: choice.variationId,
      ...(choice.maxQuantity === undefined ? {} : { max_quantity: choice.maxQuantity }),
    });

/**
 * One place at an event in the cart: from 'event', month '', matched there by id alone; never
 * more than its places left, where the page knows them.
 */
const eventLine =
  (
    event: Pick<EventItem, 'id' | 'slug' | 'product_id' | 'image'>,
    title: string,
    price: number,
    placesLeft?: number,
  ): CartRequest =>
  (cart) =>
    cart.lineAdded({
      id: event.id,
      slug: event.slug,
      month: '',
      price,
      title,
      from: 'event',
      image: event.image.url,
      product_id: event.product_id,
      ...(placesLeft === undefined ? {} : { max_quantity: Math.max(0, placesLeft) }),
    });

/**
 * An event's Add to cart (a card's, the event page's): one place by the event rule (never more
 * than `placesLeft`, where known), refused while it is sold out, has no price, or an add is under
 * way, or while the page's code has not yet run (served disabled: useAddToCart).
 */
export function AddEventButton({
  event,
  title,
  price,
  soldOut,
  placesLeft,
}: {
  event: Pick<EventItem, 'id' | 'slug' | 'product_id' | 'image'>;
  title: string;
  price: number;
  soldOut: boolean;
  placesLeft?: number | undefined;
}) {
  const { add, busy } = useAddToCart();
  return (
    <button
      type="button"
      className="home-card__add"
      disabled={soldOut || price <= 0 || busy}
      onClick={() => {
        add(eventLine(event, title, price, placesLeft));
      }}
    >
      <AddLabel title={title} />
    </button>
  );
}
