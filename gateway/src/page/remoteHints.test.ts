import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MAX_CARRIED_MANIFEST_CHARS,
  codeHints,
  createManifestReader,
  localFolderOf,
  modulesOnPage as modulesOnPageOf,
  pageRequest as pageRequestOf,
  readShellPageCode,
  remoteCodeFor as remoteCodeOf,
  type ManifestReader,
  type PageRequest,
} from './remoteHints';
import type { RemotesConfig } from './remotesConfig';
import { STOREFRONT_CONTRACT } from '../test-support/contract';

const NAMES = STOREFRONT_CONTRACT.remotes.map((remote) => remote.name);
const pageRequest = (url: string) => pageRequestOf(STOREFRONT_CONTRACT, url);
const modulesOnPage = (page: PageRequest) => modulesOnPageOf(STOREFRONT_CONTRACT, page);
const remoteCodeFor = (remotes: RemotesConfig, page: PageRequest, reader: ManifestReader) =>
  remoteCodeOf(STOREFRONT_CONTRACT, remotes, page, reader);
const readerFor = (appsRoot: string, releasesDir: string) =>
  createManifestReader(localFolderOf(NAMES, appsRoot, releasesDir));

function manifest(exposes: Record<string, { js: string[]; css?: string[] }>) {
  return JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: Object.entries(exposes).map(([name, files]) => ({
      name,
      assets: {
        js: { sync: files.js, async: ['999.deadbeef.js'] },
        css: { sync: files.css ?? [], async: [] },
      },
    })),
  });
}

function appsWith(manifests: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hints-'));
  for (const [name, text] of Object.entries(manifests)) {
    const dir = path.join(root, `remote-${name}`, 'dist');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), text);
  }
  return root;
}

const REMOTES = {
  header: '/remotes/header/mf-manifest.json',
  footer: '/remotes/footer/mf-manifest.json',
  home: '/remotes/home/mf-manifest.json',
  cart: '/remotes/cart/mf-manifest.json',
};

const root = appsWith({
  header: manifest({
    PromoBanner: { js: ['__federation_expose_PromoBanner.11111111.js'] },
    Header: { js: ['__federation_expose_Header.22222222.js'], css: ['h.33333333.css'] },
    TrustStrip: { js: ['__federation_expose_TrustStrip.44444444.js'] },
  }),
  footer: manifest({
    Footer: { js: ['__federation_expose_Footer.55555555.js'], css: ['f.99999999.css'] },
  }),
  home: manifest({ HomePage: { js: ['__federation_expose_HomePage.66666666.js'] } }),
  cart: manifest({
    model: { js: ['__federation_expose_model.12121212.js'] },
    CartPage: { js: ['__federation_expose_CartPage.77777777.js'] },
  }),
});
const read = readerFor(root, path.join(root, 'releases'));

