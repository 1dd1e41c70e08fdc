import * as v from 'valibot';

/**
 * The page contract's one declaration: what the shell shows where, and what the gateway and the
 * browser agree on. The shell renders its routes and layout from it; its build emits it as
 * `page-contract.json`, which the gateway reads and checks with this schema at start (routes,
 * remotes, heads, hints, markup). The types the shell and the gateway use are its output.
 */

/** What a page is about, read from WordPress for its served head (the gateway's served heads). */
const HEAD_READS = ['home', 'course', 'event', 'location', 'post', 'page'] as const;

export type HeadRead = (typeof HEAD_READS)[number];

export { routeOf } from './routeOf';

/** Reads that name one thing by the route's last segment (a slug or an id). */
const READS_BY_PARAMETER: readonly HeadRead[] = ['course', 'event', 'location', 'post'];

/** A module of a remote, as `<remote>/<exposed name>` (`header/Header`). */
const remoteModule = v.pipe(
  v.string(),
  v.regex(/^[a-z]+\/[A-Za-z]+$/, 'a module is <remote>/<Name>'),
);

/** A heading or title: text that is not blank. */
const heading = v.pipe(v.string(), v.trim(), v.minLength(1));

/** A slot of the shell's page: the name of an HTML comment. */
const templateSlot = v.pipe(v.string(), v.regex(/^[\w:-]+$/));

/** An attribute the page's markup carries: data-* only, so no value can add another. */
const dataAttribute = v.pipe(v.string(), v.regex(/^data-[a-z-]+$/));

const elementId = v.pipe(v.string(), v.minLength(1));

/**
 * A read a page starts with: the gateway names it in the page (`<link rel="preload" as="fetch">`)
 * so the browser asks for it alongside the code, at the very URL the page's own read asks for.
 */
const pageRead = v.object({
  /** The read's path; a `:name` in it is the route's segment of that name (`location-:id`). */
  path: v.pipe(v.string(), v.regex(/^\/[\w/:-]*$/, 'a read is a path on this site')),
  /**
   * The query parameters the read always sends, in the order the page's read writes them; a
   * value `:name` is the route's segment of that name (`{ "slug": ":slug" }`).
   */
  params: v.optional(v.record(v.pipe(v.string(), v.regex(/^\w+$/)), v.string())),
  /**
   * Never cached: the URL carries the page's own time (`?<stampParameter>=<ms>`), and the
   * page's first read asks for that same URL (shared-store api/preloaded.ts).
   */
  stamped: v.optional(v.boolean()),
  /** The page's query parameter the read passes on, trimmed; a blank one asks for nothing. */
  query: v.optional(v.pipe(v.string(), v.minLength(1))),
  /**
   * The route's server render is drawn from this read: the gateway reads it (through its cache),
   * hands it to the renderer and carries its answer in the page, where the page's own first read
   * of it takes it (shared-store api/served.ts) instead of asking again.
   */
  rendered: v.optional(v.boolean()),
});

/**
 * What the gateway puts in a route's served head besides its title (the gateway's only: the
 * browser's view of the contract leaves it out). `read` names what the page is about, which the
 * gateway reads from WordPress for the title, description, image and structured data: the home
 * page's SEO fields, a course, an event, a location, a blog post, or the WordPress page of the
 * path's last segment. A page that names something that does not exist is served as not found.
 * Nothing else: a key the gateway does not know is a mistake in the contract, not a setting to
 * ignore.
 */
const pageHead = v.strictObject(
  {
    description: v.optional(heading),
    read: v.optional(v.picklist(HEAD_READS)),
    /** Kept out of search engines (the cart, a search, an order). */
    noindex: v.optional(v.boolean()),
  },
  (issue) => (issue.expected === 'never' ? `Unrecognized key: ${issue.received}` : issue.message),
);

