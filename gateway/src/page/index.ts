import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../plugins/configuration';
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
  type ManifestReader,
  type PageCode,
  type PageRequest,
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
  type PageContract,
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
import type { AssetCache } from './assetCache';
import { disallowedPaths, isDisallowed, registerCrawlerFiles, robotsTxt } from './crawlers';
import { templateHead } from './headMarkup';
import { createHeaderLogo } from './headerLogo';
import { createPageHeads, isOwnHeadRead } from './servedHeads';
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

/** The answer for what does not exist, as the APIs give it. */
function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send({ code: 'not_found', message: 'Not found.', data: { status: 404 } });
}

/**
 * The storefront's pages and files: the shell's page for each route (its head, the hints, the
 * manifests and style sheets it carries, its first screen rendered on the server), the builds of the shell and the
 * remotes, released versions and the live remotes configuration. Its own scope: its routes, its
 * hooks (developer files, hashed files from memory) and every path nothing else answers.
 */
export async function page(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const { contract } = config;
  /** Released remote versions, served at /releases/<name>/<version>/. */
  const releasesDir = path.join(config.deployDir, 'remotes');
  const shellDir = path.join(config.appsRoot, 'shell', 'dist');
  const template = readIndexTemplate(shellDir, contract.markup);
  const shellPageCode = readShellPageCode(shellDir);
  const remoteNames = remoteNamesOf(contract);
  fs.mkdirSync(releasesDir, { recursive: true });
  registerDeveloperFiles(app, config.publicSourceMaps);
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
  const visitors = registerVisitorRemotes(app, readManifest);
  // The shell's own pages are drawn by the renderers of the shell's build, which this gateway
  // serves; a remote's by those deployed beside its manifest.
  const renderers = createServerRenderers(
    (build) => (build === SHELL_BUILD ? shellDir : folderOf(build)),
    warnings(app.log),
  );
  const reads = createPageReads(app, template);
  app.addHook('onClose', () => renderers.close());
  registerCrawlers(app, reads);
  // The renderers and head readers are loaded at start, not by the first visitor; a new
  // release's are loaded by the first page that asks, which goes without them meanwhile.
  const builds = contract.routes.flatMap((route) => [
    config.serverRenderBudgetMs > 0 ? renderingBuildOf(route, config.remotes.get()) : undefined,
    config.headReadBudgetMs > 0 ? headBuildOf(contract, route, config.remotes.get()) : undefined,
  ]);
  for (const build of new Set(builds)) {
    if (build) await renderers.load(build);
  }
  const sendIndex = createIndexSender(app, {
    template,
    shellPageCode,
    visitors,
    readManifest,
    renderers,
    reads,
    assets,
  });
  registerPageRoutes(app, sendIndex);
}

/**
 * The builds' source maps and module federation stats are for the company's developers: they
 * show every source file and library of the shop. Not found here, unless an operator turns the
 * maps on (`publicSourceMaps`); mf-manifest.json (which the shell loads) is not one of them.
 */
function registerDeveloperFiles(app: FastifyInstance, publicSourceMaps: boolean): void {
  const unlisted = publicSourceMaps ? DEVELOPER_STATS : DEVELOPER_FILES;
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
  if (publicSourceMaps) {
    app.addHook('onSend', (request, reply, payload, done) => {
      const path = pathOf(request.url);
      if (reply.statusCode === 200 && SCRIPT_FILE.test(path)) {
        void reply.header('sourcemap', `${path.slice(path.lastIndexOf('/') + 1)}.map`);
      }
      done(null, payload);
    });
  }
}

/**
 * Each visitor's remotes: the live ones, a canary's for a browser in its share or that chose it
 * by a canary link, a preview's for the browser that opened its link (rollout.ts); with the
 * routes of those links, and /remotes.json as this visitor's.
 */
function registerVisitorRemotes(app: FastifyInstance, readManifest: ManifestReader) {
  const { config } = app;
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
  return visitors;
}

/**
 * What a page reads to be served: WordPress through the proxy's cache (the JSON of an answer
 * they share read once), the page's head and the site's logo from it, and the reads and the
 * render of its first screen.
 */
function createPageReads(app: FastifyInstance, template: string) {
  const { config } = app;
  const { contract, publicUrl } = config;
  const warn = warnings(app.log);
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
    budgetMs: config.serverRenderBudgetMs,
    warn,
  });
  return { wordpress, json, heads, headerLogo, routeRenders };
}

type PageReads = ReturnType<typeof createPageReads>;

/** What crawlers read: robots.txt, and the sitemap from the reads the pages make. */
function registerCrawlers(app: FastifyInstance, { wordpress, json }: PageReads): void {
  const { contract, publicUrl, wordpressOrigin } = app.config;
  const disallowed = disallowedPaths(contract);
  registerCrawlerFiles(app, {
    robots: robotsTxt(disallowed, publicUrl),
    sitemap: createSitemap({
      contract,
      wordpress,
      json,
      publicUrl,
      wordpressOrigin,
      disallowed: (asked) => isDisallowed(asked, disallowed),
      warn: warnings(app.log),
    }),
  });
}

/** The build of the remote that shows a route, by the manifest the remotes configuration names. */
function remoteBuildOf(route: PageRoute | undefined, remotes: RemotesConfig) {
  const name = route?.remote?.split('/')[0];
  return name ? remotes[name] : undefined;
}

/**
 * The build whose renderers draw a route's first screen (the contract's `serverRender`): the
 * shell's for its own pages, else its remote's.
 */
