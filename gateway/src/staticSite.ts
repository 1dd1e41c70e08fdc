import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_NAMES } from './config';
import { createAssetCache } from './assetCache';
import { pathOf } from './canonicalPath';
import {
  codeHints,
  createManifestReader,
  localFolderOf,
  pageRequest,
  readShellPageCode,
  remoteBase,
  remoteCodeFor,
  type PageRequest,
} from './remoteHints';
import type { RemotesConfig, RemotesConfigSource } from './remotesConfig';
import {
  createHeroRenderers,
  readHomeBanner,
  renderHomeHero,
  type ServerRender,
} from './serverRender';
import { OWN_PAGES } from './upstreams';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Hashed build output ([name].[contenthash:8].ext) never changes under its name. */
export function cacheControlFor(filePath: string): string {
  // A precompressed copy (x.js.br, x.js.gz) is cached as the file it compresses.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  return /\.[0-9a-f]{8}\.[a-z0-9]+$/i.test(name) ? IMMUTABLE : REVALIDATE;
}

function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The page's space for the routed page, empty in the shell's template (src/App.tsx PageSpace). */
const PAGE_SPACE = '<div class="shell-page-space" aria-busy="true"></div>';

/** The element the page carries the banner answer its hero was rendered from in (shared-store). */
const SERVED_BANNER_ID = 'home-banner-data';

/** The element the page carries the manifests of the remotes it shows in (shell federation.ts). */
const CARRIED_MANIFESTS_ID = 'remote-manifests';

/**
 * The shell's page with the remotes configuration inlined (no extra round trip before discovery),
 * the manifests of the remotes it shows (`carried`, by URL; any it cannot carry are preloaded:
 * `manifests`) and preload hints (`hints`) for the code and data its first screen needs, so
 * that they download in parallel with the shell's own code. A `bare` page (the company's app on an auth or
 * legal page) drops the template's first paint, the layout the app does not show. A
 * `serverRender` goes into the page's space, marked with the module it stands for, with the
 * answer it was rendered from for the page's first read.
 */
export function renderIndex(
  template: string,
  remotes: RemotesConfig,
  publicConfig: Record<string, string> = {},
  {
    carried = {},
    manifests = Object.values(remotes).filter((url) => !(url in carried)),
    hints = '',
    bare = false,
    serverRender,
  }: {
    carried?: Record<string, unknown>;
    manifests?: string[];
    hints?: string;
    bare?: boolean;
    serverRender?: ServerRender;
  } = {},
): string {
  const preloads = manifests
    .map(
      (url) =>
        `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(url)}">`,
    )
    .join('');
  let inline =
    `<script id="remotes-config" type="application/json">${escapeJsonForHtml(remotes)}</script>` +
    `<script id="storefront-config" type="application/json">${escapeJsonForHtml(publicConfig)}</script>` +
    (Object.keys(carried).length > 0
      ? `<script id="${CARRIED_MANIFESTS_ID}" type="application/json">${escapeJsonForHtml(carried)}</script>`
      : '');
  let page = bare ? template.replace(FIRST_PAINT, '$1$2') : template;
  const rendered = serverRender && !bare && canHoldServerRender(page);
  if (rendered) {
    const marked = `<div data-server-render="${escapeAttribute(serverRender.module)}">${serverRender.html}</div>`;
    page = page.replace(PAGE_SPACE, () => PAGE_SPACE.replace('></div>', `>${marked}</div>`));
    inline += `<script id="${SERVED_BANNER_ID}" type="application/json">${escapeJsonForHtml(serverRender.data)}</script>`;
  }
  page = page.replace('</head>', () => `${preloads}${hints}${inline}</head>`);
  return rendered ? scriptsAfterFirstScreen(page) : page;
}

