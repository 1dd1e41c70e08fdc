import { decodeEntities, escapeJsonForHtml, plainText } from './htmlText';
import { headMarkup, templateHead, withoutTemplateHead, type PageHead } from './headMarkup';

const HEAD: PageHead = {
  title: 'PLAB 1 Online Course | Arora Medical Education',
  name: 'PLAB 1 Online Course',
  description: 'Pass PLAB 1 with 3,500 questions.',
  url: 'https://shop.example.test/courses/plab-1-online-course',
  image: 'https://shop.example.test/wp-content/uploads/plab-1.svg',
  noindex: false,
  structuredData: [],
};

describe('a page’s head', () => {
  it('has the title, description, canonical address, Open Graph and a large-image card', () => {
    const html = headMarkup(HEAD);
    expect(html).toContain('<title>PLAB 1 Online Course | Arora Medical Education</title>');
    expect(html).toContain('<meta name="description" content="Pass PLAB 1 with 3,500 questions.">');
    expect(html).toContain(
      '<link rel="canonical" href="https://shop.example.test/courses/plab-1-online-course">',
    );
    expect(html).toContain('<meta property="og:title" content="PLAB 1 Online Course">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta property="og:site_name" content="Arora Medical Education">');
    expect(html).toContain(
      '<meta property="og:url" content="https://shop.example.test/courses/plab-1-online-course">',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example.test/wp-content/uploads/plab-1.svg">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('robots');
  });

  it('keeps a noindex page out of search engines, and names no address for a page not found', () => {
    const html = headMarkup({ ...HEAD, noindex: true, url: undefined, image: undefined });
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('og:url');
    expect(html).not.toContain('og:image');
  });

  it('is inert whatever its text: a title or description cannot end its element or attribute', () => {
    const hostile = '</title><script>alert(1)</script>" onload="alert(2)';
    const html = headMarkup({
      ...HEAD,
      title: hostile,
      name: hostile,
      description: hostile,
      structuredData: [{ name: '</script><script>alert(3)</script>' }],
    });
    expect(html).not.toMatch(/<script>|" onload=/);
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    expect(html).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot; onload=&quot;alert(2)</title>',
    );
    expect(html).toContain(
      '<script type="application/ld+json">{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(3)\\u003c/script\\u003e"}</script>',
    );
  });

  it('puts each schema.org object in a JSON-LD element that reads back as the same data', () => {
    const course = { '@type': 'Course', name: 'A & B <c> \u2028', offers: [{ price: '49.00' }] };
    const html = headMarkup({ ...HEAD, structuredData: [course, { '@type': 'Event' }] });
    const elements = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
    expect(elements.map((match) => JSON.parse(match[1] ?? '') as unknown)).toEqual([
      course,
      { '@type': 'Event' },
    ]);
    expect(escapeJsonForHtml(course)).not.toMatch(/[<>&\u2028]/);
  });
});

describe('the template’s own head', () => {
  const template =
    '<head><meta charset="utf-8"/><title>Arora &amp; Co | Exams</title>' +
    '<meta name="description" content="Courses &#8211; mocks"/>' +
    '<meta property="og:image" content="/og-image.png?v=1&amp;s=2"/><!--page:head--></head>';

  it('gives the site’s default title, description and share image, as text', () => {
    expect(templateHead(template)).toEqual({
      title: 'Arora & Co | Exams',
      description: 'Courses – mocks',
      image: '/og-image.png?v=1&s=2',
    });
    expect(templateHead('<head></head>')).toEqual({
      title: undefined,
      description: undefined,
      image: undefined,
    });
  });

  it('is replaced by the page’s own, never doubled', () => {
    expect(withoutTemplateHead(template)).toBe(
      '<head><meta charset="utf-8"/><!--page:head--></head>',
    );
  });
});

describe('backend HTML made plain text', () => {
  it('drops tags and what scripts and styles hold, and decodes what WordPress encodes', () => {
    expect(plainText('<p>GMC&#8217;s <strong>MLA</strong> &amp; PLAB&nbsp;&hellip;</p>')).toBe(
      'GMC’s MLA & PLAB …',
    );
    expect(plainText('Pass<script>alert(1)</script><style>p{}</style><!-- x --> it')).toBe(
      'Pass it',
    );
    expect(plainText('Ends in <img src=x onerror=alert(1)')).toBe('Ends in');
  });

  it('keeps encoded markup as text, and a reference to no character as the replacement character', () => {
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
    expect(decodeEntities('&#0;&#99999999;&#xD800;&unknown;')).toBe('\uFFFD\uFFFD\uFFFD&unknown;');
  });

  it('is one line, cut at a word with an ellipsis when it is too long', () => {
    expect(plainText('one\n\ttwo\u0007 three')).toBe('one two three');
    expect(plainText('Four full timed mocks, and a study plan', 24)).toBe('Four full timed mocks…');
    expect(plainText(undefined)).toBe('');
    expect(plainText({ rendered: 'x' })).toBe('');
  });
});
