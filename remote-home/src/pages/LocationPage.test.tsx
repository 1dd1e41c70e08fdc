import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { mockFetch, renderWithProviders, type MockHandler } from 'shared-store/testing';
import LocationPage from './LocationPage';
import { EVENTS, MANCHESTER, SERVER_ERROR, answer, inTurn, sectionOf } from '../testSupport';

function renderLocation(id: string, location: MockHandler = answer(MANCHESTER)) {
  const network = mockFetch({
    '/wp-json/wp/v2/page-details/location-': location,
    '/wp-json/wp/v2/products-with-ticket': answer(EVENTS),
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

  it('lists the events at the centre, each linking to its page', async () => {
    renderLocation('2');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Events in Manchester' });
    const links = within(sectionOf(heading)).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/events/plab-2-mock-circuit-manchester',
    ]);
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
