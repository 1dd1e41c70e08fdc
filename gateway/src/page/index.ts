import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keepConfirmationKey } from '../commerce/orderCookie';
import { createShopReads } from '../commerce/shopReads';
import { wooCommerceOf } from '../commerce/wooCommerce';
import { pathOf } from '../plugins/canonicalPaths';
import {
  codeHints,
  createManifestReader,
  localFolderOf,
  pageRequest,
  readShellPageCode,
  remoteBase,
  remoteCodeFor,
} from './remoteHints';
import {
  canHoldServerRender,
  dataHints,
  inlineScriptSources,
  inlineStyleSheets,
  renderIndex,
  sheetToCarry,
  templateProblem,
} from './pageAssembly';
import {
  allowsTagManager,
  CONSENT_COOKIE,
  parseConsent,
  remoteNamesOf,
  TAG_MANAGER_ORIGIN,
  type PageMarkup,
  type PageRoute,
} from 'shared-store/server';
import type { RemotesConfig } from './remotesConfig';
import { createVisitorRemotes } from './visitorRemotes';
import { warnings } from '../plugins/logging';
import { contentSecurityPolicy, originsOf } from '../plugins/securityHeaders';
import { OWN_PAGES, routeOf } from '../proxy/routeTable';
import { createWordPressReads } from '../proxy/wordpressReads';
import { REVALIDATE, registerBuildFiles } from './buildFiles';
import { disallowedPaths, isDisallowed, registerCrawlerFiles, robotsTxt } from './crawlers';
import { templateHead } from './headMarkup';
import { createHeaderLogo } from './headerLogo';
import { createPageHeads } from './servedHeads';
import { varyOn } from '../varyOn';
import { acceptsPage, isPageAddress } from './pageAddresses';
import { createRouteRenders, createServerRenderers } from './serverRender';
import { createSitemap } from './sitemap';
import { createAnswerJson } from './wordpressAnswers';

/** A page no route of the contract shows (a contract without its `*`), as the metrics count it. */
const UNKNOWN_ROUTE = '(none)';

/** The shell's build, as the server renderers know it (the remotes' by their manifests' URLs). */
const SHELL_BUILD = 'shell';

/** Build files for developers (a precompressed copy too): source maps, federation stats. */
const DEVELOPER_FILES = /(?:\.map|\/mf-stats\.json)(?:\.br|\.gz)?$/i;

/** ...of which the stats, never served. */
const DEVELOPER_STATS = /\/mf-stats\.json(?:\.br|\.gz)?$/i;

/** A build's script, whose source map lies beside it (`main.js.map`). */
const SCRIPT_FILE = /\/[\w.-]+\.js$/;

/** The shell's page, with the slots the contract names; a page without them stops the start. */
function readIndexTemplate(shellDir: string, markup: PageMarkup): string {
  const file = path.join(shellDir, 'index.html');
  let template: string;
  try {
    template = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`The shell is not built (${file} is missing): run "npm run build" first.`);
  }
  const problem = templateProblem(template, markup);
  if (problem) throw new Error(`The shell's page ${file} ${problem}: rebuild the shell.`);
  return template;
}

/**
 * The storefront's pages and files: the shell's page for each route (its head, the hints, the
 * manifests and style sheets it carries, its first screen rendered on the server), the builds of the shell and the
 * remotes, released versions and the live remotes configuration. Its own scope: its routes, its
 * hooks (developer files, hashed files from memory) and every path nothing else answers.
 */
