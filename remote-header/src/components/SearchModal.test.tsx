import { act, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { eventBus } from 'shared-store';
import { mockFetch, mockViewport, renderWithProviders, type BusEvent } from 'shared-store/testing';
import Header from '../Header';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

async function openSearch(fakeTimers = false, route = '/') {
  if (fakeTimers) jest.useFakeTimers();
  mockViewport(1280);
  mockFetch({
    '/wp-json/wp/v2/menu_home': () => ({ body: [] }),
    '/wp-json/wp/v2/pages/96030': () => ({
      body: { id: 96030, slug: 'home', title: { rendered: '' }, content: { rendered: '' } },
    }),
  });
  const rendered = renderWithProviders(
    <>
      <Header />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { fakeTimers, route },
  );
  const trigger = await screen.findByRole('button', { name: 'Search' });
  await rendered.user.click(trigger);
  // The dialog's code loads when it is first opened.
  await screen.findByRole('dialog', { name: 'Search' });
  return { ...rendered, trigger };
}

function submitButton() {
  return within(screen.getByRole('dialog', { name: 'Search' })).getByRole('button', {
    name: 'Search',
  });
}

describe('search', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('opens a modal titled Search with the input and its placeholder', async () => {
    await openSearch();
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(dialog).toBeVisible();
    expect(screen.getByPlaceholderText('What are you looking for?')).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Search' })).toHaveAttribute(
      'type',
      'submit',
    );
  });

  it("an empty or whitespace-only term shows 'Please enter a search term.'", async () => {
    const { user } = await openSearch();
    await user.type(screen.getByPlaceholderText('What are you looking for?'), '   ');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a search term.');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('a term navigates to /search?s= URL-encoded, pushes search_form then search, and closes after 1 s, leaving the focus to the results page', async () => {
    const { user, trigger } = await openSearch(true);
    const events: BusEvent[] = [];
    const subscription = eventBus.all().subscribe((e) => events.push(e));
    await user.type(screen.getByPlaceholderText('What are you looking for?'), '  PLAB 1 & 2 ');
    await user.click(submitButton());
    expect(screen.getByTestId('where')).toHaveTextContent('/search?s=PLAB%201%20%26%202');
    // The data layer is the search's one listener on the bus: nothing else is announced.
    expect(events).toEqual([
      { type: 'analytics:push', payload: { event: 'search_form', search_term: 'PLAB 1 & 2' } },
      { type: 'analytics:push', payload: { event: 'search', search_term: 'PLAB 1 & 2' } },
    ]);
    act(() => {
      jest.advanceTimersByTime(999);
    });
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The page moved to takes it (its heading, as after every move), not the search icon.
    expect(trigger).not.toHaveFocus();
    expect(document.body).toHaveFocus();
    subscription.unsubscribe();
  });

  it('a new search from the results page itself gives the focus back to the search icon', async () => {
    const { user, trigger } = await openSearch(true, '/search?s=plab');
    await user.type(screen.getByPlaceholderText('What are you looking for?'), 'msra');
    await user.click(submitButton());
    expect(screen.getByTestId('where')).toHaveTextContent('/search?s=msra');
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('Escape closes the modal and gives focus back to the search icon', async () => {
    const { user, trigger } = await openSearch();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('Tab stays inside the open modal', async () => {
    const { user } = await openSearch();
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});
