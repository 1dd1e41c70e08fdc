import { fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { DEFAULT_DESCRIPTION, PAGE_CONTRACT, useDocumentTitle } from 'shared-store';
import { mockFetch, pendingAnswer, renderWithProviders } from 'shared-store/testing';
import { App } from './App';

// Each remote module shows its own id; the header carries links to the routes.
// A course page names its own title, as the home remote's does.
jest.mock('./remotes/federation', () => ({
  loadRemoteComponent: (id: string) =>
    Promise.resolve({
      default: () =>
        id === 'header/Header' ? (
          <nav aria-label="Test">
            <Link to="/">Home</Link>
            <Link to="/cart">Cart</Link>
            <Link to="/courses/plab-1">PLAB 1</Link>
            <Link to="/blogs/plab-tips">PLAB tips</Link>
          </nav>
        ) : id === 'home/CoursePage' ? (
          <CourseTitled />
        ) : (
          <p>{id}</p>
        ),
    }),
}));

function CourseTitled() {
  useDocumentTitle('PLAB 1 Online Course');
  return <p>home/CoursePage</p>;
}

// The pages' own requests stay pending: what is shown is the remote module of each route.
beforeEach(() => {
  mockFetch({ '/': pendingAnswer });
});

// The reads a page started (its preload hints) are the page's: none is left for the next test.
afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

describe('the shell’s routes, from the page contract', () => {
  it.each(
    PAGE_CONTRACT.routes.flatMap((route) => (route.remote ? [[route.path, route.remote]] : [])),
  )('%s shows %s', async (path, module) => {
    renderWithProviders(<App />, { route: path });
    expect(await screen.findByText(module)).toBeInTheDocument();
  });

  it('going from one remote’s page to another’s shows the other’s, not the first one still', async () => {
    renderWithProviders(<App />, { route: '/' });
    expect(await screen.findByText('home/HomePage')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('link', { name: 'Cart' }));
    expect(await screen.findByText('cart/CartPage')).toBeInTheDocument();
    expect(screen.queryByText('home/HomePage')).not.toBeInTheDocument();
  });

  it('a page shown on the way has its route’s title; a page that names its own has that, also when shown again', async () => {
    renderWithProviders(<App />, { route: '/' });
    fireEvent.click(await screen.findByRole('link', { name: 'Cart' }));
    expect(await screen.findByText('cart/CartPage')).toBeInTheDocument();
    expect(document.title).toBe('Your cart | Arora Medical Education');
    // The second time, the course page's code is there: it shows in the same render as its route.
    for (let visit = 0; visit < 2; visit += 1) {
      fireEvent.click(screen.getByRole('link', { name: 'PLAB 1' }));
      expect(await screen.findByText('home/CoursePage')).toBeInTheDocument();
      expect(document.title).toBe('PLAB 1 Online Course | Arora Medical Education');
      fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
      expect(await screen.findByText('cart/CartPage')).toBeInTheDocument();
      expect(document.title).toBe('Your cart | Arora Medical Education');
    }
  });
});

describe('a page’s description', () => {
  const description = () =>
    document.querySelector('meta[name="description"]')?.getAttribute('content');

  // The page's head holds the description it was served with, and nothing of an earlier test's.
  beforeEach(() => {
    for (const meta of document.querySelectorAll('meta[name="description"]')) meta.remove();
  });

  it('the page the gateway served keeps the one it came with; a page opened from it has the site’s', async () => {
    const served = document.createElement('meta');
    served.name = 'description';
    served.content = 'How to pass the PLAB 1 exam, from doctors who did.';
    document.head.append(served);
    renderWithProviders(<App />, { route: '/blogs/plab-tips' });
    expect(await screen.findByRole('link', { name: 'Cart' })).toBeInTheDocument();
    expect(description()).toBe('How to pass the PLAB 1 exam, from doctors who did.');
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(await screen.findByText('cart/CartPage')).toBeInTheDocument();
    expect(description()).toBe(DEFAULT_DESCRIPTION);
  });
});

describe('a page’s reads', () => {
  /** The URLs of the preload hints the shell put in the page. */
  const hinted = () =>
    [...document.head.querySelectorAll('link[rel="preload"][as="fetch"]')].map((link) =>
      (link.getAttribute('href') ?? '').replace(/\?t=\d+$/, '?t=…'),
    );

  it('start as the visitor goes to the page from another, alongside its remote’s code', async () => {
    renderWithProviders(<App />, { route: '/cart' });
    expect(await screen.findByText('cart/CartPage')).toBeInTheDocument();
    expect(hinted()).toEqual([]);
    fireEvent.click(await screen.findByRole('link', { name: 'Home' }));
    const home = PAGE_CONTRACT.routes.find((route) => route.path === '/');
    expect(hinted()).toEqual(
      (home?.data ?? []).map((read) => (read.stamped ? `${read.path}?t=…` : read.path)),
    );
    expect(hinted()).toContain('/wp-json/wp/v2/courseList');
    expect(await screen.findByText('home/HomePage')).toBeInTheDocument();
  });

  it('a shell page’s too, its route’s segment in them, alongside the page’s code', async () => {
    renderWithProviders(<App />, { route: '/cart' });
    fireEvent.click(await screen.findByRole('link', { name: 'PLAB tips' }));
    expect(hinted()).toEqual(['/wp-json/wp/v2/posts?slug=plab-tips']);
  });

  it('the page the gateway served names its reads itself: the shell starts none again', async () => {
    renderWithProviders(<App />, { route: '/' });
    expect(await screen.findByText('home/HomePage')).toBeInTheDocument();
    expect(hinted()).toEqual([]);
  });
});
