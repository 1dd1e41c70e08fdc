import { Readable } from 'node:stream';
import { HOSTILE_POST_ANSWER, RUNNABLE, WORDPRESS_SITE } from '../test-support/hostileContent';
import { createBackendHtml, MAX_SANITIZED_BYTES } from './backendHtml';

describe('WordPress answers as the gateway passes them on', () => {
  const html = createBackendHtml({
    site: 'https://shop.example.test',
    wordpress: WORDPRESS_SITE,
  });
  afterAll(() => {
    html.close();
  });

  it('a body without markup is passed on as it came, byte for byte', () => {
    // As WordPress writes JSON: slashes and characters outside ASCII escaped.
    const body = Buffer.from(
      '{"title":{"rendered":"PLAB 1 &#8211; Online"},"link":"https:\\/\\/www.example-academy.test\\/courses\\/?level=1&mode=online","price":"\\u00a349.00","total":12.50}',
    );
    expect(html.sanitizeJsonBody(body)).toBe(body);
  });

  it('with markup in one value, every other value and every key reads exactly as WordPress sent it', () => {
    const plain = {
      title: { rendered: 'Clinical reasoning &#8217; &amp; the CPSA' },
      link: `${WORDPRESS_SITE}/blogs/?page=2&per_page=10`,
      '<b>key</b>': 'a key is never changed',
      id: 10,
      sticky: false,
      featured: null,
      tags: [716, 711],
    };
    const body = Buffer.from(
      JSON.stringify({ ...plain, content: { rendered: '<p onclick="x()">Hi</p>' } }),
    );
    const clean = html.sanitizeJsonBody(body);
    expect(JSON.parse(String(clean))).toEqual({ ...plain, content: { rendered: '<p>Hi</p>' } });
  });

  it('keeps the content a reader sees and drops what would run', () => {
    const clean = html.sanitizeJsonBody(HOSTILE_POST_ANSWER);
    const [post] = JSON.parse(String(clean)) as [{ content: { rendered: string } }];
    expect(post.content.rendered).not.toMatch(RUNNABLE);
    expect(post.content.rendered).not.toContain('__injectedByContent');
    expect(post.content.rendered).toContain('<div class="cta-embed">Book a mock station</div>');
    expect(post.content.rendered).toContain('<a>Open the station timer</a>');
  });

  it('links to the WordPress site become the storefront’s routes; a new tab cannot reach back', () => {
    const body = Buffer.from(
      JSON.stringify({
        content:
          `<a href="${WORDPRESS_SITE}/courses/plab-1/">PLAB 1</a>` +
          '<a href="https://uk.trustpilot.com/review/x" target="_blank">Reviews</a>',
      }),
    );
    expect(JSON.parse(String(html.sanitizeJsonBody(body)))).toEqual({
      content:
        '<a href="/courses/plab-1">PLAB 1</a>' +
        '<a href="https://uk.trustpilot.com/review/x" target="_blank" rel="noopener noreferrer">Reviews</a>',
    });
  });

  it('a body that is not JSON is refused; a byte order mark before JSON is not part of it', () => {
    expect(html.sanitizeJsonBody(Buffer.from('<html>maintenance</html>'))).toBeUndefined();
    expect(html.sanitizeJsonBody(Buffer.from('{"content":"<p>cut'))).toBeUndefined();
    expect(html.sanitizeJsonBody(Buffer.from(''))).toBeUndefined();
    expect(String(html.sanitizeJsonBody(Buffer.from('\uFEFF{"a":"b"}')))).toBe('{"a":"b"}');
  });

  it('an answer of another type is refused, whatever its body', async () => {
    await expect(
      html.readJson('text/html; charset=UTF-8', Readable.from([Buffer.from('{"a":1}')])),
    ).resolves.toBeUndefined();
    await expect(html.readJson(undefined, null)).resolves.toBeUndefined();
  });

  it('an answer over the bound is refused, and read no further than the bound', async () => {
    let sent = 0;
    const endless = new Readable({
      read() {
        sent += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024, 0x20));
      },
    });
    await expect(html.readJson('application/json', endless)).resolves.toBeUndefined();
    expect(endless.destroyed).toBe(true);
    expect(sent).toBeLessThan(MAX_SANITIZED_BYTES + 1024 * 1024);
    expect(html.sanitizeJsonBody(Buffer.alloc(MAX_SANITIZED_BYTES + 1, 0x20))).toBeUndefined();
  });
});
