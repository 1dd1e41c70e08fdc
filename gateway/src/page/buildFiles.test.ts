import { cacheControlFor } from './buildFiles';

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
