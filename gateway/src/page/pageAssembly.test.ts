import { createHash } from 'node:crypto';
import vm from 'node:vm';
import {
  MAX_INLINE_STYLE_CHARS,
  dataHints as dataHintsOf,
  inlineScriptSources,
  inlineStyleSheets as inlineStyleSheetsOf,
  renderIndex as renderIndexOf,
  templateProblem,
} from './pageAssembly';
import { pageRequest as pageRequestOf } from './remoteHints';
import { codeAfterPaint } from '../test-support/afterPaint';
import { STOREFRONT_CONTRACT } from '../test-support/contract';

const { markup } = STOREFRONT_CONTRACT;
type AfterMarkup<F> = F extends (first: string, markup: never, ...rest: infer R) => unknown
  ? R
  : never;
const renderIndex = (template: string, ...rest: AfterMarkup<typeof renderIndexOf>) =>
  renderIndexOf(template, markup, ...rest);
const inlineStyleSheets = (page: string, ...rest: AfterMarkup<typeof inlineStyleSheetsOf>) =>
  inlineStyleSheetsOf(page, markup, ...rest);
const pageRequest = (url: string) => pageRequestOf(STOREFRONT_CONTRACT, url);
const dataHints = (page: ReturnType<typeof pageRequest>, now: number) =>
  dataHintsOf(STOREFRONT_CONTRACT, page, now);

/** A shell page with the contract's slots, as the shell's build writes it. */
const SHELL_PAGE =
  '<html><head><title>Shop</title><!--page:head--></head><body><div id="root"><!--page:first-paint-->' +
  '<div class="shell-header-space"></div><main><div class="shell-page-space" aria-busy="true">' +
  '<!--page:server-render--></div></main><!--/page:first-paint--></div></body></html>';

