import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { provideModel } from 'shared-store';
import {
  cartModelStandIn,
  mockFetch,
  pendingAnswer,
  renderWithProviders,
  type MockHandler,
} from 'shared-store/testing';
import CoursePage, { relatedEvents } from './CoursePage';
import {
  EVENTS,
  MSRA,
  PLAB_1,
  PLAB_1_DETAILS,
  PLAB_1_VARIATIONS,
  SERVER_ERROR,
  answer,
  inTurn,
  onSale,
  sectionOf,
} from '../testSupport';

/** The cart's model, as the shell provides it: what the page asks of it. */
const cart = cartModelStandIn();
provideModel('cart', cart.model);

beforeEach(() => {
  cart.asked.length = 0;
});

const TITLE = 'PLAB 1 Online Course & Mocks';

function shop(overrides: Record<string, MockHandler> = {}) {
  return mockFetch({
    '/wp-json/wp/v2/courseList': answer([PLAB_1, MSRA]),
    '/wp-json/wp/v2/course/2103': answer(PLAB_1_DETAILS),
    '/wp-json/wp/v2/products-with-ticket': answer(EVENTS),
    '/api/shop/products/3103/variations': answer(PLAB_1_VARIATIONS),
    ...overrides,
  });
}

function renderCourse(slug = PLAB_1.slug) {
  return renderWithProviders(
    <Routes>
      <Route path="/courses/:slug" element={<CoursePage />} />
    </Routes>,
    { route: `/courses/${slug}` },
  );
}