/** The largest style sheet a page carries inline instead of linking it. */
export const MAX_INLINE_STYLE_CHARS = 16 * 1024;

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/[^"]+\.css)">/g;

/**
 * A style sheet's text when a page can carry it inline: one of ours (a path on this site), found,
 * small, referring to nothing by URL (a relative URL would resolve against the page) and unable
 * to end its element. Otherwise undefined: the sheet stays a file.
 */
export function sheetToCarry(
  href: string,
  read: (href: string) => string | undefined,
): string | undefined {
  const css = href.startsWith('/') ? read(href) : undefined;
  return css !== undefined && css.length <= MAX_INLINE_STYLE_CHARS && !/url\(|<\//i.test(css)
    ? css
    : undefined;
}

/**
 * The page with the style sheets it links (the first paint waits for each) carried inline
 * instead, so it paints without another round trip, and their hashes for the page's CSP. Each
 * is marked with its file name (`data-href`), which is how a build's runtime sees that the sheet
 * is already there. A sheet the page cannot carry (sheetToCarry) stays linked.
 */
export function inlineStyleSheets(
  page: string,
  read: (href: string) => string | undefined,
): { page: string; hashes: string[] } {
  const hashes: string[] = [];
  const inlined = page.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = sheetToCarry(href, read);
    if (css === undefined) return link;
    hashes.push(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    const name = href.slice(href.lastIndexOf('/') + 1);
    return `<style data-href="${escapeAttribute(name)}">${css}</style>`;
  });
  return { page: inlined, hashes };
}

/** Whether a template has the page's space a server render goes into. */
export function canHoldServerRender(template: string): boolean {
  return template.includes(PAGE_SPACE);
}

/**
 * A page whose first screen is in its markup needs no script to show it: its scripts are asked
 * for at low priority, so its style sheets and the hero's image come first on a slow line.
 */
function scriptsAfterFirstScreen(page: string): string {
  return page
    .replaceAll(
      '<link rel="preload" as="script" ',
      '<link rel="preload" as="script" fetchpriority="low" ',
    )
    .replace(/(<script [^>]*?) fetchpriority="high"/g, '$1');
}

/**
 * What the layout's first screen reads when it mounts, on every page that shows it (the header's
 * promotional banner and menu, the home page's fields with the header's logo and the trust
 * strip's): shared-store's URLs for them (api/site.ts, api/content.ts). The footer reads its
 * menus itself once the page has loaded (PAGE_MODULES.afterLoad).
 */
export const LAYOUT_DATA = [
  '/wp-json/custom/v2/getPromotionalBanner',
  '/wp-json/wp/v2/menu_home',
  '/wp-json/wp/v2/pages/96030',
];

/**
 * Data the page's first screen waits for, started with the page instead of after its code:
 * - the layout's data (LAYOUT_DATA), unless the company's app shows the page bare;
 * - on the home page without a server-rendered hero, the hero's banner. The banner is never
 *   cached, so the request carries this page's own timestamp; the shell's first banner read asks
 *   for that same URL (takePreloadedStamp);
 * - on /search?s=term, the results, at the URL the search page asks for (the term trimmed, as
 *   shared-store's client writes the query); a blank term asks for nothing.
 * Each is asked for by the page once: the browser answers the remote's own read with it.
 */
export function dataHints({ route, query, bare }: PageRequest, now: number): string {
  const urls = bare ? [] : [...LAYOUT_DATA];
  if (route === '/') {
    urls.push(`/wp-json/wp/v2/home_banner?t=${String(now)}`);
  } else if (route === '/search') {
    const term = new URLSearchParams(query).get('s')?.trim();
    if (term) urls.push(`/wp-json/custom/v1/search?${new URLSearchParams({ s: term }).toString()}`);
  }
  return urls
    .map(
      (url) =>
        `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(url)}">`,
    )
    .join('');
}

/** The markup inside the root element, the last thing in the shell's page. */
const FIRST_PAINT = /(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/;

function readIndexTemplate(shellDir: string): string {
  const file = path.join(shellDir, 'index.html');
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`The shell is not built (${file} is missing): run "npm run build" first.`);
  }
}

