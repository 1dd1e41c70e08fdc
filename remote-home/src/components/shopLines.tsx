import type { ButtonHTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { useMounted, type Course, type EventItem } from 'shared-store';
import { useSelectItem } from '../analytics';
import { useAddToCart, type CartRequest } from '../hooks/useAddToCart';

/** The storefront's page of a course or an event; none for one without a slug. */
export const coursePath = (slug: string) => (slug ? `/courses/${encodeURIComponent(slug)}` : '');
export const eventPath = (slug: string) => (slug ? `/events/${encodeURIComponent(slug)}` : '');

/**
 * A card's title: a link to the card's page (opening it from a list is that list's select_item),
 * or the title alone when it has none. `id`: the course's or event's.
 */
export function TitleLink({ to, title, id }: { to: string; title: string; id: number | string }) {
  const selected = useSelectItem(id);
  return to ? (
    <Link to={to} onClick={selected}>
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
    course: Pick<Course, 'id' | 'slug' | 'product_id'>,
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
      product_id: course.product_id,
      variation_id: choice.variationId,
      ...(choice.maxQuantity === undefined ? {} : { max_quantity: choice.maxQuantity }),
    });

/**
 * One place at an event in the cart: from 'event', month '', matched there by id alone; never
 * more than its places left, where the page knows them.
 */
export const eventLine =
  (
    event: Pick<EventItem, 'id' | 'slug' | 'product_id'>,
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
      product_id: event.product_id,
      ...(placesLeft === undefined ? {} : { max_quantity: Math.max(0, placesLeft) }),
    });

/**
 * A button of a page the server draws: inert until the page's code runs (painted the same), so a
 * tap before then is not lost on a button that looks ready, as a served Add to cart with its price
 * would.
 */
export function ServedButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  const codeRunning = useMounted();
  return <button type="button" {...props} inert={!codeRunning} />;
}

/**
 * An event's Add to cart (a card's, the event page's): one place by the event rule (never more
 * than `placesLeft`, where known), refused while it is sold out, has no price, or an add is under
 * way. Drawn on the server, it waits for the
 * page's code (inert, painted the same): a tap before then would otherwise be lost on a button
 * that looks ready.
 */
export function AddEventButton({
  event,
  title,
  price,
  soldOut,
  placesLeft,
}: {
  event: Pick<EventItem, 'id' | 'slug' | 'product_id'>;
  title: string;
  price: number;
  soldOut: boolean;
  placesLeft?: number | undefined;
}) {
  const { add, busy } = useAddToCart();
  return (
    <ServedButton
      className="home-card__add"
      disabled={soldOut || price <= 0 || busy}
      onClick={() => {
        add(eventLine(event, title, price, placesLeft));
      }}
    >
      <AddLabel title={title} />
    </ServedButton>
  );
}
