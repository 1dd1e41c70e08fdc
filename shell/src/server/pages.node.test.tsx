/**
 * @jest-environment node
 */
import { renderers } from './pages';

const WP = '/wp-json/wp/v2';

const POST = {
  id: 7,
  slug: 'plab-changes',
  date: '2024-11-04T09:00:00',
  title: { rendered: 'PLAB 1 &#038; PLAB 2: what&#8217;s changed in 2024' },
  content: { rendered: '<p>What changed.</p>' },
  excerpt: { rendered: '<p>In short.</p>' },
  categories: [3],
};
const page = (text: string) => [{ id: 40, content: { rendered: `<p>${text}</p>` } }];

describe('the shell’s server renderers in a process with no DOM (as the gateway runs them)', () => {
  it('has no document, window, storage or DOM parser to lean on', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof window).toBe('undefined');
    expect(typeof localStorage).toBe('undefined');
    expect(typeof DOMParser).toBe('undefined');
  });

  it.each([
    [
      'blogList',
      '/blogs',
      '/blogs',
      {
        [`${WP}/posts/?per_page=100`]: [POST],
        [`${WP}/categories/?per_page=100`]: [{ id: 3, name: 'News &amp; Updates' }],
      },
      ['>Blog</h1>', 'PLAB 1 &amp; PLAB 2: what’s changed in 2024', 'News &amp; Updates'],
    ],
    [
      'blogPost',
      '/blogs/plab-changes',
      '/blogs/:slug',
      { [`${WP}/posts?slug=plab-changes`]: [POST] },
      ['>PLAB 1 &amp; PLAB 2: what’s changed in 2024</h1>', '4 November 2024', 'What changed.'],
    ],
    [
      'search',
      '/search',
      '/search',
      {
        '/wp-json/custom/v1/search?s=plab': [
          { id: 1, title: 'PLAB 1 &amp; 2', url: '/courses/plab-1', type: 'course' },
        ],
      },
      ['>Search results for “plab”</h1>', 'PLAB 1 &amp; 2'],
    ],
    [
      'legal',
      '/privacy-policy',
      '/privacy-policy',
      { [`${WP}/pages?slug=privacy-policy`]: page('How we use your data.') },
      ['>Privacy Policy</h1>', 'How we use your data.'],
    ],
    [
      'contact',
      '/contact-us',
      '/contact-us',
      { [`${WP}/pages?slug=contact-us`]: page('Write to us.') },
      ['>Contact us</h1>', 'Write to us.', 'Send message'],
    ],
    [
      'info',
      '/acceptable-use-policy',
      '/acceptable-use-policy',
      {
        '/wp-json/custom/v1/acceptable-use-policy': {
          title: 'Acceptable Use &amp; Fair Use',
          content: '<p>Use the courses yourself.</p>',
        },
      },
      ['>Acceptable Use &amp; Fair Use</h1>', 'Use the courses yourself.'],
    ],
  ])('draws the %s page', (renderer, path, pattern, reads, shown) => {
    const drawn = renderers[renderer]?.({ path, pattern, reads });
    const html = typeof drawn === 'string' ? drawn : drawn?.html;
    for (const text of shown) expect(html).toContain(text);
  });
});