/** Serves the shell at / and each remote's build at /remotes/<name>/. */
export async function registerStaticSite(
  app: FastifyInstance,
  options: {
    appsRoot: string;
    /** Released remote versions, served at /releases/<name>/<version>/. */
    releasesDir: string;
    remotes: RemotesConfigSource;
    /** Settings the page may know (never secrets). */
    publicConfig: Record<string, string>;
    /** WordPress, which the home page's hero is read from when the gateway renders it. */
    wordpressUrl: string;
    /** The storefront's public address, which WordPress builds the hero's links from. */
    publicUrl: URL;
    /** How long the home page waits for its banner to render the hero; 0 renders none. */
    serverRenderBudgetMs: number;
    /** The page's Content-Security-Policy, allowing the style sheets it carries inline. */
    pagePolicy: (styleHashes: string[]) => string;
  },
): Promise<void> {
  const shellDir = path.join(options.appsRoot, 'shell', 'dist');
  const template = readIndexTemplate(shellDir);
  const shellPageCode = readShellPageCode(shellDir);
  const setHeaders = (res: { setHeader(name: string, value: string): void }, file: string) => {
    res.setHeader('Cache-Control', cacheControlFor(file));
  };

  const assets = createAssetCache([
    ...REMOTE_NAMES.map((name) => ({
      prefix: `/remotes/${name}/`,
      root: path.join(options.appsRoot, `remote-${name}`, 'dist'),
    })),
    { prefix: '/releases/', root: options.releasesDir },
    { prefix: '/', root: shellDir },
  ]);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET') {
      done();
      return;
    }
    const hit = assets.lookup(
      request.url.split('?')[0] ?? '',
      request.headers['accept-encoding'] ?? '',
    );
    if (!hit) {
      done();
      return;
    }
    void reply
      .header('Cache-Control', IMMUTABLE)
      .header('Content-Type', hit.type)
      .header('Vary', 'Accept-Encoding');
    if (hit.encoding) void reply.header('Content-Encoding', hit.encoding);
    void reply.send(hit.body);
  });

  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    setHeaders,
  });
  for (const name of REMOTE_NAMES) {
    await app.register(fastifyStatic, {
      root: path.join(options.appsRoot, `remote-${name}`, 'dist'),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders,
    });
  }

  fs.mkdirSync(options.releasesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.releasesDir,
    prefix: '/releases/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders,
  });

  app.get('/remotes.json', (_request, reply) => {
    void reply.header('Cache-Control', REVALIDATE).send(options.remotes.get());
  });

  const readManifest = createManifestReader(options.appsRoot, options.releasesDir);
  const warn = (message: string, error?: unknown) => {
    app.log.warn({ err: error }, message);
  };
  const heroRenderers = createHeroRenderers(
    localFolderOf(options.appsRoot, options.releasesDir),
    warn,
  );
  app.addHook('onClose', () => heroRenderers.close());
  // The renderer is loaded (with jsdom, a third of a second) at start, not by the first visitor;
  // a new release's is loaded by the first page that asks, which goes without it meanwhile.
  const liveHome = options.remotes.get().home;
  if (liveHome && options.serverRenderBudgetMs > 0) await heroRenderers.load(liveHome);
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const remotes = options.remotes.get();
    const pageAsked = pageRequest(request.url);
    const code = remoteCodeFor(remotes, pageAsked, readManifest);
    const homeManifest = remotes.home;
    const serverRender =
      pageAsked.route === '/' &&
      !pageAsked.bare &&
      homeManifest &&
      options.serverRenderBudgetMs > 0 &&
      canHoldServerRender(template)
        ? await renderHomeHero(
            heroRenderers.readyFor(homeManifest),
            () =>
              readHomeBanner(options.wordpressUrl, {
                budgetMs: options.serverRenderBudgetMs,
                host: options.publicUrl.host,
                protocol: options.publicUrl.protocol.slice(0, -1),
              }),
            warn,
          )
        : undefined;
    // The page carries the styles of what it shows, so its first paint needs no other response
    // and the remotes find their sheets in place. A sheet it cannot carry is preloaded, or linked
    // (the first paint waits for it) when it styles markup the page already holds.
    const readSheet = (href: string) => assets.lookup(href, '')?.body.toString('utf8');
    const blockingBase = serverRender && homeManifest ? remoteBase(homeManifest) : undefined;
    const linked = (url: string) =>
      (blockingBase !== undefined && url.startsWith(blockingBase)) ||
      sheetToCarry(url, readSheet) !== undefined;
    const page = renderIndex(template, remotes, options.publicConfig, {
      carried: code.carried,
      manifests: code.manifests,
      hints:
        (serverRender ? '' : dataHints(pageAsked, Date.now())) +
        codeHints(shellPageCode(pageAsked), linked) +
        codeHints(code, linked),
      bare: pageAsked.bare,
      ...(serverRender ? { serverRender } : {}),
    });
    const inlined = inlineStyleSheets(page, readSheet);
    return reply
      .header('Cache-Control', REVALIDATE)
      .header('Content-Security-Policy', options.pagePolicy(inlined.hashes))
      .type('text/html; charset=utf-8')
      .send(inlined.page);
  };

  // Browsers ask for /favicon.ico on every document; the shell's icon is an SVG.
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  app.get('/', (request, reply) => sendIndex(request, reply));
  app.get('/index.html', (request, reply) => sendIndex(request, reply));

  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ code: 'not_found', message: 'Not found.', data: { status: 404 } });

  // The shell's pages under an upstream's prefix (upstreams.ts OWN_PAGES): these routes are more
  // specific than the proxy's, so nothing under them reaches the upstream by GET; a path that is
  // not such a page is not found.
  for (const { prefix, page } of OWN_PAGES) {
    const ownPage = (request: FastifyRequest, reply: FastifyReply) =>
      page.test(pathOf(request.url)) ? sendIndex(request, reply) : notFound(reply);
    app.get(prefix, ownPage);
    app.get(`${prefix}/*`, ownPage);
  }

  // Client-side routes fall back to the shell's page; unknown files are a plain 404.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const looksLikePage = !path.extname(pathname) && !/^\/(?:remotes|releases)\//.test(pathname);
    if (
      request.method === 'GET' &&
      looksLikePage &&
      request.headers.accept?.includes('text/html')
    ) {
      return sendIndex(request, reply);
    }
    return notFound(reply);
  });
}
