import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { provideModel } from 'shared-store';
import { cartModelStandIn, mockFetch, renderWithProviders } from 'shared-store/testing';
import { ADD_COOLDOWN_MS } from '../hooks/useAddToCart';
import { placesLeft } from '../components/EventCard';
import EventPage from './EventPage';
import {
  EVENTS,
  PLAB_2_LONDON_SOLD_OUT,
  PLAB_2_MANCHESTER,
  SERVER_ERROR,
  answer,
  inTurn,
} from '../testSupport';

/** The cart's model, as the shell provides it: what the page asks of it. */
const cart = cartModelStandIn();
provideModel('cart', cart.model);

beforeEach(() => {
  cart.asked.length = 0;
});

const TITLE = 'PLAB 2 Mock Circuit — Manchester';

function renderEvent(slug: string, events = answer(EVENTS)) {
  mockFetch({ '/wp-json/wp/v2/products-with-ticket': events });
  return renderWithProviders(
    <Routes>
      <Route path="/events/:slug" element={<EventPage />} />
    </Routes>,
    { route: `/events/${slug}` },
  );
}

describe('the event page', () => {
  it('shows the date, times, venue, price, places left and a link to its centre', async () => {
    renderEvent(PLAB_2_MANCHESTER.slug);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    expect(screen.getByText('Sat, 16 January 2027')).toHaveAttribute('datetime', '2027-01-16');
    expect(screen.getByText('08:30 to 17:30')).toBeVisible();
    expect(screen.getByText(/^Pennine Clinical Skills Centre, Manchester M1 3GB/)).toBeVisible();
    expect(screen.getByText('£295.00')).toBeVisible();
    expect(screen.getByText('16 places left')).toBeVisible();
    expect(screen.getByRole('link', { name: 'About our Manchester centre' })).toHaveAttribute(
      'href',
      '/locations/2',
    );
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    expect(document.title).toBe(`${TITLE} | Arora Medical Education`);
  });

  it('has no centre link when the event names no location', async () => {
    renderEvent(PLAB_2_MANCHESTER.slug, answer([{ ...PLAB_2_MANCHESTER, location_id: 'two' }]));
    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(screen.queryByRole('link', { name: /centre/ })).toBeNull();
  });

  it("adds one place with from 'event' and month '', one more at each click, never more than its places left", async () => {
    const { user } = renderEvent(PLAB_2_MANCHESTER.slug);
    const add = await screen.findByRole('button', { name: `Add ${TITLE} to cart` });
    await user.click(add);
    await waitFor(
      () => {
        expect(add).toBeEnabled();
      },
      { timeout: ADD_COOLDOWN_MS * 3 },
    );
    await user.click(add);
    const place = {
      lineAdded: {
        id: 2301,
        slug: PLAB_2_MANCHESTER.slug,
        month: '',
        from: 'event',
        price: 295,
        title: TITLE,
        product_id: 3301,
        max_quantity: 16,
        image: '/e.svg',
      },
    };
    expect(cart.asked).toEqual([place, place]);
  });

  it('a sold-out event says so and cannot be added', async () => {
    const { user } = renderEvent(PLAB_2_LONDON_SOLD_OUT.slug);
    expect(await screen.findByText('Sold out')).toBeVisible();
    const add = screen.getByRole('button', { name: 'Add PLAB 2 Mock Circuit — London to cart' });
    expect(add).toBeDisabled();
    await user.click(add);
    expect(cart.asked).toEqual([]);
  });

  it('an unknown slug shows page not found', async () => {
    renderEvent('no-such-event');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('an empty event list is a failed read (the shop always has events), not page not found', async () => {
    const { user } = renderEvent(PLAB_2_MANCHESTER.slug, inTurn(answer([]), answer(EVENTS)));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this event.");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  });

  it('a failed read offers Try again and shows the event once the server answers', async () => {
    const { user } = renderEvent(PLAB_2_MANCHESTER.slug, inTurn(SERVER_ERROR, answer(EVENTS)));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this event.");
    expect(screen.getByRole('heading', { level: 1, name: 'Event' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  });
});

describe('places left', () => {
  it('reads "Sold out", "Only n places left" for five or fewer, "n places left" above', () => {
    expect(placesLeft(0)).toBe('Sold out');
    expect(placesLeft(-2)).toBe('Sold out');
    expect(placesLeft(1)).toBe('Only 1 place left');
    expect(placesLeft(3)).toBe('Only 3 places left');
    expect(placesLeft(16)).toBe('16 places left');
  });
});
