import { mockFetch, pendingAnswer, renderWithProviders } from 'shared-store/testing';
import { App } from '../App';

jest.mock('./federation', () => ({
  loadRemoteComponent: () => new Promise(() => undefined),
}));

describe('the page’s space while the home remote loads', () => {
  beforeEach(() => {
    mockFetch({ '/': pendingAnswer });
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

  it('on any other page, stays empty', () => {
    const { container } = renderWithProviders(<App />, { route: '/cart' });
    expect(container.querySelector('.shell-page-space')?.childElementCount).toBe(0);
  });
});