export async function page(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const { contract, publicUrl } = config;
  /** Released remote versions, served at /releases/<name>/<version>/. */
  const releasesDir = path.join(config.deployDir, 'remotes');
  /** Settings the page may know (never secrets): the container, loaded once a choice allows it. */
  const publicConfig = {
    portalUrl: config.portalUrl,
    wordpressUrl: config.wordpressOrigin,
    ...(config.gtmId === undefined ? {} : { tagManager: config.gtmId }),
  };
  const { serverRenderBudgetMs } = config;
  /** The page's Content-Security-Policy, allowing the style sheets it carries inline. */
  const tagManager = config.gtmId === undefined ? undefined : TAG_MANAGER_ORIGIN;
  const pagePolicy = (remotes: RemotesConfig, styleHashes: string[], scriptHashes: string[]) =>
    contentSecurityPolicy(originsOf(Object.values(remotes)), config.frameAncestors, {
      styleHashes,
      scriptHashes,
      tagManager,
    });
  const shellDir = path.join(config.appsRoot, 'shell', 'dist');
  const template = readIndexTemplate(shellDir, contract.markup);
  const shellPageCode = readShellPageCode(shellDir);
  const remoteNames = remoteNamesOf(contract);
  fs.mkdirSync(releasesDir, { recursive: true });
  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ code: 'not_found', message: 'Not found.', data: { status: 404 } });

  // The builds' source maps and module federation stats are for the company's developers: they
  // show every source file and library of the shop. Not found here, unless an operator turns the
  // maps on; mf-manifest.json (which the shell loads) is not one of them.
  const unlisted = config.publicSourceMaps ? DEVELOPER_STATS : DEVELOPER_FILES;
  app.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request.url);
    if (routeOf(request.method, path) !== undefined || !unlisted.test(path)) {
      done();
      return;
    }
    void notFound(reply);
  });
  // The builds name no map in their files (hidden source maps): with the maps on, each script's
  // is named in its answer's SourceMap header, beside it, for the browser's developer tools.
  if (config.publicSourceMaps) {
    app.addHook('onSend', (request, reply, payload, done) => {
      const path = pathOf(request.url);
      if (reply.statusCode === 200 && SCRIPT_FILE.test(path)) {
        void reply.header('sourcemap', `${path.slice(path.lastIndexOf('/') + 1)}.map`);
      }
      done(null, payload);
    });
  }
  const assets = await registerBuildFiles(app, [
    ...remoteNames.map((name) => ({
      prefix: `/remotes/${name}/`,
      root: path.join(config.appsRoot, `remote-${name}`, 'dist'),
    })),
    { prefix: '/releases/', root: releasesDir, buildDepth: 2 },
    { prefix: '/', root: shellDir },
  ]);

  const folderOf = localFolderOf(remoteNames, config.appsRoot, releasesDir);
  const readManifest = createManifestReader(folderOf);
  // Each visitor's remotes: the live ones, a canary's for a browser in its share or that chose it
  // by a canary link, a preview's for the browser that opened its link (rollout.ts).
  const visitors = createVisitorRemotes(
    config.remotes,
    config.rollout,
    (url) => readManifest(url) !== undefined,
    { secure: config.secureCookies, linkSecret: config.releaseLinkSecret },
  );
  visitors.registerRoutes(app);
  app.get('/remotes.json', (request, reply) => {
    const { remotes } = visitors.forRequest(request, reply, false);
    void reply.header('Cache-Control', REVALIDATE).send(remotes);
  });
  const warn = warnings(app.log);
  // The shell's own pages are drawn by the renderers of the shell's build, which this gateway
  // serves; a remote's by those deployed beside its manifest.
  const renderers = createServerRenderers(
    (build) => (build === SHELL_BUILD ? shellDir : folderOf(build)),
    warn,
  );
  // A page's head and its server render read WordPress through the proxy's cache, and read the
  // JSON of an answer they share once.
  const wordpress = createWordPressReads({
    cache: app.readCache,
    wordpressUrl: config.upstreams.wordpress,
    publicUrl,
    timeoutMs: config.upstreamTimeoutMs,
    html: app.backendHtml,
    log: warn,
    upstreamFailed: app.metrics.upstreamFailed,
  });
  const json = createAnswerJson();
  const heads = createPageHeads({
    contract,
    wordpress,
    json,
    publicUrl: publicUrl,
    budgetMs: config.headReadBudgetMs,
    defaults: templateHead(template),
    warn,
  });
  // The site's logo in the first paint's header, from the read its head may share.
  const headerLogo = createHeaderLogo({
    wordpress,
    json,
    publicUrl,
    budgetMs: config.headReadBudgetMs,
  });
  // A page's server render is handed the shop's prices its first screen shows, read as the
  // commerce API reads them for any visitor (one read a product a minute, in the read cache the
  // API's routes share), never as a visitor: no cookie, no identity, no rate limit spent.
  const shopReads = createShopReads({
    wc: wooCommerceOf(config, warn, app.metrics.upstreamFailed),
    cache: app.readCache,
    log: warn,
  });
  const routeRenders = createRouteRenders({
    contract,
    wordpress,
    json,
    ownReads: shopReads.publicRead,
    budgetMs: serverRenderBudgetMs,
    warn,
  });
  app.addHook('onClose', () => renderers.close());
  // What crawlers read: robots.txt, and the sitemap from the reads the pages make.
  const disallowed = disallowedPaths(contract);
  registerCrawlerFiles(app, {
    robots: robotsTxt(disallowed, publicUrl),
    sitemap: createSitemap({
      contract,
      wordpress,
      json,
      publicUrl,
      wordpressOrigin: config.wordpressOrigin,
      disallowed: (asked) => isDisallowed(asked, disallowed),
      warn,
    }),
  });
  // The build whose renderers draw a route's first screen (the contract's `serverRender`): the
  // shell's for its own pages, else its remote's, by the manifest the remotes configuration names.
  const renderingBuildOf = (route: PageRoute | undefined, remotes: RemotesConfig) => {
    if (route?.serverRender === undefined) return undefined;
    if (route.page) return SHELL_BUILD;
    const name = route.remote?.split('/')[0];
    return name ? remotes[name] : undefined;
  };
  // The renderers are loaded at start, not by the first visitor; a new release's are loaded by
  // the first page that asks, which goes without them meanwhile.
  if (serverRenderBudgetMs > 0) {
    const builds = contract.routes.map((route) => renderingBuildOf(route, config.remotes.get()));
    for (const build of new Set(builds)) {
      if (build) await renderers.load(build);
    }
  }
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const { remotes, preview } = visitors.forRequest(request, reply, true);
    const pageAsked = pageRequest(contract, request.url);
    // Counted by its route's pattern, never by the address asked.
    const route = pageAsked.shows?.path ?? UNKNOWN_ROUTE;
    app.metrics.servedPage(request, route);
    const code = remoteCodeFor(contract, remotes, pageAsked, readManifest);
    const renderingBuild = renderingBuildOf(pageAsked.shows, remotes);
    const pageCode = shellPageCode(pageAsked);
    const renderer =
      !pageAsked.bare &&
      renderingBuild &&
      serverRenderBudgetMs > 0 &&
      canHoldServerRender(template, contract.markup)
        ? { ready: renderers.readyFor(renderingBuild) }
        : undefined;
    // What the page is about, its first screen and the site's logo are read from WordPress at
    // the same time (a bare page shows no header).
    const [served, serverRender, logo] = await Promise.all([
      heads.headFor(pageAsked),
      renderer ? routeRenders.renderFor(pageAsked, renderer.ready, request.cookies) : undefined,
      pageAsked.bare ? undefined : headerLogo(),
    ]);
    if (renderer && !serverRender) {
      app.metrics.renderFellBack(route, renderer.ready ? 'failed' : 'unavailable');
    }
    // The page carries the styles of what it shows, so its first paint needs no other response
    // and the remotes find their sheets in place. A sheet it cannot carry is preloaded, or linked
    // (the first paint waits for it) when it styles markup the page already holds: the shell
    // page's own sheets, or those of the remote that drew it.
    const readSheet = (href: string) => assets.lookup(href, '')?.body.toString('utf8');
    const stylesServerRender = (url: string) => {
      if (!serverRender || !renderingBuild) return false;
      return renderingBuild === SHELL_BUILD
        ? pageCode.styles.includes(url)
        : url.startsWith(remoteBase(renderingBuild));
    };
    const linked = (url: string) =>
      stylesServerRender(url) || sheetToCarry(url, readSheet) !== undefined;
    const consent = parseConsent(request.cookies[CONSENT_COOKIE]);
    const page = renderIndex(template, contract.markup, remotes, publicConfig, {
      carried: code.carried,
      manifests: code.manifests,
      hints:
        dataHints(contract, pageAsked, Date.now(), { carried: serverRender?.reads }) +
        codeHints(pageCode, linked) +
        codeHints(code, linked),
      bare: pageAsked.bare,
      head: served.head,
      ...(serverRender ? { serverRender } : {}),
      consentAnswered: consent !== undefined,
      // A stored choice that allows it loads the tag manager with the page; before a choice, or
      // after a refusal, nothing is asked of Google (the shell loads it on "Accept").
      tagManager: allowsTagManager(consent) ? config.gtmId : undefined,
      preview,
      headerLogo: logo,
    });
    const inlined = inlineStyleSheets(page, contract.markup, readSheet);
    // Every page differs with the visitor's cookies (varied on by forRequest, for the remotes):
    // the cookie question is left out for one who answered it, and a page may be drawn from them
    // (the cart's count of lines).
    return reply
      .code(served.status)
      .header('Cache-Control', REVALIDATE)
      .header(
        'Content-Security-Policy',
        pagePolicy(remotes, inlined.hashes, inlineScriptSources(inlined.page)),
      )
      .type('text/html; charset=utf-8')
      .send(inlined.page);
  };

  // Browsers ask for /favicon.ico on every document; the shell's icon is an SVG.
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  app.get('/', (request, reply) => sendIndex(request, reply));
  // The home page by its file's name (old links, some monitors): its address is /.
  app.get('/index.html', (_request, reply) => reply.redirect('/', 301));

  // The shell's pages under an upstream's prefix (routeTable.ts OWN_PAGES): these routes are more
  // specific than the proxy's, so nothing under them reaches the upstream by GET; a path that is
  // not such a page is not found. An order's confirmation link is asked for again without its key,
  // which only the order's read is sent (keepConfirmationKey).
  for (const { prefix, page } of OWN_PAGES) {
    const ownPage = (request: FastifyRequest, reply: FastifyReply) => {
      const path = pathOf(request.url);
      const orderId = page.exec(path)?.[1];
      if (orderId === undefined) return notFound(reply);
      const keyless = keepConfirmationKey(request, reply, {
        orderId: Number(orderId),
        path,
        secure: config.secureCookies,
      });
      return keyless === undefined ? sendIndex(request, reply) : reply.redirect(keyless, 303);
    };
    app.get(prefix, ownPage);
    app.get(`${prefix}/*`, ownPage);
  }

  // Client-side routes fall back to the shell's page for any request that does not want JSON (a
  // link's preview, a crawler, curl); unknown files and the APIs' folders are a plain 404.
  app.setNotFoundHandler((request, reply) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && isPageAddress(pathOf(request.url))) {
      varyOn(reply, 'Accept');
      if (acceptsPage(request.headers.accept)) return sendIndex(request, reply);
    }
    return notFound(reply);
  });
}