const pageContract = v.object({
  /** The remotes: each served from `remote-<name>/dist`, opened alone on `devPort` (npm run dev). */
  remotes: v.pipe(
    v.array(
      v.object({
        name: v.pipe(v.string(), v.regex(/^[a-z]+$/)),
        devPort: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
      }),
    ),
    v.minLength(1),
  ),
  /** The parts of the layout shown on every page, around the routed page. */
  layout: v.array(
    v.object({
      /** The shell's name for the place (placeholder, fallback): banner, header, trust, footer. */
      slot: v.string(),
      module: remoteModule,
      /**
       * Below the first screen: the shell loads it once the page has loaded, and the gateway does
       * not hint its code alongside the first screen's.
       */
      afterLoad: v.optional(v.boolean()),
    }),
  ),
  /**
   * What one team offers the others (shared-store's TeamModels), by team: the module every page
   * loads before its first render, layout or not (the cart's model: the badge, add to cart, the
   * cart kept in step with the account). The gateway hints its code on every page.
   */
  models: v.strictObject({ cart: remoteModule }),
  /** What the layout's first screen reads when it mounts, on every page that shows the layout. */
  layoutData: v.array(pageRead),
  /** The routes: a remote's page (`remote`) or one of the shell's own (`page`, shell/src/pages). */
  routes: v.array(
    v.object({
      /** react-router's pattern: `:name` is one segment; `*` any path no other route matches. */
      path: v.pipe(v.string(), v.regex(/^(?:\/[\w/:-]*|\*)$/, 'a route is a path or *')),
      remote: v.optional(remoteModule),
      page: v.optional(v.pipe(v.string(), v.regex(/^pages\/\w+$/))),
      /**
       * The heading of the message shown when the remote's page cannot load, where it is not the
       * page's `title` (the home page has none).
       */
      unavailableTitle: v.optional(heading),
      /**
       * The page's title: the `<title>` the gateway serves (`{title} | Arora Medical Education`)
       * until the page names a better one (a course's), and the heading of a shell page that shows
       * one page of several (the legal pages). Without one, the site's default title.
       */
      title: v.optional(heading),
      /** The company's app shows the page without the site's header and footer. */
      bareInApp: v.optional(v.boolean()),
      /**
       * The function of the server build of the route's remote, or of the shell for a shell page
       * (its dist/server/pages.js `renderers`), the gateway draws the route's first screen with,
       * from the route's `rendered` reads.
       */
      serverRender: v.optional(v.pipe(v.string(), v.regex(/^\w+$/))),
      /**
       * The cookies the route's renderer is handed (the cart's count of lines): of the
       * visitor's cookies, these only. A page whose route names some varies with them.
       */
      serverRenderCookies: v.optional(
        v.array(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,31}$/, 'a cookie name'))),
      ),
      data: v.optional(v.array(pageRead)),
    }),
  ),
  /** The served head of each route, by the route's path; a route without one has the defaults. */
  heads: v.optional(v.record(v.string(), pageHead), () => ({})),
  /** The ids, attributes and addresses the gateway writes into a page and the browser reads. */
  markup: v.object({
    /** Where the live remote name -> manifest URL map is served. */
    remotesConfigUrl: v.pipe(v.string(), v.startsWith('/')),
    /** `<script type="application/json">` holding that map, so the page needs no request for it. */
    remotesConfigId: elementId,
    /** `<script type="application/json">` holding the settings the page may know. */
    storefrontConfigId: elementId,
    /** `<script type="application/json">` holding the manifests of the remotes the page shows. */
    carriedManifestsId: elementId,
    /**
     * `<script type="application/json">` holding the answers the page's server render was drawn
     * from, by their URL without the stamp (servedKey).
     */
    servedReadsId: elementId,
    /** Marks what the gateway rendered of a remote module (its value: the module). */
    serverRenderAttribute: dataAttribute,
    /**
     * Marks a style sheet the page carries inline with its file name: the attribute by which the
     * build's own style loader (mini-css-extract-plugin) sees that a sheet is already there.
     */
    carriedStyleAttribute: dataAttribute,
    /** On a link: further public reads of the page it opens, which the shell reads ahead. */
    prefetchAttribute: dataAttribute,
    /** The query parameter a never-cached read's URL carries the page's time in. */
    stampParameter: v.pipe(v.string(), v.regex(/^\w+$/)),
    /**
     * The slots of the shell's page (shell/public/index.html) the gateway fills, as HTML comments:
     * `<!--head-->` ends the head (hints, data, configuration); `<!--firstPaint-->` …
     * `<!--/firstPaint-->` holds the first paint, left out where the app shows a page bare;
     * `<!--serverRender-->` is where the page's space takes what the gateway rendered;
     * `<!--consent-->` … `<!--/consent-->` holds the cookie question, left out for a visitor who
     * has answered it (the consent cookie); `<!--headerLogo-->` … `<!--/headerLogo-->` holds the
     * bundled mark in the header's space, which the gateway replaces with the site's logo.
     */
    headSlot: templateSlot,
    firstPaintSlot: templateSlot,
    consentSlot: templateSlot,
    serverRenderSlot: templateSlot,
    headerLogoSlot: templateSlot,
  }),
});

export type PageContract = v.InferOutput<typeof pageContract>;
export type LayoutSlot = PageContract['layout'][number];
export type PageRead = PageContract['layoutData'][number];
export type PageRoute = PageContract['routes'][number];
export type PageMarkup = PageContract['markup'];

/** What the contract's parts say of each other: modules of named remotes, heads of its routes. */
function contractProblems(contract: PageContract): string[] {
  const names = new Set(contract.remotes.map((remote) => remote.name));
  const modules = [
    ...contract.layout.map((part) => part.module),
    ...Object.values(contract.models),
    ...contract.routes.flatMap((route) => (route.remote ? [route.remote] : [])),
  ];
  const problems = modules
    .filter((module) => !names.has(module.split('/')[0] ?? ''))
    .map((module) => `${module} is of no remote the contract names`);
  const paths = new Set(contract.routes.map((route) => route.path));
  for (const [path, head] of Object.entries(contract.heads)) {
    if (!paths.has(path)) {
      problems.push(`heads.${path}: no route has this path`);
    } else if (head.read && READS_BY_PARAMETER.includes(head.read) && !/\/:\w+$/.test(path)) {
      problems.push(
        `heads.${path}.read: a ${head.read} is named by the route's last segment, which must be a parameter`,
      );
    }
  }
  return problems;
}

/** Reads and checks a page contract: a malformed one is refused, saying what is wrong. */
export function parsePageContract(json: unknown, source: string): PageContract {
  const result = v.safeParse(pageContract, json);
  const problems = result.success
    ? contractProblems(result.output)
    : result.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`);
  if (!result.success || problems.length > 0) {
    throw new Error(`The page contract ${source} is unusable: ${problems.join('; ')}`);
  }
  return result.output;
}

/** The remotes' names: each is served from remote-<name>/dist under /remotes/<name>/. */
export function remoteNamesOf(contract: Pick<PageContract, 'remotes'>): string[] {
  return contract.remotes.map((remote) => remote.name);
}
