import { createHtmlSanitizer } from './sanitize';
import { safeUrl } from './url';

const WORDPRESS = 'https://www.example-academy.test';
/** The storefront's address: another origin than the test page's, as the gateway's is. */
const SITE = 'https://shop.example-academy.test/';

const sanitize = createHtmlSanitizer(window, { site: SITE, wordpress: WORDPRESS });

/** The sanitized HTML's first link. */
function firstLink(html: string): HTMLAnchorElement | null {
  const holder = document.createElement('template');
  holder.innerHTML = sanitize(html);
  return holder.content.querySelector('a');
}

describe('createHtmlSanitizer', () => {
  it('removes scripts, event handlers, iframes, forms, styles, javascript: links and svg', () => {
    const html = sanitize(
      '<p onclick="x()">Hi</p><script>alert(1)</script><iframe src="https://evil.test"></iframe>' +
        '<a href="javascript:alert(1)">bad</a><img src=x onerror="alert(1)"><svg onload="alert(1)"></svg>' +
        '<form action="https://evil.test"><input name="card"></form><p style="position:fixed">x</p>',
    );
    expect(html).not.toMatch(
      /script|onclick|onerror|onload|iframe|javascript:|<svg|<form|<input|style/i,
    );
    expect(html).toContain('<p>Hi</p>');
    expect(html).toContain('<a>bad</a>');
  });

  it('leaves a backend link no reads for the page to make ahead of a tap', () => {
    const link = firstLink('<a href="/courses/plab-1" data-prefetch="/api/account">PLAB 1</a>');
    expect(link?.hasAttribute('data-prefetch')).toBe(false);
    expect(link?.getAttribute('href')).toBe('/courses/plab-1');
  });

  it('keeps the formatting of WordPress content', () => {
    expect(
      sanitize('<h2>PLAB 1</h2><p><strong>Mock</strong> <em>exams</em></p><ul><li>a</li></ul>'),
    ).toBe('<h2>PLAB 1</h2><p><strong>Mock</strong> <em>exams</em></p><ul><li>a</li></ul>');
  });

  it('adds rel="noopener noreferrer" to links that open a new tab', () => {
    const link = firstLink('<a href="https://www.gmc-uk.org/" target="_blank">GMC</a>');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('returns an empty string for anything that is not a string', () => {
    expect(sanitize(undefined)).toBe('');
    expect(sanitize(42)).toBe('');
    expect(sanitize({ html: '<p>' })).toBe('');
  });

  it.each([
    [`${WORDPRESS}/courses/plab-1-online-course/`, '/courses/plab-1-online-course'],
    [`${WORDPRESS}/blog/plab-tips/?ref=menu#top`, '/blogs/plab-tips?ref=menu#top'],
    [`${SITE}about-us/`, '/about-us'],
    ['/blog/', '/blogs'],
  ])('a link to the WordPress site or the storefront, %s, becomes the route %s', (href, route) => {
    expect(firstLink(`<a href="${href}">x</a>`)?.getAttribute('href')).toBe(route);
  });

  it('leaves a link to another site, the test page’s own origin included, as it is', () => {
    for (const href of [
      'https://www.gmc-uk.org/registration',
      `${location.origin}/about-us/`,
      'mailto:help@example.com',
    ]) {
      expect(firstLink(`<a href="${href}">x</a>`)?.getAttribute('href')).toBe(href);
    }
  });
});

describe('safeUrl', () => {
  it.each([
    ['/cart', '/cart'],
    ['https://www.example.test/a', 'https://www.example.test/a'],
    ['mailto:help@example.test', 'mailto:help@example.test'],
    ['#courses-section', '#courses-section'],
    ['javascript:alert(1)', '#'],
    [' java\nscript:alert(1)', '#'],
    ['data:text/html,<script>', '#'],
    ['vbscript:x', '#'],
    [42, '#'],
  ])('%p -> %p', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });
});
