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
  it('shows the centre: title, city, address, its description, next dates and the price from', async () => {
    const { calls } = renderLocation('2');
    const title = 'PLAB 2 preparation in Manchester';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(calls).toContain('/wp-json/wp/v2/page-details/location-2');
    expect(screen.getByText(MANCHESTER.address)).toBeVisible();
    expect(screen.getByText('Close to Piccadilly station.')).toBeVisible();
    expect(screen.getByText('from £295.00')).toBeVisible();
    const dates = screen.getByRole('heading', { level: 2, name: 'Next dates' });
    expect(dates.nextElementSibling?.textContent).toBe('Sat, 16 January 2027Sat, 27 February 2027');
    expect(document.title).toBe(`${title} | Arora Medical Education`);
  });

  it('lists the events to book at the centre: each with its page, date, places left, price and Add to cart', async () => {
    const { user } = renderLocation('2');
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Book a place in Manchester',
    });
    const events = within(sectionOf(heading)).getAllByRole('listitem');
    expect(events).toHaveLength(1);
    const event = within(events[0] ?? heading);
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

  it('a centre with no event to book says how to book: contact us, or all our events', async () => {
    renderLocation('2', answer(MANCHESTER), answer([]));
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
