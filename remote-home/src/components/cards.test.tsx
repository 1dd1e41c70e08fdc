import { act, screen, waitFor, within } from '@testing-library/react';
import { provideModel } from 'shared-store';
import type { Course, EventItem, SubscriptionPackage } from '../data/shapes';
import {
  GOLD_3_MONTHS,
  cartModelStandIn,
  mockFetch,
  renderWithProviders,
} from 'shared-store/testing';
import { ADD_COOLDOWN_MS } from '../hooks/useAddToCart';
import { CourseCard } from './CourseCard';
import { EventCard, formatEventDate } from './EventCard';
import { PackageCard } from './PackageCard';

const course: Course = {
  id: 2103,
  title: 'PLAB 1 Online Course &#038; Mocks',
  slug: 'plab-1-online-course',
  excerpt: '',
  image: { url: '/plab.svg', alt: 'PLAB 1', width: 800, height: 450 },
  product_id: 3103,
  price: '49.99',
  exam: 'PLAB',
};

const variation = (id: number, month: string, price: string) => ({
  id,
  price,
  regular_price: price,
  sale_price: '',
  attributes: [{ id: 1, name: 'Month', option: month }],
});

function variationsFor(productId: number, body: unknown, status = 200) {
  return { [`/api/shop/products/${String(productId)}/variations`]: () => ({ status, body }) };
}

/** The cart's model, as the shell provides it: what the cards ask of it. */
const cart = cartModelStandIn();
provideModel('cart', cart.model);

beforeEach(() => {
  cart.asked.length = 0;
});

afterEach(() => {
  jest.useRealTimers();
});

