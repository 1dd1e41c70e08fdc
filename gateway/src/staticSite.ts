import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './canonicalPath';
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
  inlineStyleSheets,
  renderIndex,
  sheetToCarry,
  templateProblem,
} from './pageAssembly';
import { remoteNamesOf, type PageContract, type PageMarkup, type PageRoute } from './pageContract';
import { templateHead } from './pageHead';
import { createPageHeads } from './pageHeads';
import type { RemotesConfigSource } from './remotesConfig';
import { createHeroRenderers, readHomeBanner, renderHomeHero } from './serverRender';
import { OWN_PAGES, routeOf } from './routeTable';
import { REVALIDATE, registerStaticFiles } from './staticFiles';
import type { WordPressReads } from './wordpressReads';

/** Build files for developers (a precompressed copy too): source maps, federation stats. */
const DEVELOPER_FILES = /(?:\.map|\/mf-stats\.json)(?:\.br|\.gz)?$/i;
/** ...of which the stats, never served. */
const DEVELOPER_STATS = /\/mf-stats\.json(?:\.br|\.gz)?$/i;

/** The server renderer the gateway has: a remote's hero (tooling's createServerConfig `hero`). */
const HERO_RENDERER = 'hero';

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

/** Serves the shell at / and each remote's build at /remotes/<name>/. */
export async function registerStaticSite(
  app: FastifyInstance,
  options: {
    /** The routes, remotes and markup of the shell served (its build's page-contract.json). */
    contract: PageContract;
    appsRoot: string;
    /** Released remote versions, served at /releases/<name>/<version>/. */
    releasesDir: string;
    remotes: RemotesConfigSource;
    /** Settings the page may know (never secrets). */
    publicConfig: Record<string, string>;
    /** WordPress, which the home page's hero is read from when the gateway renders it. */
    wordpressUrl: string;
    /** The gateway's cached reads of WordPress, which say what a page is about (its head). */
    wordpress: WordPressReads;
    /** The storefront's public address, which WordPress builds the hero's links from. */
    publicUrl: URL;
    /** How long the home page waits for its banner to render the hero; 0 renders none. */
    serverRenderBudgetMs: number;
    /** How long a page waits for WordPress to say what it is about; 0 reads nothing. */
    headReadBudgetMs: number;
    /** The page's Content-Security-Policy, allowing the style sheets it carries inline. */
    pagePolicy: (styleHashes: string[]) => string;
    /** Whether the builds' source maps are served (an operator debugging production). */
    publicSourceMaps: boolean;
  },
): Promise<void> {
  const shellDir = path.join(options.appsRoot, 'shell', 'dist');
  const { contract } = options;
  const template = readIndexTemplate(shellDir, contract.markup);
  const shellPageCode = readShellPageCode(shellDir);
  const remoteNames = remoteNamesOf(contract);
  fs.mkdirSync(options.releasesDir, { recursive: true });
  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ code: 'not_found', message: 'Not found.', data: { status: 404 } });

  // The builds' source maps and module federation stats are for the company's developers: they
  // show every source file and library of the shop. Not found here, unless an operator turns the
  // maps on; mf-manifest.json (which the shell loads) is not one of them.
  const unlisted = options.publicSourceMaps ? DEVELOPER_STATS : DEVELOPER_FILES;
  app.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request.url);
    if (routeOf(request.method, path) !== undefined || !unlisted.test(path)) {
      done();
      return;
    }
    void notFound(reply);
  });
  const assets = await registerStaticFiles(app, [
    ...remoteNames.map((name) => ({
      prefix: `/remotes/${name}/`,
      root: path.join(options.appsRoot, `remote-${name}`, 'dist'),
    })),
    { prefix: '/releases/', root: options.releasesDir },
    { prefix: '/', root: shellDir },
  ]);

  app.get('/remotes.json', (_request, reply) => {
    void reply.header('Cache-Control', REVALIDATE).send(options.remotes.get());
  });

  const folderOf = localFolderOf(remoteNames, options.appsRoot, options.releasesDir);
  const readManifest = createManifestReader(folderOf);
  const warn = (message: string, error?: unknown) => {
    app.log.warn({ err: error }, message);
  };
  const heroRenderers = createHeroRenderers(folderOf, warn);
  const heads = createPageHeads({
    contract,
    wordpress: options.wordpress,
    publicUrl: options.publicUrl,
    budgetMs: options.headReadBudgetMs,
    defaults: templateHead(template),
    warn,
  });
  app.addHook('onClose', () => heroRenderers.close());
  // The remote whose hero renderer draws a route's first screen (the contract's `serverRender`).
  const heroRemoteOf = (route: PageRoute | undefined) =>
    route?.serverRender === HERO_RENDERER ? route.remote?.split('/')[0] : undefined;
  // The renderer is loaded (with jsdom, a third of a second) at start, not by the first visitor;
  // a new release's is loaded by the first page that asks, which goes without it meanwhile.
  if (options.serverRenderBudgetMs > 0) {
    for (const name of new Set(contract.routes.map(heroRemoteOf))) {
      const manifest = name && options.remotes.get()[name];
      if (manifest) await heroRenderers.load(manifest);
    }
  }
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const remotes = options.remotes.get();
    const pageAsked = pageRequest(contract, request.url);
    const code = remoteCodeFor(contract, remotes, pageAsked, readManifest);
    const heroRemote = heroRemoteOf(pageAsked.shows);
    const homeManifest = heroRemote ? remotes[heroRemote] : undefined;
    // What the page is about and its hero are read from WordPress at the same time.
    const [served, serverRender] = await Promise.all([
      heads.headFor(pageAsked),
      !pageAsked.bare &&
      homeManifest &&
      options.serverRenderBudgetMs > 0 &&
      canHoldServerRender(template, contract.markup)
        ? renderHomeHero(
            heroRenderers.readyFor(homeManifest),
            () =>
              readHomeBanner(options.wordpressUrl, {
                budgetMs: options.serverRenderBudgetMs,
                host: options.publicUrl.host,
                protocol: options.publicUrl.protocol.slice(0, -1),
              }),
            warn,
          )
        : undefined,
    ]);
    // The page carries the styles of what it shows, so its first paint needs no other response
    // and the remotes find their sheets in place. A sheet it cannot carry is preloaded, or linked
    // (the first paint waits for it) when it styles markup the page already holds.
    const readSheet = (href: string) => assets.lookup(href, '')?.body.toString('utf8');
    const blockingBase = serverRender && homeManifest ? remoteBase(homeManifest) : undefined;
    const linked = (url: string) =>
      (blockingBase !== undefined && url.startsWith(blockingBase)) ||
      sheetToCarry(url, readSheet) !== undefined;
    const page = renderIndex(template, contract.markup, remotes, options.publicConfig, {
      carried: code.carried,
      manifests: code.manifests,
      hints:
        (serverRender ? '' : dataHints(contract, pageAsked, Date.now())) +
        codeHints(shellPageCode(pageAsked), linked) +
        codeHints(code, linked),
      bare: pageAsked.bare,
      head: served.head,
      ...(serverRender ? { serverRender } : {}),
    });
    const inlined = inlineStyleSheets(page, contract.markup, readSheet);
    return reply
      .code(served.status)
      .header('Cache-Control', REVALIDATE)
      .header('Content-Security-Policy', options.pagePolicy(inlined.hashes))
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