describe('the shell page', () => {
  it('inlines the remotes configuration and preloads every manifest', () => {
    const html = renderIndex(SHELL_PAGE, {
      header: '/remotes/header/mf-manifest.json',
      home: '/remotes/home/mf-manifest.json',
    });
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/remotes/header/mf-manifest.json">',
    );
    expect(html).toContain('<script id="remotes-config" type="application/json">{"header":');
  });

  it('carries the manifests it is given, escaped, and preloads only the others', () => {
    const html = renderIndex(
      SHELL_PAGE,
      { header: '/remotes/header/mf-manifest.json', home: 'https://cdn.example.com/home.json' },
      {},
      { carried: { '/remotes/header/mf-manifest.json': { id: '</script><script>alert(1)' } } },
    );
    expect(html).toContain(
      '<script id="remote-manifests" type="application/json">{"/remotes/header/mf-manifest.json":{"id":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"}}</script>',
    );
    expect(html).not.toContain('href="/remotes/header/mf-manifest.json"');
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="https://cdn.example.com/home.json">',
    );
    expect(renderIndex(SHELL_PAGE, {})).not.toContain('remote-manifests');
  });

  it('cannot be broken out of by a configuration value', () => {
    const html = renderIndex(SHELL_PAGE, { x: '/a"><script>alert(1)</script>' });
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  describe('the data its first screen waits for, started with the page', () => {
    const hint = (url: string) =>
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`;
    // What the header reads when it mounts: its banner and menu, and the home page's fields.
    const layout = [
      '/wp-json/custom/v2/getPromotionalBanner',
      '/wp-json/wp/v2/menu_home',
      '/wp-json/wp/v2/pages/96030',
    ]
      .map(hint)
      .join('');

    it('on every page that shows the layout, what the header and footer read when they mount', () => {
      expect(dataHints(pageRequest('/cart'), 1)).toBe(layout);
      expect(dataHints(pageRequest('/login'), 1)).toBe(layout);
      expect(dataHints(pageRequest('/login?isMobileApp=true'), 1)).toBe('');
    });

    it.each([
      ['/courses', ['/wp-json/wp/v2/courseList']],
      ['/events/plab-2-mock', ['/wp-json/wp/v2/products-with-ticket']],
      ['/blogs', ['/wp-json/wp/v2/posts/?per_page=100', '/wp-json/wp/v2/categories/?per_page=100']],
      ['/blogs/plab_tips-2', ['/wp-json/wp/v2/posts?slug=plab_tips-2']],
      [
        '/locations/12',
        ['/wp-json/wp/v2/page-details/location-12', '/wp-json/wp/v2/products-with-ticket'],
      ],
      ['/privacy-policy', ['/wp-json/wp/v2/pages?slug=privacy-policy']],
    ])('on %s, the route’s reads too, its segments in their path or query', (path, reads) => {
      expect(dataHints(pageRequest(path), 1)).toBe(layout + reads.map(hint).join(''));
    });

    it('a segment its page might write otherwise (encoded, or with other characters) asks for nothing', () => {
      expect(dataHints(pageRequest('/blogs/caf%C3%A9'), 1)).toBe(layout);
      expect(dataHints(pageRequest('/blogs/a.b'), 1)).toBe(layout);
      expect(dataHints(pageRequest('/locations/1%2F..%2F2'), 1)).toBe(
        layout + hint('/wp-json/wp/v2/products-with-ticket'),
      );
    });

    it('on the home page, its sections’ reads too, the banner stamped with this page’s time (never cached)', () => {
      expect(dataHints(pageRequest('/'), 1700000000000)).toBe(
        layout +
          [
            '/wp-json/wp/v2/home_banner?t=1700000000000',
            '/wp-json/wp/v2/courseList',
            '/wp-json/wp/v2/events',
            '/wp-json/wp/v2/our_partner',
          ]
            .map(hint)
            .join(''),
      );
    });

    it('a page whose first screen is rendered on the server hints none of the reads it carries, and the rest at low priority', () => {
      const low = (url: string) =>
        `<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="low" href="${url}">`;
      const lowLayout = [
        '/wp-json/custom/v2/getPromotionalBanner',
        '/wp-json/wp/v2/menu_home',
        '/wp-json/wp/v2/pages/96030',
      ]
        .map(low)
        .join('');
      const rendered = (path: string, carried: Record<string, unknown> = {}) =>
        dataHintsOf(STOREFRONT_CONTRACT, pageRequest(path), 1, { carried });
      expect(rendered('/courses')).toBe(lowLayout);
      expect(rendered('/courses/plab-1')).toBe(
        lowLayout + low('/wp-json/wp/v2/products-with-ticket'),
      );
      // What its render wanted and was handed (the course page's events, the memberships page's
      // document of the home page) is carried too: never asked for a second time.
      expect(rendered('/courses/plab-1', { '/wp-json/wp/v2/products-with-ticket': [] })).toBe(
        lowLayout,
      );
      expect(rendered('/memberships', { '/wp-json/wp/v2/pages/96030': {} })).toBe(
        ['/wp-json/custom/v2/getPromotionalBanner', '/wp-json/wp/v2/menu_home'].map(low).join(''),
      );
      expect(rendered('/')).toBe(
        lowLayout +
          ['/wp-json/wp/v2/courseList', '/wp-json/wp/v2/events', '/wp-json/wp/v2/our_partner']
            .map(low)
            .join(''),
      );
    });

    it('on /search, the results for the trimmed term too, at the URL the search page asks for', () => {
      expect(dataHints(pageRequest('/search?s=plab'), 1)).toBe(
        layout + hint('/wp-json/custom/v1/search?s=plab'),
      );
      expect(dataHints(pageRequest('/search/?s=%20mrcgp%20exam%20&x=1'), 1)).toBe(
        layout + hint('/wp-json/custom/v1/search?s=mrcgp+exam'),
      );
      expect(dataHints(pageRequest('/search?s=%22%3E%3Cscript%3E'), 1)).toBe(
        layout + hint('/wp-json/custom/v1/search?s=%22%3E%3Cscript%3E'),
      );
      expect(dataHints(pageRequest('/search?s=%20%20'), 1)).toBe(layout);
      expect(dataHints(pageRequest('/search'), 1)).toBe(layout);
    });
  });

  describe('with a server render', () => {
    const template = SHELL_PAGE.replace(
      '<!--page:head-->',
      '<script defer="defer" src="/main.js" fetchpriority="high"></script>' +
        '<link rel="preload" as="script" href="/1.js"><!--page:head-->',
    );
    const serverRender = {
      module: 'home/CoursePage',
      html: '<h1>Pass PLAB</h1>',
      reads: {
        '/wp-json/wp/v2/courseList': [{ title: '</script><script>alert(1)</script>' }],
        '/wp-json/wp/v2/products-with-ticket': [],
      },
    };
    const hints = '<link rel="preload" as="script" href="/remotes/home/remoteEntry.js">';

    it('puts the markup in the page’s space, marked with its module, and carries the reads it was drawn from by served key, escaped', () => {
      const html = renderIndex(template, {}, {}, { serverRender, hints });
      expect(html).toContain(
        '<div class="shell-page-space" aria-busy="true"><div data-server-render="home/CoursePage"><h1>Pass PLAB</h1></div></div>',
      );
      const carried = new RegExp(
        `<script id="${markup.servedReadsId}" type="application/json">(.*?)</script>`,
      ).exec(html)?.[1];
      expect(carried).toBe(
        '{"/wp-json/wp/v2/courseList":[{"title":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}],' +
          '"/wp-json/wp/v2/products-with-ticket":[]}',
      );
      expect(JSON.parse(carried ?? '')).toEqual(serverRender.reads);
      expect(html).not.toContain('<script>alert(1)');
    });

    it('starts its scripts and its code’s preloads after its first paint, in their order; its data still starts with it', () => {
      const menu =
        '<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="low" href="/wp-json/wp/v2/menu_home">';
      const html = renderIndex(template, {}, {}, { serverRender, hints: hints + menu });
      expect(html).not.toContain('<script defer');
      expect(html).not.toContain('<link rel="preload" as="script"');
      expect(codeAfterPaint(html)).toEqual({
        scripts: ['/main.js'],
        preloads: ['/1.js', '/remotes/home/remoteEntry.js'],
      });
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(menu);
      // Two inline scripts, Consent Mode's defaults and the loader, each allowed by its hash
      // alone; nothing ends an element early.
      const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map(([, code]) => code ?? '');
      expect(inline).toHaveLength(2);
      expect(inlineScriptSources(html)).toEqual(
        inline.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`),
      );
      expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script[ >]/g)?.length);
      // Without a server render the page needs its scripts to show anything: they stay first.
      const plain = renderIndex(template, {}, {}, { hints });
      expect(plain).toContain('src="/main.js" fetchpriority="high"');
      expect(codeAfterPaint(plain)).toBeUndefined();
      expect(inlineScriptSources(plain)).toHaveLength(1);
    });

    it('starts its first image from the head: the image preloads its markup begins with, and no code before them', () => {
      const preload =
        '<link rel="preload" as="image" href="https://shop.example/wp-content/uploads/plab.jpg" fetchPriority="high"/>';
      const html = renderIndex(
        template,
        {},
        {},
        { serverRender: { ...serverRender, html: `${preload}<h1>Pass PLAB</h1>` }, hints },
      );
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.indexOf(preload)).toBeGreaterThan(-1);
      expect(head).not.toContain('remoteEntry.js');
      expect(html).toContain('<div data-server-render="home/CoursePage"><h1>Pass PLAB</h1></div>');
      expect(html.split(preload)).toHaveLength(2);
    });

    it('leaves a page without the space, or a bare one, as it is', () => {
      const noSpace = renderIndex(
        SHELL_PAGE.replace('<!--page:server-render-->', ''),
        {},
        {},
        { serverRender },
      );
      expect(noSpace).not.toContain('data-server-render');
      expect(noSpace).not.toContain(markup.servedReadsId);
      const bare = renderIndex(template, {}, {}, { serverRender, bare: true });
      expect(bare).not.toContain('data-server-render');
      expect(bare).not.toContain(markup.servedReadsId);
    });
  });

  describe('its slots', () => {
    it('are filled or taken out: the served page has none left', () => {
      const html = renderIndex(SHELL_PAGE, {});
      expect(html).not.toContain('<!--');
      expect(html).toMatch(
        /<title>Shop<\/title><script>\(function\(\)\{window\.dataLayer=[^<]*<\/script><script id="remotes-config"/,
      );
      expect(html).toContain('<div class="shell-header-space"></div>');
    });

    it('open the head with the page’s own title and description, the template’s taken out', () => {
      const html = renderIndex(
        SHELL_PAGE.replace('</title>', '</title><meta name="description" content="Default">'),
        {},
        {},
        {
          head: {
            title: 'Your cart | Arora Medical Education',
            name: 'Your cart',
            description: 'Your courses',
            url: undefined,
            image: undefined,
            noindex: true,
            structuredData: [],
          },
        },
      );
      expect(html).toMatch(
        /^<html><head><title>Your cart \| Arora Medical Education<\/title><meta name="description" content="Your courses"><meta name="robots" content="noindex">/,
      );
      expect(html).not.toContain('Shop');
      expect(html).not.toContain('Default');
    });

    it('drop the first paint, and nothing else, where the app shows the page bare', () => {
      expect(renderIndex(SHELL_PAGE, {}, {}, { bare: true })).toMatch(
        /<div id="root"><\/div><\/body><\/html>$/,
      );
    });

    it('are required of the shell’s page: a template without them is named for what it lacks', () => {
      expect(templateProblem(SHELL_PAGE, markup)).toBeUndefined();
      expect(templateProblem('<html><head></head><body></body></html>', markup)).toBe(
        'has no <!--page:head--> in its head',
      );
      expect(templateProblem(SHELL_PAGE.replace('<!--/page:first-paint-->', ''), markup)).toMatch(
        /^has no <!--page:first-paint--> … <!--\/page:first-paint--> around/,
      );
    });
  });

  describe('the cookie question and Consent Mode', () => {
    const QUESTION = '<section class="shell-consent">Cookies?</section>';
    const template = SHELL_PAGE.replace(
      '<body>',
      `<body><!--page:consent--><!-- The question. -->\n${QUESTION}<!--/page:consent-->`,
    );
    const scripts = (html: string) => [...html.matchAll(/<script[^>]*>/g)].map(([tag]) => tag);

    it('asks a visitor who has not answered, and serves the question hidden to one who has (Cookie settings shows it again)', () => {
      expect(renderIndex(template, {})).toContain(`<body><!-- The question. -->\n${QUESTION}`);
      const answered = renderIndex(template, {}, {}, { consentAnswered: true });
      expect(answered).toContain('<section hidden class="shell-consent">Cookies?</section>');
      expect(answered).not.toContain('<!--page:');
      // A bare page (the company's app) asks too: the question is not part of the layout.
      expect(renderIndex(template, {}, {}, { bare: true })).toContain(QUESTION);
    });

    it('puts Consent Mode’s defaults, everything denied, before any other script of the page, and the tag manager only when named, after them', () => {
      const html = renderIndex(template, {});
      expect(scripts(html)[0]).toBe('<script>');
      const defaults = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
      expect(defaults).toContain(
        'g("consent","default",{"analytics_storage":"denied","ad_storage":"denied","ad_user_data":"denied","ad_personalization":"denied","wait_for_update":500})',
      );
      expect(html).not.toContain('googletagmanager');

      const tagged = renderIndex(template, {}, {}, { tagManager: 'GTM-AB12CD' });
      expect(scripts(tagged).slice(0, 3)).toEqual([
        '<script>',
        '<script>',
        '<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD">',
      ]);
      expect(inlineScriptSources(tagged)).toHaveLength(2);
    });

    it('tells Consent Mode the answer a consent cookie holds, and nothing for a malformed one', () => {
      const defaults = /<script>([^<]*)<\/script>/.exec(renderIndex(template, {}))?.[1] ?? '';
      const pushed = (cookie: string) => {
        const page = { dataLayer: [] as unknown[][], gtag: undefined };
        vm.runInNewContext(defaults, { window: page, document: { cookie } });
        return page.dataLayer.map((args) => [...args]);
      };
      expect(pushed('other=1; cookie_consent=v1-a1-m0')).toEqual([
        ['consent', 'default', expect.objectContaining({ analytics_storage: 'denied' })],
        [
          'consent',
          'update',
          {
            analytics_storage: 'granted',
            ad_storage: 'denied',
            ad_user_data: 'denied',
            ad_personalization: 'denied',
          },
        ],
      ]);
      expect(pushed('cookie_consent=v1-a1-m1x')).toHaveLength(1);
      expect(pushed('xcookie_consent=v1-a1-m1')).toHaveLength(1);
    });
  });

  describe('its style sheets, carried inline', () => {
    const sheets: Record<string, string> = {
      '/1.css': '.a{color:red}',
      '/remotes/home/exposed.2.css': '.b{margin:0}',
      '/big.css': `.c{}${' '.repeat(MAX_INLINE_STYLE_CHARS)}`,
      '/image.css': '.d{background:url(assets/x.svg)}',
      '/break.css': '.e{}</style><script>alert(1)</script>',
    };
    const linked = (href: string) => `<link rel="stylesheet" href="${href}">`;

    it('carries a small linked sheet inline, marked with its file name, and gives its hash for the CSP', () => {
      const { page, hashes } = inlineStyleSheets(
        `<head>${linked('/1.css')}${linked('/remotes/home/exposed.2.css')}</head>`,
        (href) => sheets[href],
      );
      expect(page).toBe(
        '<head><style data-href="1.css">.a{color:red}</style>' +
          '<style data-href="exposed.2.css">.b{margin:0}</style></head>',
      );
      const sha = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
      expect(hashes).toEqual([sha('.a{color:red}'), sha('.b{margin:0}')]);
    });

    it('leaves linked a sheet that is missing, large, refers to a URL or could end its element', () => {
      const head = ['/none.css', '/big.css', '/image.css', '/break.css'].map(linked).join('');
      expect(inlineStyleSheets(head, (href) => sheets[href])).toEqual({ page: head, hashes: [] });
    });
  });
});