function renderingBuildOf(route: PageRoute | undefined, remotes: RemotesConfig) {
  if (route?.serverRender === undefined) return undefined;
  return route.page ? SHELL_BUILD : remoteBuildOf(route, remotes);
}

/**
 * The build whose head readers say what a route's page is about (a course's, an event's, a
 * centre's: its `heads[path].read` is one the gateway does not read itself): its remote's.
 */
function headBuildOf(contract: PageContract, route: PageRoute | undefined, remotes: RemotesConfig) {
  const read = route && contract.heads[route.path]?.read;
  return read === undefined || isOwnHeadRead(read) ? undefined : remoteBuildOf(route, remotes);
}

/** Settings the page may know (never secrets): the container, loaded once a choice allows it. */
function publicConfigOf(config: GatewayConfig) {
  return {
    portalUrl: config.portalUrl,
    wordpressUrl: config.wordpressOrigin,
    ...(config.gtmId === undefined ? {} : { tagManager: config.gtmId }),
  };
}

/** The page's Content-Security-Policy, allowing the style sheets and scripts it carries inline. */
function pagePolicy(
  config: GatewayConfig,
  remotes: RemotesConfig,
  styleHashes: string[],
  scriptHashes: string[],
): string {
  return contentSecurityPolicy(originsOf(Object.values(remotes)), config.frameAncestors, {
    styleHashes,
    scriptHashes,
    tagManager: config.gtmId === undefined ? undefined : TAG_MANAGER_ORIGIN,
  });
}

/**
 * Whether a style sheet the page hints is linked (the first paint waits for it) rather than
 * preloaded: when the page carries it, or it styles markup the page already holds: the shell
 * page's own sheets, or those of the remote that drew its first screen.
 */
function linkedSheets(
  readSheet: (href: string) => string | undefined,
  drawn: { build: string; pageCode: PageCode } | undefined,
) {
  const stylesServerRender = (url: string) => {
    if (!drawn) return false;
    return drawn.build === SHELL_BUILD
      ? drawn.pageCode.styles.includes(url)
      : url.startsWith(remoteBase(drawn.build));
  };
  return (url: string) => stylesServerRender(url) || sheetToCarry(url, readSheet) !== undefined;
}

/** What the shell's page is assembled from, made once at start. */
interface IndexParts {
  template: string;
  shellPageCode: (page: PageRequest) => PageCode;
  visitors: ReturnType<typeof createVisitorRemotes>;
  readManifest: ManifestReader;
  renderers: ReturnType<typeof createServerRenderers>;
  reads: PageReads;
  assets: AssetCache;
}

/**
 * Serves the shell's page for a request: this visitor's remotes, the route's head, the hints for
 * its code and data, its first screen drawn on the server within the budget, the site's logo, the
 * style sheets inline, and the policy that allows what it carries.
 */
function createIndexSender(app: FastifyInstance, parts: IndexParts) {
  const { config } = app;
  const { contract } = config;
  const { template, visitors, renderers, reads } = parts;
  const publicConfig = publicConfigOf(config);
  return async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const { remotes, preview } = visitors.forRequest(request, reply, true);
    const pageAsked = pageRequest(contract, request.url);
    // Counted by its route's pattern, never by the address asked.
    const route = pageAsked.shows?.path ?? UNKNOWN_ROUTE;
    app.metrics.servedPage(request, route);
    const code = remoteCodeFor(contract, remotes, pageAsked, parts.readManifest);
    const renderingBuild = renderingBuildOf(pageAsked.shows, remotes);
    const headBuild = headBuildOf(contract, pageAsked.shows, remotes);
    const pageCode = parts.shellPageCode(pageAsked);
    const renderer =
      !pageAsked.bare &&
      renderingBuild &&
      config.serverRenderBudgetMs > 0 &&
      canHoldServerRender(template, contract.markup)
        ? { ready: renderers.readyFor(renderingBuild) }
        : undefined;
    // What the page is about, its first screen and the site's logo are read from WordPress at
    // the same time (a bare page shows no header).
    const [served, serverRender, logo] = await Promise.all([
      reads.heads.headFor(
        pageAsked,
        headBuild === undefined ? undefined : () => renderers.load(headBuild),
      ),
      renderer
        ? reads.routeRenders.renderFor(pageAsked, renderer.ready, request.cookies)
        : undefined,
      pageAsked.bare ? undefined : reads.headerLogo(),
    ]);
    if (renderer && !serverRender) {
      app.metrics.renderFellBack(route, renderer.ready ? 'failed' : 'unavailable');
    }
    // The page carries the styles of what it shows, so its first paint needs no other response
    // and the remotes find their sheets in place. A sheet it cannot carry is preloaded, or linked.
    const readSheet = (href: string) => parts.assets.lookup(href, '')?.body.toString('utf8');
    const linked = linkedSheets(
      readSheet,
      serverRender && renderingBuild ? { build: renderingBuild, pageCode } : undefined,
    );
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
        pagePolicy(config, remotes, inlined.hashes, inlineScriptSources(inlined.page)),
      )
      .type('text/html; charset=utf-8')
      .send(inlined.page);
  };
}

/**
 * The addresses the shell's page answers: the home page, the shell's pages under an upstream's
 * prefix, and any other page address a client that does not want JSON alone asks for.
 */
function registerPageRoutes(
  app: FastifyInstance,
  sendIndex: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
): void {
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
        secure: app.config.secureCookies,
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
