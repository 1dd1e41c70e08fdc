import { decodeEntities, sanitizeHtml } from './sanitize';
import { safeUrl } from './url';

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers, iframes and javascript: links', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">Hi</p><script>alert(1)</script><iframe src="https://evil.test"></iframe>' +
        '<a href="javascript:alert(1)">bad</a><img src=x onerror="alert(1)"><svg onload="alert(1)"></svg>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|onload|iframe|javascript:|<svg/i);
    expect(html).toContain('<p>Hi</p>');
  });

  it('adds rel="noopener noreferrer" to links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://x.test" target="_blank">x</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });

  it('returns an empty string for anything that is not a string', () => {
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml({ html: '<p>' })).toBe('');
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

describe('decodeEntities', () => {
  it('turns WordPress entities into text', () => {
    expect(decodeEntities('Q&amp;A &#038; PLAB&#8217;s tips')).toBe('Q&A & PLAB’s tips');
  });
});
