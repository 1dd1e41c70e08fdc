import { fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { PAGE_CONTRACT } from 'shared-store';
import { mockFetch, pendingAnswer, renderWithProviders } from 'shared-store/testing';
import { App } from './App';

// Each remote module shows its own id; the header carries links to the routes.
jest.mock('./remotes/federation', () => ({
  loadRemoteComponent: (id: string) =>
    Promise.resolve({
      default: () =>
        id === 'header/Header' ? (
          <nav aria-label="Test">
            <Link to="/">Home</Link>
            <Link to="/cart">Cart</Link>
          </nav>
        ) : (
          <p>{id}</p>
        ),
    }),
}));

// The pages' own requests stay pending: what is shown is the remote module of each route.
beforeEach(() => {
  mockFetch({ '/': pendingAnswer });
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
});
