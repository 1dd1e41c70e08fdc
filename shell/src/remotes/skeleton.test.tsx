import { act, fireEvent, screen, within } from '@testing-library/react';
import { lazy, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { mockFetch, pendingAnswer, renderWithProviders } from 'shared-store/testing';
import { App } from '../App';
import { shellFile } from '../testing/shellFile';

/** The cart page's code, held until a test lets it come. */
let releaseCart: (page: { default: ComponentType }) => void = () => undefined;

// The header comes at once, with links to pages; every page's code is still on its way (the cart
// page's until a test releases it), as on a slow line.
jest.mock('./federation', () => ({
  loadRemoteComponent: (id: string) =>
    id === 'header/Header'
      ? Promise.resolve({
          default: () => (
            <nav aria-label="Test">
              <Link to="/cart">Cart</Link>
              <Link to="/courses/plab-1">PLAB 1</Link>
            </nav>
          ),
        })
      : new Promise((resolve) => {
          if (id === 'cart/CartPage') releaseCart = resolve;
        }),
}));
jest.mock('../pages', () => ({
  SHELL_PAGES: new Proxy(
    {},
    { get: () => lazy(() => new Promise<{ default: ComponentType }>(() => undefined)) },
  ),
}));

beforeEach(() => {
  mockFetch({ '/': pendingAnswer });
});

/** The page's region and the skeleton in it, as a route shows them while its code loads. */
function loadingPage() {
  const space = document.querySelector('main .shell-page-space');
  return { space, skeleton: space?.querySelector('.shell-skeleton') };
}

/** Elements a keyboard could stop at. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

describe('a page whose code is on its way shows the skeleton of its route’s shape', () => {
  it.each([
    ['/', 'hero', 'hero'],
    ['/courses', 'courseList', 'courseList'],
    ['/courses/plab-1', 'course', 'course'],
    ['/events', 'eventList', 'eventList'],
    ['/events/plab-2-mock', 'event', 'event'],
    ['/locations/12', 'location', 'location'],
    ['/cart', 'cart', 'cart'],
    ['/blogs', 'blogList', 'blogList'],
    ['/blogs/plab-tips', 'blogPost', 'blogPost'],
    ['/search?s=plab', 'search', 'search'],
    ['/privacy-policy', 'legal', 'legal'],
    ['/acceptable-use-policy', 'info', 'info'],
    ['/contact-us', 'contact', 'contact'],
    ['/login', 'a page of text', undefined],
    ['/about-us', 'a page of text', undefined],
  ])(
    '%s: the skeleton of %s, in a busy region that says it is loading',
    async (route, _name, shape) => {
      renderWithProviders(<App />, { route });
      const { space, skeleton } = loadingPage();
      expect(space).toHaveAttribute('aria-busy', 'true');
      if (shape) expect(skeleton).toHaveAttribute('data-shape', shape);
      else expect(skeleton).not.toHaveAttribute('data-shape');
      expect(within(space as HTMLElement).getByRole('status')).toHaveTextContent('Loading…');
      // Boxes only: nothing in it takes the keyboard or is read out but the status.
      expect(skeleton?.querySelectorAll(FOCUSABLE)).toHaveLength(0);
      expect(skeleton?.textContent).toBe('Loading…');
      // The header comes meanwhile; the page's code does not.
      expect(await screen.findByRole('navigation', { name: 'Test' })).toBeInTheDocument();
      expect(loadingPage().skeleton).toBe(skeleton);
    },
  );

  it('the style sheet draws each first screen’s shape; a page of text has the default one', () => {
    const style = document.createElement('style');
    style.textContent = shellFile('..', 'shell.css');
    document.head.append(style);
    const selectors = [...(style.sheet?.cssRules ?? [])].flatMap((rule) =>
      rule instanceof CSSMediaRule ? [...rule.cssRules] : [rule],
    );
    /** A skeleton of this shape (none: a page of text), with its bones. */
    const skeleton = (shape?: string) => {
      const element = Object.assign(document.createElement('div'), { className: 'shell-skeleton' });
      if (shape !== undefined) element.dataset.shape = shape;
      element.innerHTML = '<i></i>'.repeat(10);
      return [element, ...element.children];
    };
    const styles = (elements: Element[], selector: string) =>
      elements.some((element) => element.matches(selector));
    /** Whether a rule of the sheet styles a skeleton of this shape and not a page of text. */
    const drawn = (shape: string) =>
      selectors.some(
        (rule) =>
          rule instanceof CSSStyleRule &&
          styles(skeleton(shape), rule.selectorText) &&
          !styles(skeleton(), rule.selectorText),
      );
    const shapes = ['hero', 'courseList', 'eventList', 'blogList', 'course', 'event', 'location'];
    for (const shape of [...shapes, 'cart', 'search'])
      expect([shape, drawn(shape)]).toEqual([shape, true]);
    for (const shape of ['legal', 'info', 'contact', 'blogPost'])
      expect([shape, drawn(shape)]).toEqual([shape, false]);
    style.remove();
  });

  it('shows after a short delay, and without its shimmer for reduced motion', () => {
    const style = document.createElement('style');
    style.textContent = shellFile('..', 'shell.css');
    document.head.append(style);
    const rules = [...(style.sheet?.cssRules ?? [])];
    const skeleton = rules.find(
      (rule) => rule instanceof CSSStyleRule && rule.selectorText === '.shell-skeleton',
    ) as CSSStyleRule | undefined;
    expect(skeleton?.style.animation).toMatch(/^shell-skeleton-in 0s 0\.4s both$/);
    const reduced = rules.find(
      (rule) =>
        rule instanceof CSSMediaRule && rule.conditionText === '(prefers-reduced-motion: reduce)',
    ) as CSSMediaRule | undefined;
    const still = [...(reduced?.cssRules ?? [])].find(
      (rule) => rule instanceof CSSStyleRule && rule.selectorText === '.shell-skeleton i',
    ) as CSSStyleRule | undefined;
    expect(still?.style.animation).toBe('none');
    style.remove();
  });

  it('a page opened from another shows its skeleton until its code comes, then the page', async () => {
    renderWithProviders(<App />, { route: '/courses/plab-1' });
    fireEvent.click(await screen.findByRole('link', { name: 'Cart' }));
    expect(loadingPage().skeleton).toHaveAttribute('data-shape', 'cart');
    await act(async () => {
      releaseCart({ default: () => <h1>Your cart</h1> });
      await Promise.resolve();
    });
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    expect(loadingPage().space).toBeNull();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });
});
