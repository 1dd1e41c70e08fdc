import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from 'shared-store/testing';
import HomePage from '../HomePage';
import { bannerSlides } from '../data/banner';
import { renderHero } from './hero';

const answer = [
  {
    id: 1,
    title: 'Pass with confidence',
    subtitle: '<p>Written by <strong>UK doctors</strong></p>',
    image: { url: '/hero.svg', alt: 'Doctors', width: 1600, height: 640 },
    cta: { title: 'Browse courses', url: '/#courses-section' },
  },
  { id: 2, title: 'Second slide' },
];

/** The hero in markup as the browser parses it from the page. */
function parsed(html: string): Element | null {
  const page = document.createElement('div');
  page.innerHTML = html;
  return page.querySelector('.home-page > section.home-hero');
}

describe('the hero rendered on the server', () => {
  it('is the hero HomePage renders first with that banner in the store, so React replaces it without a shift', async () => {
    const served = parsed(renderHero(answer) ?? '');
    expect(served).not.toBeNull();
    // The store holds the banner the page carried; the rest is still on its way.
    mockFetch({ '/wp-json/': () => new Promise(() => undefined) as never });
    const { container } = renderWithProviders(<HomePage />, {
      preloadedState: { homeBannerData: { items: bannerSlides(answer) } },
    });
    await screen.findByRole('heading', { name: 'Pass with confidence' });
    const client = container.querySelector('.home-page > section.home-hero');
    // The same elements, attributes (in any order) and text.
    expect(client).not.toBeNull();
    expect(served?.isEqualNode(client)).toBe(true);
    expect(served?.querySelector('p > strong')?.textContent).toBe('UK doctors');
  });

  it('escapes the banner’s text and leaves out a script link, as the browser does', () => {
    const html =
      renderHero([
        {
          ...answer[0],
          title: '<script>alert(1)</script>',
          cta: { title: 'Go', url: 'javascript:alert(1)' },
        },
      ]) ?? '';
    expect(html).not.toMatch(/<script|javascript:/i);
    expect(parsed(html)?.querySelector('h1')?.textContent).toBe('<script>alert(1)</script>');
  });

  it('renders nothing when the banner has no slide to show', () => {
    expect(renderHero([])).toBeUndefined();
    expect(renderHero({ code: 'rest_no_route' })).toBeUndefined();
    expect(renderHero([{ id: 1 }])).toBeUndefined();
  });
});
