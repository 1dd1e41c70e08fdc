import { act, screen } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { mockFetch, pendingAnswer, renderWithProviders } from 'shared-store/testing';
import { App } from '../App';

jest.mock('./federation', () => ({
  loadRemoteComponent: () => new Promise(() => undefined),
}));

describe('the page’s space while the home remote loads', () => {
  beforeEach(() => {
    mockFetch({ '/': pendingAnswer });
  });
  afterEach(() => {
    // The browser's record of the page's navigation, where a test gave one (jsdom keeps none).
    Reflect.deleteProperty(performance, 'getEntriesByType');
  });

  it('on the home page, keeps the very hero the gateway rendered into the page, so nothing repaints or moves', () => {
    const served = document.createElement('div');
    served.setAttribute('data-server-render', 'home/HomePage');
    served.innerHTML = '<div class="home-page"><h1 id="home-hero-title">Pass PLAB</h1></div>';
    const image = document.createElement('img');
    served.firstElementChild?.append(image);
    document.body.append(served);

    const { container } = renderWithProviders(<App />, { route: '/' });
    const space = container.querySelector('.shell-page-space');
    expect(space?.getAttribute('aria-busy')).toBe('true');
    expect(space?.firstElementChild).toBe(served);
    expect(space?.querySelector('img')).toBe(image);
    expect(space?.textContent).toBe('Pass PLAB');
  });

  it('on a list served for another address (a back pressed while the page booted), shows the route’s skeleton, never that list', () => {
    const served = document.createElement('div');
    served.setAttribute('data-server-render', 'home/CourseListPage');
    served.innerHTML = '<h1>All courses</h1><h3>PLAB 1 Question Bank</h3>';
    document.body.append(served);
    Object.defineProperty(performance, 'getEntriesByType', {
      configurable: true,
      value: () => [{ name: 'https://shop.example/courses?exam=plab&sort=price-asc' }],
    });

    const { container } = renderWithProviders(<App />, { route: '/courses?exam=plab' });
    const space = container.querySelector('.shell-page-space');
    expect(space?.childElementCount).toBe(1);
    expect(space?.firstElementChild).toHaveAttribute('data-shape', 'courseList');
    expect(space).not.toContainElement(served);
    served.remove();
  });

  it('on a move from the served list to another list’s address before the list’s code is in, the served list goes and the skeleton shows', async () => {
    const served = document.createElement('div');
    served.setAttribute('data-server-render', 'home/CourseListPage');
    served.innerHTML = '<h1>All courses</h1><h3>PLAB 1 Question Bank</h3>';
    document.body.append(served);
    function OtherFilter() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/courses?exam=plab')}>
          PLAB
        </button>
      );
    }

    const { container } = renderWithProviders(
      <>
        <App />
        <OtherFilter />
      </>,
      { route: '/courses?exam=plab&sort=price-asc' },
    );
    expect(container.querySelector('.shell-page-space')?.firstElementChild).toBe(served);
    await act(async () => {
      screen.getByRole('button', { name: 'PLAB' }).click();
      await Promise.resolve();
    });
    const space = container.querySelector('.shell-page-space');
    expect(served.isConnected).toBe(false);
    expect(space?.childElementCount).toBe(1);
    expect(space?.firstElementChild).toHaveAttribute('data-shape', 'courseList');
  });

  it('on a page served without its first screen, shows the route’s skeleton instead', () => {
    const { container } = renderWithProviders(<App />, { route: '/cart' });
    const space = container.querySelector('.shell-page-space');
    expect(space?.childElementCount).toBe(1);
    expect(space?.firstElementChild).toHaveAttribute('data-shape', 'cart');
  });
});

describe('the page’s space while one of the shell’s own pages loads its code', () => {
  /** What the gateway rendered of a shell page into the served page, marked with its name. */
  function servedPage(name: string, heading: string): HTMLElement {
    const served = document.createElement('div');
    served.setAttribute('data-server-render', name);
    served.innerHTML = `<section class="shell-page"><h1 class="shell-page__title">${heading}</h1></section>`;
    document.body.append(served);
    return served;
  }

  beforeEach(() => {
    mockFetch({ '/': pendingAnswer });
  });

  it('on a page the gateway rendered (/blogs), keeps that very markup until the page’s code has come and it renders', async () => {
    const served = servedPage('pages/BlogsPage', 'Blog');
    const { container } = renderWithProviders(<App />, { route: '/blogs' });
    const space = container.querySelector('.shell-page-space');
    expect(space?.getAttribute('aria-busy')).toBe('true');
    expect(space?.firstElementChild).toBe(served);
    // The page itself, once its code has come (its reads never answered: it shows them loading).
    expect(await screen.findByText('Loading articles…')).toBeInTheDocument();
    expect(container.querySelector('.shell-page-space')).toBeNull();
    expect(served.isConnected).toBe(false);
  });

  it('on a page with no server render (/login), shows a page of text’s skeleton whatever the page holds', () => {
    const served = servedPage('pages/LoginPage', 'Log in');
    const { container } = renderWithProviders(<App />, { route: '/login' });
    const space = container.querySelector('.shell-page-space');
    expect(space?.childElementCount).toBe(1);
    expect(space?.firstElementChild).toHaveClass('shell-skeleton');
    expect(space?.firstElementChild).not.toHaveAttribute('data-shape');
    expect(served.isConnected).toBe(true);
    served.remove();
  });
});
