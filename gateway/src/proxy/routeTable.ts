/**
 * The gateway's one route table: for each folder of the storefront's origin that is not the
 * shell's own files, who answers it, and for each route in it (a path pattern and its methods)
 * who may call it, how long its answer is kept, how often a client may call it and whether its
 * answer is about one person. The proxy's registration, the upstream policy, the read cache, the
 * rate limits, the security headers and the canonical-path check all read it; nothing else keys
 * a rule by path.
 *
 * Paths are matched as the request sends them, without the query, after the canonical-path check
 * (plugins/canonicalPaths.ts) has refused dot segments, encodings, characters outside ASCII and
 * other spellings of these folders. WordPress matches its routes regardless of (ASCII) case, so a
 * rule that guards a WordPress route matches regardless of case too (`/i`); a route the table opens
 * is opened in the storefront's own spelling only.
 *
 * Under `/wp-json` nothing is open but the routes listed: each route a page of the storefront
 * calls, with its methods and the query parameters WordPress is asked with. Everything else there
 * is WordPress's "no route" (404) before any upstream.
 */

/** The services behind the gateway. */
export type Upstream = 'wordpress' | 'lms' | 'portal';

type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** What the gateway says when it refuses a request itself. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
}

/** Who may make a request. */
export type Access =
  /** Anyone; the upstream decides. */
  | { kind: 'public' }
  /** Nobody: the gateway answers itself. */
  | { kind: 'refused'; refusal: Refusal }
  /** Only the order's owner (the browser that created it, or its customer). */
  | { kind: 'order-owner'; orderIdIn: 'path' }
  /**
   * Only the account the request names, with that account's token: its user id is the first
   * group of `path`'s pattern (which must match the whole path) or the JSON body's field `body`.
   * A query parameter named `param` is refused: WordPress would read the id from it first.
   */
  | {
      kind: 'account-owner';
      userIdIn: { path: RegExp; param: string } | { body: string };
      refusals: { loggedOut: string; otherAccount: string };
    }
  /**
   * Any account, about itself: the upstream answers the token's own user and names no id. With a
   * token the gateway verifies first, as it does the account-owner routes'.
   */
  | { kind: 'own-account'; loggedOut: string }
  /** Only the payment page's own form (checkoutForm.ts), checked as the page is (below). */
  | { kind: 'payment-form' }
  /** An order's payment page: its points and places checked again first (commerce/payment.ts). */
  | { kind: 'payment-page' };

/** One route: a path pattern and its methods, with what the gateway does about it. */
export interface RouteRule {
  /** Its name in logs; a rate limit's group. */
  name: string;
  path: RegExp;
  /** The methods it covers; every method when unset. */
  methods?: readonly HttpMethod[];
  access: Access;
  /** How long a logged-out GET's answer is kept, in ms; never when unset or 0. */
  cacheTtlMs?: number;
  /** Requests per client and minute. */
  perMinute?: number;
  /** An answer about one person: no browser or proxy keeps it (Cache-Control: no-store). */
  private?: boolean;
  /** A page the upstream renders, with its own Content-Security-Policy. */
  upstreamPage?: boolean;
  /** The largest request body taken, in bytes (the gateway's own limit, 1 MB, otherwise). */
  maxBodyBytes?: number;
  /**
   * In a folder PHP answers (`php`), the query parameters the upstream is asked with (and a kept
   * answer is keyed by): those of them the request names, each once. Any other parameter is
   * dropped (proxy/phpParams.ts). Unset: none.
   */
  params?: readonly string[];
  /**
   * The fields WordPress is asked for (`_fields`, which every REST route takes) when the request
   * names none of the parameters `unless` lists: a list's answer holds only what a page shows of
   * it, whoever asks (the blog's list without each post's content).
   */
  fields?: { names: readonly string[]; unless: readonly string[] };
}

