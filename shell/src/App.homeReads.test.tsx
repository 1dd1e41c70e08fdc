import { screen, waitFor } from '@testing-library/react';
import { mockFetch, pendingAnswer, renderWithProviders } from 'shared-store/testing';
import { App } from './App';

// Each remote module shows its own id: what the page asks WordPress for is the shell's alone.
// A file of its own: a page's reads are shared with any still on their way, so no earlier test
// may have asked.
jest.mock('./remotes/federation', () => ({
  loadRemoteComponent: (id: string) => Promise.resolve({ default: () => <p>{id}</p> }),
}));

it('on the home page the shell reads only the home page’s document, for its title: the sections are the home page’s own reads', async () => {
  const { calls } = mockFetch({ '/': pendingAnswer });
  renderWithProviders(<App />, { route: '/' });
  expect(await screen.findByText('home/HomePage')).toBeInTheDocument();
  await waitFor(() => {
    expect(calls).toContain('/wp-json/wp/v2/pages/96030');
  });
  expect(calls.filter((url) => url.startsWith('/wp-json/'))).toEqual([
    '/wp-json/wp/v2/pages/96030',
  ]);
});
