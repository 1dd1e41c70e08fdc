import type * as SharedStoreServer from 'shared-store/server';
import { createBackendHtml } from './backendHtml';

/** Every piece of HTML the sanitizer itself was given, in order. */
const sanitized: string[] = [];

jest.mock('shared-store/server', () => {
  const actual = jest.requireActual<typeof SharedStoreServer>('shared-store/server');
  return {
    ...actual,
    createHtmlSanitizer: (...args: Parameters<typeof SharedStoreServer.createHtmlSanitizer>) => {
      const sanitize = actual.createHtmlSanitizer(...args);
      return (html: unknown) => {
        sanitized.push(String(html));
        return sanitize(html);
      };
    },
  };
});

describe('the cost of sanitizing, paid once for each piece of WordPress’s HTML', () => {
  const html = createBackendHtml({ site: 'https://shop.example.test', wordpress: '' });
  afterAll(() => {
    html.close();
  });
  beforeEach(() => {
    sanitized.length = 0;
  });

  const post = (content: string) =>
    Buffer.from(JSON.stringify([{ content: { rendered: content } }]));

  it('a read asked again (a logged-in visitor’s, never kept) reuses what the first was made into', () => {
    const body = post('<p onclick="x()">Timed mocks</p>');
    const first = html.sanitizeJsonBody(body);
    const again = html.sanitizeJsonBody(body);
    expect(String(again)).toBe(String(first));
    expect(String(again)).toBe('[{"content":{"rendered":"<p>Timed mocks</p>"}}]');
    expect(sanitized).toEqual(['<p onclick="x()">Timed mocks</p>']);
  });

  it('a piece edited in WordPress is sanitized afresh', () => {
    html.sanitizeJsonBody(post('<p>Before</p>'));
    const edited = html.sanitizeJsonBody(post('<p>After<script>1</script></p>'));
    expect(String(edited)).toBe('[{"content":{"rendered":"<p>After</p>"}}]');
    expect(sanitized).toEqual(['<p>Before</p>', '<p>After<script>1</script></p>']);
  });
});