describe('course card', () => {
  const threeOptions = [
    variation(310301, '1 Month', '49.99'),
    variation(310303, '3 Months', '129.99'),
  ];

  it('shows the decoded title and the month options from the variations, each a button with its price', async () => {
    mockFetch(variationsFor(3103, threeOptions));
    renderWithProviders(<CourseCard course={course} />);
    expect(screen.getByRole('heading', { name: 'PLAB 1 Online Course & Mocks' })).toBeVisible();
    const picker = await screen.findByRole('group', { name: 'Access' });
    const months = within(picker).getAllByRole('radio');
    expect(months).toHaveLength(2);
    expect(months[0]).toHaveAccessibleName('1 Month £49.99');
    expect(months[0]).toBeChecked();
    expect(months[1]).toHaveAccessibleName('3 Months £129.99');
    expect(months[1]).not.toBeChecked();
    expect(screen.getByText('£49.99', { selector: '.home-card__price' })).toBeVisible();
  });

  it('says what the course is from its excerpt, as the gateway served it, between the title and the months', async () => {
    mockFetch(variationsFor(3103, threeOptions));
    const { container } = renderWithProviders(
      <CourseCard
        course={{ ...course, excerpt: '<p>Lectures and <strong>3,500 questions</strong>.</p>' }}
      />,
    );
    await screen.findByRole('group', { name: 'Access' });
    const summary = container.querySelector('.home-card__summary');
    expect(summary).toHaveTextContent('Lectures and 3,500 questions.');
    expect(within(summary as HTMLElement).getByText('3,500 questions').tagName).toBe('STRONG');
    const order = [...container.querySelectorAll('h3, .home-card__summary, fieldset')].map(
      (element) => element.tagName,
    );
    expect(order).toEqual(['H3', 'DIV', 'FIELDSET']);
  });

  it('a course without an excerpt has no empty summary line', async () => {
    mockFetch(variationsFor(3103, threeOptions));
    const { container } = renderWithProviders(<CourseCard course={{ ...course, excerpt: ' ' }} />);
    await screen.findByRole('group', { name: 'Access' });
    expect(container.querySelector('.home-card__summary')).toBeNull();
  });

  it('the arrow keys move the month chosen, and the price follows', async () => {
    mockFetch(variationsFor(3103, threeOptions));
    const { user } = renderWithProviders(<CourseCard course={course} />);
    await user.click(await screen.findByRole('radio', { name: '1 Month £49.99' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 Months £129.99' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3 Months £129.99' })).toHaveFocus();
    expect(screen.getByText('£129.99', { selector: '.home-card__price' })).toBeVisible();
  });

  it('a month on sale shows the regular price struck through before the sale price, said as Was and Now', async () => {
    mockFetch(
      variationsFor(3103, [
        variation(310301, '1 Month', '49.99'),
        {
          ...variation(310303, '3 Months', '119.99'),
          regular_price: '129.99',
          sale_price: '119.99',
        },
      ]),
    );
    const { user } = renderWithProviders(<CourseCard course={course} />);
    await user.click(await screen.findByRole('radio', { name: '3 Months £119.99' }));
    const price = document.querySelector('.home-card__price');
    expect(price?.querySelector('s')).toHaveTextContent('Was £129.99');
    expect(price).toHaveTextContent('Was £129.99 Now £119.99');
    // The month not on sale: its price alone.
    await user.click(screen.getByRole('radio', { name: '1 Month £49.99' }));
    expect(price?.querySelector('s')).toBeNull();
    expect(price).toHaveTextContent(/^£49\.99$/);
  });

  /** Renders a course card once its month options are there; returns its Add button. */
  async function renderCourse() {
    mockFetch(variationsFor(3103, threeOptions));
    const rendered = renderWithProviders(<CourseCard course={course} />);
    await screen.findByRole('group', { name: 'Access' });
    return { ...rendered, add: screen.getByRole('button', { name: /to cart$/ }) };
  }

  async function cooledDown(button: HTMLElement) {
    await waitFor(
      () => {
        expect(button).toBeEnabled();
      },
      { timeout: ADD_COOLDOWN_MS * 3 },
    );
  }

  it('Add to cart adds one of the course’s chosen month {id, slug, month, price} with the image the page read, and one more at each click', async () => {
    const { user, add } = await renderCourse();
    await user.click(add);
    await cooledDown(add);
    await user.click(add);
    const one = {
      lineAdded: {
        id: 2103,
        slug: 'plab-1-online-course',
        month: '1 Month',
        price: 49.99,
        title: 'PLAB 1 Online Course & Mocks',
        image: '/plab.svg',
        product_id: 3103,
        variation_id: 310301,
      },
    };
    expect(cart.asked).toEqual([one, one]);
  });

  it('the month chosen is the one added, at its price', async () => {
    const { user, add } = await renderCourse();
    await user.click(add);
    await cooledDown(add);
    await user.click(screen.getByRole('radio', { name: '3 Months £129.99' }));
    await user.click(add);
    expect(cart.linesAdded().map((line) => [line.month, line.price])).toEqual([
      ['1 Month', 49.99],
      ['3 Months', 129.99],
    ]);
  });

  it('a double click adds once: the button is briefly disabled', async () => {
    mockFetch(variationsFor(3103, threeOptions));
    const { user } = renderWithProviders(<CourseCard course={course} />);
    await screen.findByRole('group', { name: 'Access' });
    const add = screen.getByRole('button', { name: /to cart$/ });
    await user.dblClick(add);
    expect(cart.asked).toHaveLength(1);
    expect(add).toBeDisabled();
  });

  it('a variation call that fails shows Price on request and adds nothing', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(variationsFor(3103, { code: 'x', message: 'down' }, 500));
    renderWithProviders(<CourseCard course={course} />);
    expect(await screen.findByText('Price on request')).toBeVisible();
    expect(screen.getByRole('button', { name: /to cart$/ })).toBeDisabled();
    expect(cart.asked).toEqual([]);
  });

  it('string or missing prices in the variations are left out', async () => {
    mockFetch(variationsFor(3103, [variation(1, '1 Month', 'free'), variation(2, '', '10.00')]));
    renderWithProviders(<CourseCard course={course} />);
    expect(await screen.findByText('Price on request')).toBeVisible();
  });

  it('its title links to the course’s page; a course without a slug has none', async () => {
    mockFetch(variationsFor(3103, threeOptions));
    renderWithProviders(
      <>
        <CourseCard course={course} />
        <CourseCard course={{ ...course, id: 2104, title: 'No page', slug: '' }} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'PLAB 1 Online Course & Mocks' })).toHaveAttribute(
      'href',
      '/courses/plab-1-online-course',
    );
    expect(screen.getByRole('heading', { name: 'No page' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'No page' })).toBeNull();
    await waitFor(() => {
      expect(screen.getAllByRole('group', { name: 'Access' })).toHaveLength(2);
    });
  });

  it('a broken image URL shows a placeholder of the same size', async () => {
    mockFetch(variationsFor(3103, threeOptions));
    renderWithProviders(<CourseCard course={{ ...course, image: { url: 'javascript:x' } }} />);
    const image = screen.getByRole('presentation');
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(image).toHaveAttribute('width', '400');
    await screen.findByRole('group', { name: 'Access' });
  });
});