describe('hints for the remotes’ code in the shell page', () => {
  it('the home page names the layout’s, the home page’s and the cart model’s entries, code and styles, nothing async', () => {
    const code = remoteCodeFor(REMOTES, pageRequest('/'), read);
    expect(code.scripts).toEqual([
      '/remotes/header/remoteEntry.js',
      '/remotes/header/__federation_expose_PromoBanner.11111111.js',
      '/remotes/header/__federation_expose_Header.22222222.js',
      '/remotes/header/__federation_expose_TrustStrip.44444444.js',
      '/remotes/home/remoteEntry.js',
      '/remotes/home/__federation_expose_HomePage.66666666.js',
      '/remotes/cart/remoteEntry.js',
      '/remotes/cart/__federation_expose_model.12121212.js',
    ]);
    expect(code.styles).toEqual([
      '/remotes/header/h.33333333.css',
      '/remotes/footer/f.99999999.css',
    ]);
    expect(codeHints(code)).toContain(
      '<link rel="preload" as="script" href="/remotes/home/remoteEntry.js">',
    );
  });

  it('the cart page names the cart’s code instead of the home page’s', () => {
    const { scripts } = remoteCodeFor(REMOTES, pageRequest('/cart/'), read);
    expect(scripts).toContain('/remotes/cart/__federation_expose_CartPage.77777777.js');
    expect(scripts.some((url) => url.includes('/home/'))).toBe(false);
  });

  it('other pages name the layout and the cart’s model only', () => {
    const { scripts } = remoteCodeFor(REMOTES, pageRequest('/blogs'), read);
    expect(scripts.some((url) => url.includes('/home/') || url.includes('CartPage'))).toBe(false);
    expect(scripts).toContain('/remotes/header/remoteEntry.js');
    expect(scripts).toContain('/remotes/cart/__federation_expose_model.12121212.js');
  });

  it('the footer, which the shell loads once the page has, comes with its manifest and styles but not its code', () => {
    for (const route of ['/', '/cart', '/blogs']) {
      const code = remoteCodeFor(REMOTES, pageRequest(route), read);
      expect(code.carried).toHaveProperty([REMOTES.footer]);
      expect(code.styles).toContain('/remotes/footer/f.99999999.css');
      expect(code.scripts.filter((url) => url.includes('/footer/'))).toEqual([]);
      expect(code.later).toEqual([
        '/remotes/footer/remoteEntry.js',
        '/remotes/footer/__federation_expose_Footer.55555555.js',
      ]);
    }
  });

  it('a released version is hinted from its own folder', () => {
    const releases = path.join(root, 'releases');
    fs.mkdirSync(path.join(releases, 'home', '1.0.0-abc'), { recursive: true });
    fs.writeFileSync(
      path.join(releases, 'home', '1.0.0-abc', 'mf-manifest.json'),
      manifest({ HomePage: { js: ['__federation_expose_HomePage.88888888.js'] } }),
    );
    const { scripts } = remoteCodeFor(
      { home: '/releases/home/1.0.0-abc/mf-manifest.json' },
      pageRequest('/'),
      read,
    );
    expect(scripts).toEqual([
      '/releases/home/1.0.0-abc/remoteEntry.js',
      '/releases/home/1.0.0-abc/__federation_expose_HomePage.88888888.js',
    ]);
  });

  it('the page carries whole each manifest the gateway serves itself, and preloads one on another origin or too large to carry', () => {
    const cdn = 'https://cdn.example.com/footer/mf-manifest.json';
    const code = remoteCodeFor({ ...REMOTES, footer: cdn }, pageRequest('/'), read);
    expect(Object.keys(code.carried)).toEqual([REMOTES.header, REMOTES.home, REMOTES.cart]);
    // Whole: with what the hints do not use (the async files), as the federation runtime reads it.
    const file = path.join(root, 'remote-home', 'dist', 'mf-manifest.json');
    expect(code.carried[REMOTES.home]).toEqual(JSON.parse(fs.readFileSync(file, 'utf8')));
    expect(code.manifests).toEqual([cdn]);

    const padded = JSON.stringify({
      ...(JSON.parse(manifest({ HomePage: { js: ['a.11111111.js'] } })) as object),
      padding: 'x'.repeat(MAX_CARRIED_MANIFEST_CHARS),
    });
    const large = appsWith({ home: padded });
    const fromLarge = remoteCodeFor(
      { home: REMOTES.home },
      pageRequest('/'),
      readerFor(large, path.join(large, 'releases')),
    );
    expect(fromLarge).toEqual({
      carried: {},
      manifests: [REMOTES.home],
      scripts: [],
      later: [],
      styles: [],
    });
  });

  it('no hint for a manifest on another origin, missing, corrupt, or outside the served folders', () => {
    const broken = appsWith({ home: '{"metaData":', footer: manifest({}) });
    const readBroken = readerFor(broken, path.join(broken, 'releases'));
    const remotes = {
      header: 'https://cdn.example.com/header/mf-manifest.json',
      home: '/remotes/home/mf-manifest.json',
      cart: '/releases/../../etc/mf-manifest.json',
      footer: '/remotes/nope/mf-manifest.json',
    };
    for (const page of ['/', '/cart']) {
      const { manifests, scripts, styles } = remoteCodeFor(remotes, pageRequest(page), readBroken);
      expect([...scripts, ...styles]).toEqual([]);
      // The manifests themselves are still the page's to preload.
      expect(manifests.length).toBeGreaterThan(0);
    }
  });

  it('a file name that is not a plain relative path is left out', () => {
    const hostile = appsWith({
      home: manifest({
        HomePage: {
          js: ['https://evil.example/x.js', '../x.js', '"><script>.js', 'ok.12345678.js'],
        },
      }),
    });
    const { scripts } = remoteCodeFor(
      { home: REMOTES.home },
      pageRequest('/'),
      readerFor(hostile, path.join(hostile, 'releases')),
    );
    expect(scripts).toEqual(['/remotes/home/remoteEntry.js', '/remotes/home/ok.12345678.js']);
  });

  it('a changed manifest is read again', () => {
    const apps = appsWith({ home: manifest({ HomePage: { js: ['a.11111111.js'] } }) });
    const reader = readerFor(apps, path.join(apps, 'releases'));
    expect(remoteCodeFor({ home: REMOTES.home }, pageRequest('/'), reader).scripts).toContain(
      '/remotes/home/a.11111111.js',
    );
    const file = path.join(apps, 'remote-home', 'dist', 'mf-manifest.json');
    fs.writeFileSync(file, manifest({ HomePage: { js: ['b.22222222.js'] } }));
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    expect(remoteCodeFor({ home: REMOTES.home }, pageRequest('/'), reader).scripts).toContain(
      '/remotes/home/b.22222222.js',
    );
  });
});