/** The part of a folder the gateway passes to an upstream. */
export interface ProxyMount {
  prefix: string;
  upstream: Upstream;
  /** The methods passed on; every method when unset. */
  methods?: readonly HttpMethod[];
  /** Its answers are JSON: anything else becomes a 502 JSON error. */
  json: boolean;
  /**
   * Its paths name files: it is read (GET, HEAD) with nothing of the request but its path (no
   * query, body or token), and an answer that is not a file is the gateway's own 404.
   */
  files?: true;
  /**
   * Its answers carry WordPress's HTML, which the browser renders as it is served: each is read
   * and sanitized before anything else sees it (plugins/backendHtml.ts).
   */
  backendHtml?: true;
}

/** A first-level folder of the origin and the routes in it; the first rule that matches applies. */
export interface Folder {
  /** `/wp-json`: the folder itself and everything under `/wp-json/`. */
  prefix: string;
  /** What is proxied; a folder without one is answered by the gateway itself. */
  proxy?: ProxyMount;
  /**
   * Its upstream is PHP (WordPress, the portal): the gateway reads its queries and forms itself,
   * as PHP would, and passes on only the names its routes list (proxy/phpParams.ts).
   */
  php?: true;
  /** Defaults for every path under `prefix/`, a rule's own setting winning. */
  under?: Pick<RouteRule, 'private' | 'upstreamPage' | 'params'>;
  /**
   * Its paths name files as they were uploaded, in any script. Elsewhere an upstream routes a
   * path by patterns, and only ASCII is taken (plugins/canonicalPaths.ts).
   */
  filePaths?: true;
  rules: readonly RouteRule[];
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A contact form's name, phone, email and message: a long message is a few thousand characters. */
export const CONTACT_FORM_MAX_BYTES = 32 * 1024;

/** A release-health beacon: a few versions and figures, well under 1 KB (releaseHealth/beacon.ts). */
const RELEASE_HEALTH_MAX_BYTES = 1024;

const PUBLIC: Access = { kind: 'public' };
/** A read: WordPress answers HEAD with GET's handler. */
const READ: readonly HttpMethod[] = ['GET', 'HEAD'];
const NOT_FOUND: Access = {
  kind: 'refused',
  refusal: { status: 404, code: 'not_found', message: 'Not found.' },
};
const NO_ROUTE: Access = {
  kind: 'refused',
  refusal: {
    status: 404,
    code: 'rest_no_route',
    message: 'No route was found matching the URL and request method.',
  },
};

/**
 * A read of content any visitor may make (GET, HEAD), with the query parameters its page sends;
 * a logged-out visitor's answer is kept `cacheTtlMs` (0: never).
 */
function contentRead(
  name: string,
  path: RegExp,
  cacheTtlMs: number,
  params: readonly string[] = [],
): RouteRule {
  return { name, methods: READ, path, access: PUBLIC, cacheTtlMs, params };
}

/**
 * The pages the storefront shows itself under an upstream's folder, never proxied: the order
 * received page WooCommerce sends the shopper to after paying (`/checkout/order-received/{id}/`,
 * the order's id its first group), which reads the order through the commerce API and settles
 * the cart. The page plugin serves them (page/index.ts).
 */
export const OWN_PAGES = [
  { prefix: '/checkout/order-received', page: /^\/checkout\/order-received\/([1-9]\d{0,9})\/?$/ },
] as const;

export const ROUTE_TABLE: readonly Folder[] = [
  {
    prefix: '/wp-json',
    // WordPress's content and the site's own routes; never WooCommerce (see commerce/).
    proxy: { prefix: '/wp-json', upstream: 'wordpress', json: true, backendHtml: true },
    php: true,
    // WordPress is asked with no query parameter but those a route lists.
    under: { params: [] },
    rules: [
      // WooCommerce's REST namespaces (wc/v3, wc/store, wc-analytics, wc-points-rewards, ...): the
      // gateway's commerce API calls WooCommerce itself.
      { name: 'woocommerce', path: /^\/wp-json\/wc(?:[-/]|$)/i, access: NO_ROUTE },
      // Lookups that tell about one order. HEAD too: WordPress answers it with GET's handler, and
      // its status and length would tell whether the order exists and in what state.
      {
        name: 'check-order-lookup',
        methods: READ,
        path: /^\/wp-json\/custom\/v2\/check-order-lookup\/([^/]*)\/?$/i,
        access: { kind: 'order-owner', orderIdIn: 'path' },
        private: true,
      },
      {
        name: 'check-subscription-success',
        methods: READ,
        path: /^\/wp-json\/wp\/v2\/check-subscription-success\/([^/]*)\/?$/i,
        access: { kind: 'order-owner', orderIdIn: 'path' },
        private: true,
      },
      // The order tracking (custom/v2/trackOrder) is not opened: the gateway posts it itself, built
      // from a paid order (commerce/orderTracking.ts).
      // Guessing passwords and flooding forms are slowed down per client.
      {
        name: 'login',
        methods: ['POST'],
        path: /^\/wp-json\/jwt-auth\/v1\/token\/?$/i,
        access: PUBLIC,
        // Only a flood stops here: a venue's class shares one address. Guessing is limited by
        // failures, per account and per client (identity/accounts.ts).
        perMinute: 120,
        private: true,
      },
      {
        name: 'signup',
        methods: ['POST'],
        path: /^\/wp-json\/custom\/v1\/register\/?$/i,
        access: PUBLIC,
        // A class of 25 signing up together at one venue; accounts in bulk stop here.
        perMinute: 30,
        private: true,
      },
      {
        name: 'forgot-password',
        methods: ['POST'],
        path: /^\/wp-json\/custom\/v1\/forgot-password\/?$/i,
        access: PUBLIC,
        perMinute: 5,
        private: true,
      },
      {
        name: 'reset-password',
        methods: ['POST'],
        path: /^\/wp-json\/custom\/v1\/reset-password-form\/?$/i,
        access: PUBLIC,
        perMinute: 10,
        private: true,
      },
      {
        name: 'contact-form',
        methods: ['POST'],
        path: /^\/wp-json\/contact-form\/v1\/submit\/?$/i,
        access: PUBLIC,
        perMinute: 5,
        private: true,
        maxBodyBytes: CONTACT_FORM_MAX_BYTES,
      },
      // A learner's own courses and exam date: with that learner's token only, whatever
      // WordPress checks itself.
      {
        name: 'user-courses',
        methods: READ,
        path: /^\/wp-json\/wp\/v2\/usercourses(?:\/|$)/i,
        access: {
          kind: 'account-owner',
          userIdIn: { path: /^\/wp-json\/wp\/v2\/usercourses\/([^/]+)\/?$/i, param: 'id' },
          refusals: {
            loggedOut: 'Please log in to see your courses.',
            otherAccount: 'These courses belong to another account.',
          },
        },
        private: true,
      },
      {
        name: 'exam-date',
        methods: ['POST'],
        path: /^\/wp-json\/wp\/v2\/update_user_date(?:\/|$)/i,
        access: {
          kind: 'account-owner',
          userIdIn: { body: 'user_id' },
          refusals: {
            loggedOut: 'Please log in to set your exam date.',
            otherAccount: 'You can only set the exam date of your own account.',
          },
        },
        private: true,
      },
      // The learner's own profile, for the exam date My courses shows: the user meta `exam_date`
      // that update_user_date writes, which WordPress gives once the company's plugin registers it
      // for its REST API (docs/DEPLOY.md). WordPress answers the token's own user; the gateway
      // asks for that one field whatever the request names, and nobody keeps the answer. Other
      // users, and any other spelling or method, stay WordPress's "no route".
      {
        name: 'own-profile',
        methods: READ,
        path: /^\/wp-json\/wp\/v2\/users\/me\/?$/,
        access: { kind: 'own-account', loggedOut: 'Please log in to see your exam date.' },
        private: true,
        fields: { names: ['meta.exam_date'], unless: [] },
      },
      // The footer's newsletter form (its action, in the footer's HTML, names this route).
      {
        name: 'newsletter',
        methods: ['POST'],
        path: /^\/wp-json\/custom\/v1\/newsletter\/?$/,
        access: PUBLIC,
        perMinute: 5,
        private: true,
      },
      // Content the pages read, kept for logged-out visitors (the footer 1 h,
      // product attributes 10 min, home_banner never, as it disables its cache; others a
      // minute), each with the query parameters its page sends.
      contentRead('home-banner', /^\/wp-json\/wp\/v2\/home_banner\/?$/, 0, ['t']),
      contentRead('footer', /^\/wp-json\/wp\/v2\/footer\/?$/, 60 * MINUTE),
      contentRead(
        'product-attributes',
        /^\/wp-json\/custom\/v1\/products\/attributes\/?$/,
        10 * MINUTE,
      ),
      contentRead('menu', /^\/wp-json\/wp\/v2\/menu_home\/?$/, MINUTE),
      contentRead('courses', /^\/wp-json\/wp\/v2\/courseList\/?$/, MINUTE),
      contentRead('course', /^\/wp-json\/wp\/v2\/course\/[1-9]\d{0,9}\/?$/, MINUTE),
      contentRead('partners', /^\/wp-json\/wp\/v2\/our_partner\/?$/, MINUTE),
      contentRead('events', /^\/wp-json\/wp\/v2\/events\/?$/, MINUTE),
      contentRead('ticket-events', /^\/wp-json\/wp\/v2\/products-with-ticket\/?$/, MINUTE),
      contentRead(
        'location',
        /^\/wp-json\/wp\/v2\/page-details\/location-[1-9]\d{0,9}\/?$/,
        MINUTE,
      ),
      // The home page's fields (its id), and any page by its slug.
      contentRead('page', /^\/wp-json\/wp\/v2\/pages\/[1-9]\d{0,9}\/?$/, MINUTE),
      {
        ...contentRead('pages', /^\/wp-json\/wp\/v2\/pages\/?$/, MINUTE, [
          'page',
          'per_page',
          'slug',
        ]),
        // The list of every page, page by page (the sitemap's): where each is and when it changed.
        fields: { names: ['id', 'slug', 'parent', 'modified_gmt'], unless: ['slug'] },
      },
      // The blog: a post by its slug (its head embeds the featured image), the list, categories.
      {
        ...contentRead('posts', /^\/wp-json\/wp\/v2\/posts\/?$/, MINUTE, [
          '_embed',
          'page',
          'per_page',
          'slug',
        ]),
        // The list shows each post's title, date, excerpt and categories: not its content (the
        // company's 100 posts in full are over a megabyte), which a post's page reads by slug.
        fields: {
          names: ['id', 'slug', 'date', 'title', 'excerpt', 'categories'],
          unless: ['slug'],
        },
      },
      contentRead('categories', /^\/wp-json\/wp\/v2\/categories\/?$/, MINUTE, ['per_page']),
      contentRead('promotional-banner', /^\/wp-json\/custom\/v2\/getPromotionalBanner\/?$/, MINUTE),
      {
        ...contentRead('search', /^\/wp-json\/custom\/v1\/search\/?$/, MINUTE, ['s']),
        // The header's suggestions ask as the visitor types: one search per pause in the typing
        // (200 ms), a long term about twenty, a visitor's busy minute well under a hundred, and
        // a class at a venue, sharing one address, mostly under this too. A made-up term misses
        // the read cache and is a WordPress full-text query each: a script of them stops here.
        perMinute: 300,
      },
      contentRead('info-page', /^\/wp-json\/custom\/v1\/(?:404|acceptable-use-policy)\/?$/, MINUTE),
      // Everything else, whatever its method: routes no page calls, WordPress's own (the index,
      // users, types, oEmbed, batch requests, the JWT plugin's token check) and the
      // site's own routes no screen uses yet. Each of those stays closed until its screen
      // exists, and then needs:
      // - custom/v1/send-reset-link (it mails any text to any address in the company's name): the
      //   buyer's token, a recipient of the buyer's own order, a limit per buyer;
      // - wp/v2/update_live_courses, wsp-route/v1/create-subscription and upgrade-subscription
      //   (they answer success with no payment): the learner's token, the body's user its owner
      //   (as update_user_date), a paid order of that learner, a limit;
      // - wp/v2/unused/{id} (a learner's purchases): the learner's token, the path's id its owner
      //   (as usercourses), never kept;
      // - wp/v2/getImgSections/{id}, wp/v2/mailchimp-html, custom-api/v1/search (`search_text`),
      //   posts by category (`categories`): a content read here, with its parameters listed.
      { name: 'no-route', path: /^\/wp-json(?:\/|$)/i, access: NO_ROUTE },
    ],
  },
  {
    prefix: '/checkout',
    // WooCommerce's order-pay page, where checkout hands the browser over, and the one form it
    // posts (to pay or cancel; checkoutForm.ts). Its return page is the storefront's own.
    proxy: {
      prefix: '/checkout',
      upstream: 'wordpress',
      methods: ['GET', 'HEAD', 'POST'],
      json: false,
    },
    php: true,
    // The payment page's URL: the order (pay_for_order) and its key, which WooCommerce reads.
    under: { private: true, upstreamPage: true, params: ['pay_for_order', 'key'] },
    rules: [
      // The storefront's own page (OWN_PAGES), served by the shell; reached here only by a method
      // the shell does not serve.
      {
        name: 'order-received',
        path: /^\/checkout\/order-received(?:\/|$)/,
        access: NOT_FOUND,
        upstreamPage: false,
      },
      // ...and in any other spelling, which WordPress would serve: never WordPress's.
      {
        name: 'order-received-spelled',
        path: /^\/checkout\/order-received(?:\/|$)/i,
        access: NOT_FOUND,
      },
      // The payment page, shown only while the order still has its points and places: each view
      // is a WooCommerce read with the keys, so a flood of them stops here.
      {
        name: 'order-pay-page',
        methods: ['GET'],
        path: /^\/checkout\/order-pay\/\d+\/$/,
        access: { kind: 'payment-page' },
        perMinute: 60,
      },
      // Paying (or trying card after card) and cancelling through the order's payment page.
      {
        name: 'order-pay',
        methods: ['POST'],
        path: /^\/checkout\/order-pay\/\d+\/$/,
        access: { kind: 'payment-form' },
        perMinute: 10,
      },
      // No other post: refused as not the payment form.
      {
        name: 'checkout-post',
        methods: ['POST'],
        path: /^\/checkout(?:\/|$)/,
        access: { kind: 'payment-form' },
      },
      { name: 'checkout', path: /^\/checkout(?:\/|$)/, access: PUBLIC },
    ],
  },
  {
    prefix: '/wp-content',
    // Media the content links to: files, read and nothing else.
    proxy: { prefix: '/wp-content/uploads', upstream: 'wordpress', json: false, files: true },
    php: true,
    // A file is named by its path alone.
    under: { params: [] },
    filePaths: true,
    rules: [
      { name: 'uploads', methods: READ, path: /^\/wp-content\/uploads(?:\/|$)/, access: PUBLIC },
      {
        name: 'uploads-write',
        path: /^\/wp-content\/uploads(?:\/|$)/,
        access: {
          kind: 'refused',
          refusal: {
            status: 405,
            code: 'method_not_allowed',
            message: 'Uploaded files can only be read.',
          },
        },
      },
    ],
  },
  {
    prefix: '/lms',
    // The cart service.
    proxy: { prefix: '/lms/api/v1/item', upstream: 'lms', json: true },
    under: { private: true },
    rules: [
      {
        name: 'cart',
        path: /^\/lms(?:\/|$)/,
        access: {
          kind: 'account-owner',
          userIdIn: { body: 'userId' },
          refusals: {
            loggedOut: 'Please log in to use your saved cart.',
            otherAccount: 'This cart belongs to another account.',
          },
        },
      },
    ],
  },
  {
    prefix: '/portal',
    // The sample learner dashboard, proxied only when no PORTAL_URL is configured.
    proxy: { prefix: '/portal', upstream: 'portal', json: false },
    php: true,
    // Whether the dashboard opens in the mobile app (the storefront's dashboardUrl).
    under: { private: true, upstreamPage: true, params: ['isMobileApp'] },
    rules: [{ name: 'portal', path: /^\/portal(?:\/|$)/, access: PUBLIC }],
  },
  {
    prefix: '/api',
    // The gateway's own API: commerce (commerce/routes.ts) and the session.
    under: { private: true },
    rules: [
      // Probing coupons and placing orders are slowed down per client.
      {
        name: 'apply-coupon',
        methods: ['POST'],
        path: /^\/api\/shop\/coupons$/,
        access: PUBLIC,
        perMinute: 20,
      },
      {
        name: 'orders',
        methods: ['POST'],
        path: /^\/api\/shop\/orders$/,
        access: PUBLIC,
        perMinute: 10,
      },
      // An order read (its owner's, or by the key its confirmation link carries) is a WooCommerce
      // call: a page load makes one at most. Only a flood stops here: a venue's class shares one
      // address, and a key (WooCommerce's, 13 random letters and digits) is not found by guessing.
      {
        name: 'order-read',
        methods: READ,
        path: /^\/api\/shop\/orders\/[1-9]\d{0,9}$/,
        access: PUBLIC,
        perMinute: 120,
      },
      // A paid order is reported once per tab that learns of it (commerce/orderTracking.ts).
      {
        name: 'order-tracking',
        methods: ['POST'],
        path: /^\/api\/shop\/orders\/[1-9]\d{0,9}\/tracking$/,
        access: PUBLIC,
        perMinute: 10,
      },
      // An unpaid order the cart offers to cancel (commerce/routes.ts).
      {
        name: 'order-cancellation',
        methods: ['POST'],
        path: /^\/api\/shop\/orders\/[1-9]\d{0,9}\/cancellation$/,
        access: PUBLIC,
        perMinute: 10,
      },
      // A free order is completed by the gateway, once (commerce/freeOrders.ts).
      {
        name: 'free-order',
        methods: ['POST'],
        path: /^\/api\/shop\/orders\/[1-9]\d{0,9}\/free-completion$/,
        access: PUBLIC,
        perMinute: 10,
      },
      // A page's release-health beacon (releaseHealth/): one or two a page view; past that, a
      // flood, dropped before its body is read.
      {
        name: 'release-health',
        methods: ['POST'],
        path: /^\/api\/release-health$/,
        access: PUBLIC,
        perMinute: 60,
        maxBodyBytes: RELEASE_HEALTH_MAX_BYTES,
      },
      {
        name: 'logout',
        methods: ['POST'],
        path: /^\/api\/session\/logout$/,
        access: PUBLIC,
        perMinute: 20,
      },
      // "Log out of all devices": a learner needs it once; each is a WordPress token check.
      {
        name: 'logout-all',
        methods: ['POST'],
        path: /^\/api\/session\/logout-all$/,
        access: PUBLIC,
        perMinute: 10,
      },
    ],
  },
];

/** A path's route: its folder, and the rule that applies (undefined: the folder's defaults). */
export interface RouteMatch {
  folder: Folder;
  rule: RouteRule | undefined;
}

/** Whether a path is the folder or under it; a folder's name is read regardless of case. */
function inFolder(folder: Folder, path: string): boolean {
  const lower = path.toLowerCase();
  return lower === folder.prefix || lower.startsWith(`${folder.prefix}/`);
}

function ruleApplies(rule: RouteRule, method: string, path: string): boolean {
  return (!rule.methods || rule.methods.includes(method as HttpMethod)) && rule.path.test(path);
}

/** The route of a request's path (without its query), or undefined outside the table's folders. */
export function routeOf(
  method: string,
  path: string,
  table: readonly Folder[] = ROUTE_TABLE,
): RouteMatch | undefined {
  const folder = table.find((candidate) => inFolder(candidate, path));
  if (!folder) return undefined;
  return { folder, rule: folder.rules.find((rule) => ruleApplies(rule, method, path)) };
}

/** Who may make this request: public outside the table and where no rule says otherwise. */
export function accessOf(method: string, path: string): Access {
  return routeOf(method, path)?.rule?.access ?? PUBLIC;
}

/** How long a logged-out GET's answer may be kept, in ms; 0: never. */
export function cacheTtlOf(path: string): number {
  return routeOf('GET', path)?.rule?.cacheTtlMs ?? 0;
}

/** A rate limit: the rule's name is its group. */
export interface RateLimit {
  name: string;
  perMinute: number;
}

/** The rate limit on this request, if any. */
export function rateLimitOf(method: string, path: string): RateLimit | undefined {
  const rule = routeOf(method, path)?.rule;
  return rule?.perMinute === undefined ? undefined : { name: rule.name, perMinute: rule.perMinute };
}

/** Every rate limit in the table (a limiter is made for each at start). */
export function rateLimits(table: readonly Folder[] = ROUTE_TABLE): RateLimit[] {
  return table.flatMap((folder) =>
    folder.rules.flatMap((rule) =>
      rule.perMinute === undefined ? [] : [{ name: rule.name, perMinute: rule.perMinute }],
    ),
  );
}

type Inherited = NonNullable<Folder['under']>;

/** A setting of the rule, else of the folder for a path under it. */
function settingOf<K extends keyof Inherited>(
  setting: K,
  method: string,
  path: string,
): Inherited[K] | undefined {
  const match = routeOf(method, path);
  if (!match) return undefined;
  const under = path.startsWith(`${match.folder.prefix}/`)
    ? match.folder.under?.[setting]
    : undefined;
  return match.rule?.[setting] ?? under;
}

/** Whether the answer is about one person, so no browser or proxy may keep it. */
export function isPrivateAnswer(method: string, path: string): boolean {
  return settingOf('private', method, path) ?? false;
}

/** Whether the answer is a page the upstream renders, with its own Content-Security-Policy. */
export function isUpstreamPage(method: string, path: string): boolean {
  return settingOf('upstreamPage', method, path) ?? false;
}

/** The query parameters a PHP upstream is asked with for this request, as its route lists them. */
export function paramsOf(method: string, path: string): readonly string[] | undefined {
  return settingOf('params', method, path);
}

/** The fields WordPress is asked for on this route, and unless which parameters (RouteRule). */
export function fieldsOf(method: string, path: string): RouteRule['fields'] {
  return routeOf(method, path)?.rule?.fields;
}

/** What the gateway proxies, to which upstream. */
export function proxyMounts(table: readonly Folder[] = ROUTE_TABLE): ProxyMount[] {
  return table.flatMap((folder) => (folder.proxy ? [folder.proxy] : []));
}

/** The first-level folders the table decides on (their names have one spelling). */
export function tableFolders(table: readonly Folder[] = ROUTE_TABLE): string[] {
  return table.map((folder) => folder.prefix.slice(1));
}

/** The first-level folders whose paths an upstream routes by patterns: ASCII only. */
export function asciiFolders(table: readonly Folder[] = ROUTE_TABLE): string[] {
  return tableFolders(table.filter((folder) => !folder.filePaths));
}

/** An order id as a lookup's path names it: 0 when it names none that could exist. */
function orderIdFrom(text: string | undefined): number {
  return text !== undefined && /^\d{1,10}$/.test(text) ? Number(text) : 0;
}

/** The order an owner-only lookup names in its path; 0: none. */
export function lookedUpOrderId(rule: RouteRule, path: string): number {
  if (rule.access.kind !== 'order-owner') return 0;
  return orderIdFrom(rule.path.exec(path)?.[1]);
}

/**
 * The user id an owner-only request names (its path's, or its JSON body's field), as WordPress
 * reads it; undefined when it names none.
 */
export function namedUserId(
  access: Extract<Access, { kind: 'account-owner' }>,
  path: string,
  body: unknown,
): string | undefined {
  const { userIdIn } = access;
  if ('path' in userIdIn) return userIdIn.path.exec(path)?.[1];
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[userIdIn.body];
  return typeof value === 'number' || typeof value === 'string' ? String(value) : undefined;
}

/** The body limit of this request's route, in bytes; undefined: the gateway's own. */
export function maxBodyBytesOf(method: string, path: string): number | undefined {
  return routeOf(method, path)?.rule?.maxBodyBytes;
}