describe('the course page', () => {
  it('shows the decoded title, the description, what is included and the month options with prices', async () => {
    shop();
    renderCourse();
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    expect(await screen.findByText('Every topic of the GMC’s content map.')).toBeVisible();
    const included = screen.getByRole('heading', { level: 2, name: "What's included" });
    expect(included.nextElementSibling?.textContent).toBe('3,000 questionsTwo full mocks');
    const months = await screen.findByRole('group', { name: 'Access' });
    expect(
      within(months)
        .getAllByRole('radio')
        .map((month) => month.parentElement?.textContent),
    ).toEqual(['1 Month £49.99', '3 Months £129.99']);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
    expect(within(crumbs).getByText(TITLE)).toHaveAttribute('aria-current', 'page');
  });

  it('names the page after the course, described by its excerpt as plain text', async () => {
    shop();
    renderCourse();
    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(document.title).toBe(`${TITLE} | Arora Medical Education`);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Pass PLAB 1 first time.',
    );
    await screen.findByRole('group', { name: 'Access' });
  });

  it('Add to cart adds the chosen month at its price, as a course card does', async () => {
    shop();
    const { user } = renderCourse();
    await user.click(await screen.findByRole('radio', { name: '3 Months £129.99' }));
    expect(screen.getByText('£129.99', { selector: 'p' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: `Add ${TITLE} to cart` }));
    expect(cart.asked).toEqual([
      {
        lineAdded: {
          id: 2103,
          slug: 'plab-1-online-course',
          image: '/plab.svg',
          month: '3 Months',
          price: 129.99,
          title: TITLE,
          product_id: 3103,
          variation_id: 310303,
        },
      },
    ]);
  });

  it('a month on sale shows its regular price struck through before the sale price, and adds at the sale price', async () => {
    shop({
      '/api/shop/products/3103/variations': answer([
        PLAB_1_VARIATIONS[0],
        onSale(310303, '3 Months', '119.99', '129.99'),
      ]),
    });
    const { user } = renderCourse();
    await user.click(await screen.findByRole('radio', { name: '3 Months £119.99' }));
    const price = screen.getByText('Now').parentElement;
    expect(price).toHaveTextContent('Was £129.99 Now £119.99');
    expect(price?.querySelector('s')).toHaveTextContent('Was £129.99');
    await user.click(screen.getByRole('button', { name: `Add ${TITLE} to cart` }));
    expect(cart.linesAdded()).toEqual([
      expect.objectContaining({ month: '3 Months', price: 119.99 }),
    ]);
  });

  it('a product without variations shows its one price from the shop and adds at it, month empty', async () => {
    const { calls } = shop({
      '/api/shop/products/3103/variations': answer([]),
      '/api/shop/products/3103': answer({ id: 3103, type: 'simple', price: '295.00' }),
    });
    const { user } = renderCourse();
    expect(await screen.findByText('£295.00')).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
    await user.click(screen.getByRole('button', { name: `Add ${TITLE} to cart` }));
    expect(cart.linesAdded()).toEqual([
      expect.objectContaining({ id: 2103, month: '', price: 295 }),
    ]);
    expect(cart.linesAdded()[0]?.variation_id).toBeUndefined();
    expect(calls).toContain('/api/shop/products/3103');
  });

  it('a variable product whose options cannot be read is Price on request and cannot be added', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    shop({
      '/api/shop/products/3103/variations': SERVER_ERROR,
      '/api/shop/products/3103': answer({ id: 3103, type: 'variable', price: '49.99' }),
    });
    renderCourse();
    expect(await screen.findByText('Price on request')).toBeVisible();
    expect(screen.getByRole('button', { name: `Add ${TITLE} to cart` })).toBeDisabled();
    expect(console.warn).toHaveBeenCalledWith(
      'Could not load /api/shop/products/3103/variations:',
      expect.anything(),
    );
  });

  it('lists the events of the course’s exam, each linking to its page', async () => {
    shop();
    renderCourse();
    const related = await screen.findByRole('heading', { level: 2, name: 'Related events' });
    const links = within(sectionOf(related)).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['PLAB 2 Mock Circuit — Manchester', '/events/plab-2-mock-circuit-manchester'],
      ['PLAB 2 Mock Circuit — London', '/events/plab-2-mock-circuit-london'],
    ]);
    await screen.findByRole('group', { name: 'Access' });
  });

  it('an unknown slug shows page not found, with links home and to the courses', async () => {
    shop();
    renderCourse('no-such-course');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse our courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
    expect(document.title).toBe('Page not found | Arora Medical Education');
  });

  it('a failed course list offers Try again, which shows the course once the server answers', async () => {
    shop({ '/wp-json/wp/v2/courseList': inTurn(SERVER_ERROR, answer([PLAB_1])) });
    const { user } = renderCourse();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this course.");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await screen.findByRole('group', { name: 'Access' });
  });

  it('a description that cannot be read leaves the rest of the page, with Try again', async () => {
    shop({ '/wp-json/wp/v2/course/2103': inTurn(SERVER_ERROR, answer(PLAB_1_DETAILS)) });
    const { user } = renderCourse();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load this course's description.",
    );
    expect(screen.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Every topic of the GMC’s content map.')).toBeVisible();
    await screen.findByRole('group', { name: 'Access' });
  });

  it('reserves the page’s space while the course list loads, keeping the title it was served with', () => {
    document.title = 'PLAB 1 Online Course | Arora Medical Education';
    shop({ '/wp-json/wp/v2/courseList': pendingAnswer });
    const { container } = renderCourse();
    expect(screen.getByRole('heading', { level: 1, name: 'Loading course…' })).toBeVisible();
    expect(container.querySelector('[aria-busy="true"] .home-shop__space')).not.toBeNull();
    expect(document.title).toBe('PLAB 1 Online Course | Arora Medical Education');
  });
});

describe('related events', () => {
  const events = EVENTS.map((event) => ({ ...event, location_id: undefined }));

  it('are the events whose title or slug names the course’s exam', () => {
    expect(relatedEvents('PLAB', events).map((event) => event.id)).toEqual([2301, 2302]);
    expect(relatedEvents(' msra ', events).map((event) => event.id)).toEqual([2303]);
  });

  it('are none for an exam no event names, or a course without an exam (the section is left out)', () => {
    expect(relatedEvents('MRCGP', events)).toEqual([]);
    expect(relatedEvents('', events)).toEqual([]);
  });
});
