import { screen, within } from '@testing-library/react';
import { mockFetch, renderWithProviders } from 'shared-store/testing';
import HomePage from './HomePage';

function wp(overrides: Record<string, unknown> = {}) {
  const bodies: Record<string, unknown> = {
    home_banner: [
      {
        id: 1,
        title: 'Pass with confidence',
        subtitle: '<p>Written by UK doctors</p>',
        image: { url: '/hero.svg', alt: 'Doctors', width: 1600, height: 640 },
        cta: { title: 'Browse courses', url: '/#courses-section' },
      },
    ],
    'pages/96030': {
      id: 96030,
      slug: 'how-to-learn',
      title: { rendered: 'How to learn with us' },
      content: { rendered: '<h2>Four ways to learn</h2>' },
    },
    courseList: [
      {
        id: 2103,
        title: 'PLAB 1',
        slug: 'plab-1',
        excerpt: '',
        image: { url: '/p.svg' },
        product_id: 3103,
        price: '49.99',
        exam: 'PLAB',
      },
    ],
    events: [],
    our_partner: [{ id: 1, name: 'NHS', logo: { url: '/nhs.svg' }, url: 'https://nhs.test' }],
    ...overrides,
  };
  const handlers = Object.fromEntries(
    Object.entries(bodies).map(([path, body]) => [`/wp-json/wp/v2/${path}`, () => ({ body })]),
  );
  return mockFetch({ ...handlers, '/api/shop/': () => ({ body: [] }) });
}

describe('HomePage', () => {
  it('shows the sections in order, the courses inside #courses-section', async () => {
    wp();
    const { container } = renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Pass with confidence' })).toBeVisible();
    await screen.findByRole('heading', { name: 'PLAB 1' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Revise anywhere with the Arora app',
      'How to learn with us',
      'Four ways to learn',
      'Our partners',
      'What our doctors say',
      'Courses',
    ]);
    const courses = container.querySelector('#courses-section');
    expect(courses).not.toBeNull();
    expect(within(courses as HTMLElement).getByRole('heading', { name: 'PLAB 1' })).toBeVisible();
  });

  it('asks for every section in parallel', async () => {
    const { calls } = wp();
    renderWithProviders(<HomePage />);
    await screen.findByRole('heading', { name: 'PLAB 1' });
    const sections = ['home_banner', 'courseList', 'events', 'our_partner', 'pages/96030'];
    for (const section of sections) {
      expect(calls.some((url) => url.includes(`/wp-json/wp/v2/${section}`))).toBe(true);
    }
  });

  it('an empty or failing list hides its section', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    wp({ courseList: [], our_partner: { code: 'oops' } });
    renderWithProviders(<HomePage />);
    await screen.findByRole('heading', { name: 'Pass with confidence' });
    await screen.findByRole('heading', { name: 'What our doctors say' });
    expect(screen.queryByRole('heading', { name: 'Courses' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Our partners' })).not.toBeInTheDocument();
  });
});
