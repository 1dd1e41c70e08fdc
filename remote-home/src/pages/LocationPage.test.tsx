import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { provideModel } from 'shared-store';
import {
  cartModelStandIn,
  mockFetch,
  renderWithProviders,
  type MockHandler,
} from 'shared-store/testing';
import LocationPage from './LocationPage';

/** Said of a date the centre lists before its event can be booked. */
const BOOKING_OPENS_SOON = 'Booking opens soon';
import {
  EVENTS,
  MANCHESTER,
  PLAB_2_MANCHESTER,
  SERVER_ERROR,
  answer,
  inTurn,
  sectionOf,
} from '../testSupport';

/** The cart's model, as the shell provides it: what the page asks of it. */
const cart = cartModelStandIn();
provideModel('cart', cart.model);

function renderLocation(
  id: string,
  location: MockHandler = answer(MANCHESTER),
  events: MockHandler = answer(EVENTS),
) {
  const network = mockFetch({
    '/wp-json/wp/v2/page-details/location-': location,
    '/wp-json/wp/v2/products-with-ticket': events,
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/locations/:id" element={<LocationPage />} />
    </Routes>,
    { route: `/locations/${id}` },
  );
  return { ...rendered, ...network };
}

describe('the location page', () => {
  it('shows the centre: title, city, address, its description and the price from', async () => {
    const { calls } = renderLocation('2');
    const title = 'PLAB 2 preparation in Manchester';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(calls).toContain('/wp-json/wp/v2/page-details/location-2');
    expect(screen.getByText(MANCHESTER.address)).toBeVisible();
    expect(screen.getByText('Close to Piccadilly station.')).toBeVisible();
    expect(screen.getByText('from £295.00')).toBeVisible();
    expect(document.title).toBe(`${title} | Arora Medical Education`);
  });

  it('books each date it lists: its event with its page, date, places left, price and Add to cart, or that booking opens soon', async () => {
    const { user } = renderLocation('2');
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Book a place in Manchester',
    });
    const dates = within(sectionOf(heading)).getAllByRole('listitem');
    expect(dates.map((date) => date.querySelector('time')?.getAttribute('datetime'))).toEqual([
      '2027-01-16',
      '2027-02-27',
    ]);
    const notOpen = within(dates[1] ?? heading);
    expect(notOpen.getByText('Sat, 27 February 2027')).toBeVisible();
    expect(notOpen.getByText(BOOKING_OPENS_SOON)).toBeVisible();
    expect(notOpen.queryByRole('button')).toBeNull();
    const event = within(dates[0] ?? heading);
    expect(event.getByRole('link', { name: 'PLAB 2 Mock Circuit — Manchester' })).toHaveAttribute(
      'href',
      '/events/plab-2-mock-circuit-manchester',
    );
    expect(event.getByText('Sat, 16 January 2027')).toHaveAttribute('datetime', '2027-01-16');
    expect(event.getByText('16 places left')).toBeVisible();
    expect(event.getByText('£295.00')).toBeVisible();
    await user.click(
      event.getByRole('button', { name: 'Add PLAB 2 Mock Circuit — Manchester to cart' }),
    );
    expect(cart.linesAdded()).toEqual([
      expect.objectContaining({ id: PLAB_2_MANCHESTER.id, from: 'event', price: 295 }),
    ]);
  });

  it('offers another exam’s event held there only under that exam’s own heading', async () => {
    const ukmla = {
      ...PLAB_2_MANCHESTER,
      id: 2320,
      title: 'UKMLA CPSA Mock Day — Manchester',
      slug: 'ukmla-cpsa-mock-day-manchester',
      date: '2027-02-27',
    };
    renderLocation('2', answer(MANCHESTER), answer([...EVENTS, ukmla]));
    const own = await screen.findByRole('heading', {
      level: 2,
      name: 'Book a place in Manchester',
    });
    expect(within(sectionOf(own)).queryByText(/UKMLA/)).toBeNull();
    expect(within(sectionOf(own)).getByText(BOOKING_OPENS_SOON)).toBeVisible();
    const other = screen.getByRole('heading', { level: 2, name: 'UKMLA events in Manchester' });
    const offered = within(sectionOf(other));
    expect(offered.getByRole('link', { name: 'UKMLA CPSA Mock Day — Manchester' })).toBeVisible();
    expect(
      offered.getByRole('button', { name: 'Add UKMLA CPSA Mock Day — Manchester to cart' }),
    ).toBeEnabled();
  });

  it('a centre with no date and no event to book says how to book: contact us, or all our events', async () => {
    renderLocation('2', answer({ ...MANCHESTER, next_dates: [] }), answer([]));
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Book a place in Manchester',
    });
    const section = within(sectionOf(heading));
    expect(section.getByText(/No dates at this centre can be booked online yet/)).toBeVisible();
    expect(section.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    expect(section.getByRole('link', { name: 'all our events' })).toHaveAttribute(
      'href',
      '/events',
    );
  });

  it('a failed read says "Failed to fetch PLAB details" and Try again shows the centre', async () => {
    const { user } = renderLocation('2', inTurn(SERVER_ERROR, answer(MANCHESTER)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch PLAB details');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'PLAB 2 preparation in Manchester' }),
    ).toBeVisible();
  });

  it('an answer that is no centre (the backend’s own error) is a failure too, not a crash', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderLocation('2', answer({ error: 'Failed to fetch PLAB details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch PLAB details');
    expect(console.warn).toHaveBeenCalledWith(
      '/wp-json/wp/v2/page-details/location-2 sent an answer of an unexpected shape:',
      expect.anything(),
    );
  });

  it('an id the backend does not know shows page not found', async () => {
    renderLocation(
      '99',
      answer({ code: 'location_not_found', message: 'Location not found.' }, 404),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  it('an id that is not a number shows page not found without asking the backend', () => {
    const { calls } = renderLocation('london');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(calls).toEqual([]);
  });
});