describe('event card', () => {
  const event: EventItem = {
    id: 2301,
    title: 'PLAB 2 Mock Circuit — Manchester',
    slug: 'plab-2-mock-circuit',
    date: '2027-01-16',
    location: 'Manchester',
    price: '295.00',
    product_id: 3301,
    image: { url: '/e.svg', alt: '', width: 800, height: 450 },
  };

  it('formats the date for a UK reader', () => {
    expect(formatEventDate('2027-01-16')).toBe('Sat, 16 January 2027');
    expect(formatEventDate('2026-12-05')).toBe('Sat, 5 December 2026');
    expect(formatEventDate('2028-02-29')).toBe('Tue, 29 February 2028');
    expect(formatEventDate('TBC')).toBe('TBC');
    expect(formatEventDate('2027-13-45')).toBe('2027-13-45');
  });

  it("adds one place with from 'event' (matched in the cart by id alone) and the image the page read, and one more at each click", async () => {
    jest.useFakeTimers();
    const { user } = renderWithProviders(<EventCard event={event} />, { fakeTimers: true });
    const add = screen.getByRole('button', {
      name: 'Add PLAB 2 Mock Circuit — Manchester to cart',
    });
    await user.click(add);
    act(() => {
      jest.advanceTimersByTime(ADD_COOLDOWN_MS);
    });
    await user.click(add);
    const place = {
      lineAdded: {
        id: 2301,
        slug: 'plab-2-mock-circuit',
        month: '',
        price: 295,
        title: 'PLAB 2 Mock Circuit — Manchester',
        from: 'event',
        image: '/e.svg',
        product_id: 3301,
      },
    };
    expect(cart.asked).toEqual([place, place]);
  });

  it('its title links to the event’s page', () => {
    renderWithProviders(<EventCard event={event} />);
    expect(screen.getByRole('link', { name: 'PLAB 2 Mock Circuit — Manchester' })).toHaveAttribute(
      'href',
      '/events/plab-2-mock-circuit',
    );
  });

  it('a sold-out event says so and cannot be added', async () => {
    const { user } = renderWithProviders(<EventCard event={event} soldOut />);
    expect(screen.getByText('Sold out')).toBeVisible();
    const add = screen.getByRole('button', { name: /to cart$/ });
    expect(add).toBeDisabled();
    await user.click(add);
    expect(cart.asked).toEqual([]);
  });

  it('an event without a price cannot be added', () => {
    renderWithProviders(<EventCard event={{ ...event, price: '' }} />);
    expect(screen.getByText('Price on request')).toBeVisible();
    expect(screen.getByRole('button', { name: /to cart$/ })).toBeDisabled();
  });
});

describe('package card', () => {
  const silver: SubscriptionPackage = {
    tier: 'silver',
    product_id: 3201,
    slug: 'silver-membership',
    title: 'Silver Membership',
    features: ['Every question bank'],
  };
  const gold: SubscriptionPackage = {
    ...silver,
    tier: 'gold',
    product_id: 3202,
    slug: 'gold-membership',
    title: 'Gold Membership',
  };

  it('choosing a package asks the cart for it with the duration chosen (the cart replaces another)', async () => {
    mockFetch({
      ...variationsFor(3201, [variation(320101, '1 Month', '29.99')]),
      ...variationsFor(3202, [
        variation(320201, '1 Month', '49.99'),
        variation(320203, '3 Months', '129.99'),
      ]),
    });
    const { user } = renderWithProviders(
      <>
        <PackageCard pack={silver} />
        <PackageCard pack={gold} />
      </>,
    );
    await waitFor(() => {
      expect(screen.getAllByRole('group', { name: 'Duration' })).toHaveLength(2);
    });
    await user.click(screen.getByRole('button', { name: 'Choose Silver Membership' }));
    const goldDuration = screen.getAllByRole('group', { name: 'Duration' })[1];
    if (!goldDuration) throw new Error('the gold package has no duration choice');
    await user.click(within(goldDuration).getByRole('radio', { name: '3 Months £129.99' }));
    await user.click(screen.getByRole('button', { name: 'Choose Gold Membership' }));
    expect(cart.asked).toEqual([
      {
        packageChosen: {
          product_id: 3201,
          slug: 'silver-membership',
          title: 'Silver Membership',
          tier: 'silver',
          month: '1 Month',
          price: 29.99,
          variation_id: 320101,
        },
      },
      { packageChosen: GOLD_3_MONTHS },
    ]);
  });
});
