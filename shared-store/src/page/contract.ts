import contract from './page-contract.json';

/** A remote the storefront composes: served from `remote-<name>/dist`, opened alone on `devPort`. */
export interface RemoteEntry {
  name: string;
  devPort: number;
}

/** A module of a remote, as `<remote>/<exposed name>` (`header/Header`). */
export type RemoteModule = string;

/** A part of the layout shown on every page, around the routed page. */
export interface LayoutSlot {
  /** The shell's name for the place (its placeholder and fallback): banner, header, trust, footer. */
  slot: string;
  module: RemoteModule;
  /**
   * Below the first screen: the shell loads it once the page has loaded, and the gateway does not
   * hint its code alongside the first screen's.
   */
  afterLoad?: boolean;
}

/**
 * A read a page starts with: the gateway names it in the page (`<link rel="preload" as="fetch">`)
 * so the browser asks for it alongside the code, at the very URL the page's own read asks for.
 */
export interface PageRead {
  path: string;
  /**
   * Never cached: the URL carries the page's own time (`?<stampParameter>=<ms>`), and the
   * page's first read asks for that same URL (shared-store api/preloaded.ts).
   */
  stamped?: boolean;
  /** The page's query parameter the read passes on, trimmed; a blank one asks for nothing. */
  query?: string;
}

/** A route: a remote's page (`remote`) or one of the shell's own (`page`, shell/src/pages). */
export interface PageRoute {
  /** react-router's pattern: `:name` is any one segment. */
  path: string;
  remote?: RemoteModule;
  page?: string;
  /**
   * The heading of the message shown when the remote's page cannot load, where it is not the
   * page's `title` (the home page has none).
   */
  unavailableTitle?: string;
  /**
   * The page's title: the `<title>` the gateway serves (`{title} | Arora Medical Education`)
   * until the page names a better one (a course's), and the heading of a shell page that shows
   * one page of several (the legal pages). Without one, the site's default title.
   */
  title?: string;
  /** The company's app shows the page without the site's header and footer. */
  bareInApp?: boolean;
  /** The remote's server renderer the gateway draws the first screen with (`hero`). */
  serverRender?: string;
  data?: PageRead[];
}

/**
 * What the gateway puts in a route's served head besides its title (gateway-only: the browser's
 * view of the contract leaves it out). `read` names what the page is about, which the gateway
 * reads from WordPress for the title, description, image and structured data: the home page's
 * SEO fields, a course, an event, a location, a blog post, or the WordPress page of the path's
 * last segment. A page that names something that does not exist is served as not found.
 */
export interface PageHead {
  description?: string;
  /** home, course, event, location, post or page (the gateway's schema refuses others). */
  read?: string;
  /** Kept out of search engines (the cart, a search, an order). */
  noindex?: boolean;
}

/** The ids, attributes and addresses the gateway writes into a page and the browser reads. */
export interface PageMarkup {
  /** Where the live remote name -> manifest URL map is served. */
  remotesConfigUrl: string;
  /** `<script type="application/json">` holding that map, so the page needs no request for it. */
  remotesConfigId: string;
  /** `<script type="application/json">` holding the settings the page may know. */
  storefrontConfigId: string;
  /** `<script type="application/json">` holding the manifests of the remotes the page shows. */
  carriedManifestsId: string;
  /** `<script type="application/json">` holding the banner answer the hero was rendered from. */
  servedBannerId: string;
  /** Marks what the gateway rendered of a remote module (its value: the module). */
  serverRenderAttribute: string;
  /**
   * Marks a style sheet the page carries inline with its file name: the attribute by which the
   * build's own style loader (mini-css-extract-plugin) sees that a sheet is already there.
   */
  carriedStyleAttribute: string;
  /** The query parameter a never-cached read's URL carries the page's time in. */
  stampParameter: string;
  /**
   * The slots of the shell's page (shell/public/index.html) the gateway fills, as HTML comments:
   * `<!--head-->` ends the head (hints, data, configuration); `<!--firstPaint-->` …
   * `<!--/firstPaint-->` holds the first paint, left out where the app shows a page bare;
   * `<!--serverRender-->` is where the page's space takes what the gateway rendered.
   */
  headSlot: string;
  firstPaintSlot: string;
  serverRenderSlot: string;
}

/**
 * The page contract: what the shell shows where, and what the gateway and the browser agree on.
 * The shell renders its routes and layout from it; its build emits it as `page-contract.json`,
 * which the gateway reads (routes, remotes, hints, markup) with the rest of the shell's build.
 */
export interface PageContract {
  remotes: RemoteEntry[];
  layout: LayoutSlot[];
  /** What the layout's first screen reads when it mounts, on every page that shows the layout. */
  layoutData: PageRead[];
  routes: PageRoute[];
  /** The served head of each route, by its path. */
  heads: Record<string, PageHead>;
  markup: PageMarkup;
}

/**
 * What the browser reads of the page contract: the layout, the routes and the markup. The rest
 * (remotes' dev ports, the reads the gateway starts) is the build's and the gateway's, and stays
 * out of the page's code.
 */
export type BrowserPageContract = Pick<PageContract, 'layout' | 'routes' | 'markup'>;

/** The contract's file is a PageContract, checked at compile time (nothing of it is kept for this). */
export type CheckedPageContract = Checked<typeof contract>;
type Checked<T extends PageContract> = T;

export const PAGE_CONTRACT: BrowserPageContract = {
  layout: contract.layout,
  routes: contract.routes,
  markup: contract.markup,
};

/** The routes on which the company's app shows the page without the layout. */
export const BARE_IN_APP_ROUTES: readonly string[] = PAGE_CONTRACT.routes
  .filter((route) => route.bareInApp === true)
  .map((route) => route.path);
