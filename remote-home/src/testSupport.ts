import type { MockHandler } from 'shared-store/testing';

/** The sample shop the pages' tests answer with: a PLAB and an MSRA course, three events. */

export const PLAB_1 = {
  id: 2103,
  title: 'PLAB 1 Online Course &#038; Mocks',
  slug: 'plab-1-online-course',
  excerpt: '<p>Pass <strong>PLAB 1</strong> first time.</p>',
  image: { url: '/plab.svg', alt: 'PLAB 1', width: 800, height: 450 },
  product_id: 3103,
  price: '49.99',
  exam: 'PLAB',
};

export const MSRA = {
  ...PLAB_1,
  id: 2105,
  title: 'MSRA Complete Course',
  slug: 'msra-complete-course',
  excerpt: '',
  product_id: 3105,
  exam: 'MSRA',
};

export const PLAB_1_DETAILS = {
  ...PLAB_1,
  content: '<p>Every topic of the GMC&#8217;s content map.</p>',
  highlights: ['3,000 questions', 'Two full mocks'],
};

export const PLAB_2_MANCHESTER = {
  id: 2301,
  title: 'PLAB 2 Mock Circuit &#8212; Manchester',
  slug: 'plab-2-mock-circuit-manchester',
  date: '2027-01-16',
  location: 'Manchester',
  price: '295.00',
  product_id: 3301,
  image: { url: '/e.svg', alt: '', width: 800, height: 450 },
  event_id: 2301,
  venue: 'Pennine Clinical Skills Centre, Manchester M1 3GB',
  start_time: '08:30',
  end_time: '17:30',
  tickets_available: 16,
  location_id: 2,
};

export const MSRA_BIRMINGHAM = {
  ...PLAB_2_MANCHESTER,
  id: 2303,
  title: 'MSRA Revision Weekend — Birmingham',
  slug: 'msra-revision-weekend-birmingham',
  date: '2027-03-13',
  location: 'Birmingham',
  price: '195.00',
  venue: 'Northbridge Education Centre, Birmingham B1 2JB',
  tickets_available: 3,
  location_id: undefined,
};

export const PLAB_2_LONDON_SOLD_OUT = {
  ...PLAB_2_MANCHESTER,
  id: 2302,
  title: 'PLAB 2 Mock Circuit — London',
  slug: 'plab-2-mock-circuit-london',
  date: '2027-01-09',
  location: 'London',
  tickets_available: 0,
  location_id: 1,
};

export const EVENTS = [MSRA_BIRMINGHAM, PLAB_2_MANCHESTER, PLAB_2_LONDON_SOLD_OUT];

const variation = (id: number, month: string, price: string) => ({
  id,
  price,
  regular_price: price,
  sale_price: '',
  attributes: [{ id: 1, name: 'Month', option: month }],
});

/** A variation on sale: charged `sale`, its `regular` price shown struck through. */
export const onSale = (id: number, month: string, sale: string, regular: string) => ({
  ...variation(id, month, sale),
  regular_price: regular,
  sale_price: sale,
});

export const PLAB_1_VARIATIONS = [
  variation(310301, '1 Month', '49.99'),
  variation(310303, '3 Months', '129.99'),
];

/** Answers every request with `body` (200 unless told). */
export const answer =
  (body: unknown, status = 200): MockHandler =>
  () => ({ status, body });

/** Answers with each of `answers` in turn, the last one again after that. */
export function inTurn(...answers: MockHandler[]): MockHandler {
  let call = 0;
  return (request) => {
    const next = answers[Math.min(call, answers.length - 1)] ?? answer(undefined, 500);
    call += 1;
    return next(request);
  };
}

export const SERVER_ERROR = answer({ code: 'internal', message: 'Upstream down' }, 500);

/** The section a heading heads. */
export function sectionOf(heading: HTMLElement): HTMLElement {
  const section = heading.closest('section');
  if (!section) throw new Error(`"${heading.textContent}" heads no section`);
  return section;
}

/** A centre of wp/v2/page-details/location-{id}. */
export const MANCHESTER = {
  id: 2,
  slug: 'plab-2-manchester',
  title: 'PLAB 2 preparation in Manchester',
  city: 'Manchester',
  address: 'Pennine Clinical Skills Centre, 14 Whitworth Street, Manchester M1 3GB',
  content: '<p>Close to Piccadilly station.</p>',
  next_dates: ['2027-01-16', '2027-02-27'],
  price: '295.00',
};

const pack = (tier: string, productId: number) => ({
  tier,
  product_id: productId,
  slug: `${tier}-membership`,
  title: `${tier.charAt(0).toUpperCase()}${tier.slice(1)} Membership`,
  features: ['Every question bank'],
});

/** The home page's document with its three packages (wp/v2/pages/96030). */
export const HOME_PAGE = {
  id: 96030,
  slug: 'how-to-learn',
  title: { rendered: 'How to learn with us' },
  content: { rendered: '' },
  acf_groups: {
    SubscriptionPackages: [pack('silver', 3201), pack('gold', 3202), pack('ultimate', 3203)],
  },
};

/** The WordPress page of /memberships (wp/v2/pages?slug=memberships). */
export const MEMBERSHIPS = [
  {
    id: 96150,
    title: { rendered: 'Memberships: Silver, Gold &amp; Ultimate' },
    excerpt: { rendered: '<p>One price for every question bank.</p>\n' },
  },
];

/** The packages' prices (api/shop/prices). */
export const PRICES = {
  3201: [variation(320101, '1 Month', '29.99'), variation(320103, '3 Months', '79.99')],
  3202: [variation(320203, '3 Months', '99.99'), variation(320206, '6 Months', '179.99')],
  3203: [onSale(320303, '3 Months', '129.99', '149.99')],
};
