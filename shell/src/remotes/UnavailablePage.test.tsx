import { screen, within } from '@testing-library/react';
import { PAGE_CONTRACT } from 'shared-store';
import { mockFetch, pendingAnswer, renderWithProviders } from 'shared-store/testing';
import { App } from '../App';

// The home and footer remotes are down; every other remote module shows its id.
jest.mock('./federation', () => ({
  loadRemoteComponent: (id: string) =>
    id.startsWith('home/') || id.startsWith('footer/')
      ? Promise.reject(new Error(`Remote "${id.split('/')[0] ?? ''}" is down.`))
      : Promise.resolve({ default: () => <p>{id}</p> }),
}));

const MARK = PAGE_CONTRACT.markup.serverRenderAttribute;

/** The page as the gateway served it: the home page's hero, drawn on the server, in the page. */
function servedHero() {
  const served = document.createElement('div');
  served.setAttribute(MARK, 'home/HomePage');
  served.innerHTML =
    '<section class="home-hero"><h1>Pass with confidence</h1><a href="/courses">Browse courses</a></section>';
  document.body.append(served);
}

let consoleError: jest.SpyInstance;

beforeEach(() => {
  mockFetch({ '/': pendingAnswer });
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  consoleError.mockRestore();
  document.body.innerHTML = '';
});

// First: the page keeps a served screen it has found for the rest of its life (as the browser's
// page does), so the page with nothing served comes before the one that finds it.
it('a page with nothing served says it is unavailable, offers Try again, and no link to the page it is on', async () => {
  renderWithProviders(<App />, { route: '/' });
  const message = await screen.findByRole('alert');
  expect(message).toHaveTextContent(
    'This part of the site is temporarily unavailable. Please try again in a moment.',
  );
  expect(within(message).getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(within(message).queryByRole('link', { name: 'Go to the home page' })).toBeNull();
});

it('a served page whose remote cannot come keeps what the server drew, under a notice with Try again', async () => {
  servedHero();
  renderWithProviders(<App />, { route: '/' });
  const notice = await screen.findByRole('alert');
  expect(notice).toHaveTextContent(
    'Part of this page could not load, so its buttons do not work yet.',
  );
  expect(within(notice).getByRole('button', { name: 'Try again' })).toBeVisible();
  const main = screen.getByRole('main');
  expect(
    within(main).getByRole('heading', { level: 1, name: 'Pass with confidence' }),
  ).toBeVisible();
  expect(within(main).getByRole('link', { name: 'Browse courses' })).toHaveAttribute(
    'href',
    '/courses',
  );
  // Not the page's message, and no way "home" from the home page.
  expect(screen.queryByText(/temporarily unavailable/)).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Go to the home page' })).not.toBeInTheDocument();
  expect(consoleError).toHaveBeenCalledWith(
    'Remote "home/HomePage" failed; showing its fallback.',
    expect.any(Error),
  );
});

it('a footer that cannot load leaves the legal pages, contact and cookie settings', async () => {
  renderWithProviders(<App />, { route: '/cart' });
  const legal = await screen.findByRole(
    'navigation',
    { name: 'Legal and contact' },
    { timeout: 5000 },
  );
  expect(
    within(legal)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Privacy Policy', '/privacy-policy'],
    ['Terms and Conditions', '/terms-and-conditions'],
    ['Acceptable Use Policy', '/acceptable-use-policy'],
    ['Contact us', '/contact-us'],
  ]);
  expect(within(legal).getByRole('button', { name: 'Cookie settings' })).toBeVisible();
});