describe('hints for a shell page’s own code', () => {
  function shellWith(pages: string | undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-pages-'));
    if (pages !== undefined) fs.writeFileSync(path.join(dir, 'pages.json'), pages);
    return readShellPageCode(dir);
  }

  it('give the route’s page script and style sheet from the shell build, and nothing elsewhere', () => {
    const codeOf = shellWith(
      JSON.stringify({
        'pages/SearchPage': ['44.16c00398.css', '44.86c372b8.js'],
        'pages/BlogPostPage': ['998.08765299.js'],
      }),
    );
    const search = codeOf(pageRequest('/search?s=plab'));
    expect(search).toEqual({ scripts: ['/44.86c372b8.js'], styles: ['/44.16c00398.css'] });
    expect(codeHints(search)).toBe(
      '<link rel="preload" as="style" href="/44.16c00398.css">' +
        '<link rel="preload" as="script" href="/44.86c372b8.js">',
    );
    expect(codeOf(pageRequest('/blogs/passing-plab-1')).scripts).toEqual(['/998.08765299.js']);
    expect(codeOf(pageRequest('/cart'))).toEqual({ scripts: [], styles: [] });
    expect(codeOf(pageRequest('/login'))).toEqual({ scripts: [], styles: [] });
  });

  it('give nothing for a file name that is not a plain one, or a missing or malformed pages.json', () => {
    const hostile = shellWith(
      JSON.stringify({
        'pages/SearchPage': ['../secret.js', 'https://evil.example/x.js', '"x.js'],
      }),
    );
    expect(hostile(pageRequest('/search'))).toEqual({ scripts: [], styles: [] });
    for (const codeOf of [shellWith(undefined), shellWith('{oops'), shellWith('[1,2]')]) {
      expect(codeOf(pageRequest('/search'))).toEqual({ scripts: [], styles: [] });
    }
  });
});

describe('the remote modules on a page', () => {
  it('are the cart’s model and the layout’s everywhere, plus the home page on / and the cart on /cart', () => {
    expect(modulesOnPage(pageRequest('/'))).toEqual({
      cart: ['model', 'MiniCart'],
      header: ['PromoBanner', 'Header', 'TrustStrip'],
      footer: ['Footer'],
      home: ['HomePage'],
    });
    expect(modulesOnPage(pageRequest('/cart/')).cart).toEqual(['model', 'MiniCart', 'CartPage']);
    expect(Object.keys(modulesOnPage(pageRequest('/blogs/some-post')))).toEqual([
      'cart',
      'header',
      'footer',
    ]);
  });

  it('are none of the layout’s on an auth or legal page in the company’s app, which hides it (the cart’s model stays)', () => {
    expect(modulesOnPage(pageRequest('/login?isMobileApp=true'))).toEqual({ cart: ['model'] });
    expect(modulesOnPage(pageRequest('/privacy-policy/?x=1&isMobileApp=true'))).toEqual({
      cart: ['model'],
    });
    // In a browser those pages keep the header and footer, and the app keeps them elsewhere.
    expect(Object.keys(modulesOnPage(pageRequest('/login')))).toEqual(['cart', 'header', 'footer']);
    expect(Object.keys(modulesOnPage(pageRequest('/?isMobileApp=true')))).toEqual([
      'cart',
      'header',
      'footer',
      'home',
    ]);
  });
});
