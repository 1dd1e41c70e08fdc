import { cacheControlFor, renderIndex } from './staticSite';

describe('cache headers', () => {
  it.each([
    ['230.9c79ea49.js', 'public, max-age=31536000, immutable'],
    ['__federation_expose_Header.13ef2d03.css', 'public, max-age=31536000, immutable'],
    ['assets/logo.1a2b3c4d.svg', 'public, max-age=31536000, immutable'],
    ['230.9c79ea49.js.br', 'public, max-age=31536000, immutable'],
    ['remoteEntry.js', 'no-cache'],
    ['remoteEntry.js.gz', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['main.js', 'no-cache'],
    ['index.html', 'no-cache'],
  ])('%s -> %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('the shell page', () => {
  it('inlines the remotes configuration and preloads every manifest', () => {
    const html = renderIndex('<html><head></head><body></body></html>', {
      header: '/remotes/header/mf-manifest.json',
      home: '/remotes/home/mf-manifest.json',
    });
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/remotes/header/mf-manifest.json">',
    );
    expect(html).toContain('<script id="remotes-config" type="application/json">{"header":');
  });

  it('cannot be broken out of by a configuration value', () => {
    const html = renderIndex('<head></head>', { x: '/a"><script>alert(1)</script>' });
    expect(html).not.toContain('<script>alert(1)</script>');
  });
});
