import * as v from 'valibot';
import {
  entryBySlug,
  HOME_PAGE_ID,
  homePage,
  wpPreview,
  type HeadAnswer,
  type HeadInput,
  type HeadOutcome,
  type HeadRead,
  type PageContract,
  type PageSubject,
} from 'shared-store/server';
import { pathOf } from '../plugins/canonicalPaths';
import { plainText } from './htmlText';
import {
  MAX_DESCRIPTION_CHARS,
  MAX_TITLE_CHARS,
  SITE_NAME,
  titleOf,
  type PageHead,
  type TemplateHead,
} from './headMarkup';
import type { PageRequest } from './remoteHints';
import { isOpenWordPressRead, type RouteRenderer } from './serverRender';
import { cacheTtlOf } from '../proxy/routeTable';
import type { WordPressReads } from '../proxy/wordpressReads';
import { type AnswerJson, within } from './wordpressAnswers';

const WP = '/wp-json/wp/v2';

/** The WordPress page that holds the home page's SEO title and description. */
export const HOME_PAGE = `${WP}/pages/${String(HOME_PAGE_ID)}`;

/** The title of a page that is not there; the shell's not-found page says the same. */
const NOT_FOUND_NAME = 'Page not found';

/** A page's head and the status it is served with: 404 when what it names does not exist. */
export interface ServedHead {
  status: 200 | 404;
  head: PageHead;
}

/** What WordPress says a page is about: its name and what a preview shows of it. */
interface About {
  name: string;
  /** The whole title, when WordPress gives one (the home page's SEO title). */
  title?: string;
  description?: string;
  image?: string;
  structuredData?: Record<string, unknown>[];
}

/** A read's outcome: what the page is about, nothing by that name (`absent`), or no answer. */
type Outcome = About | 'absent' | undefined;

/** A WordPress answer: its JSON, a 404 for what it names (`absent`), or none that can be used. */
type Answer = { json: unknown } | 'absent' | undefined;

/*
 * What the gateway's own heads read of WordPress's answers (the home page's, a post's, a page's):
 * their fields, declared once for the browser and the gateway (shared-store api/schemas.ts). A
 * field that is missing or malformed reads as absent; an entry without its title is malformed.
 */
const homeAbout = v.pick(homePage, ['rank_math_meta']);

/**
 * What the gateway takes of what a remote's head reader says (shared-store `HeadOutcome`): texts
 * and URLs of a bounded length, a bounded number of wanted reads and of schema.org objects; the
 * texts are made plain text and cut to the head's limits after. The worker's process sends JSON
 * only (serverRender.ts): what it says is JSON, of any depth and size until checked.
 */
const MAX_TOLD_TEXT_CHARS = 10_000;
const MAX_TOLD_URL_CHARS = 2048;
const MAX_TOLD_WANTED = 16;
const MAX_STRUCTURED_OBJECTS = 4;
/** The most the schema.org data of one page may hold (its JSON), and how deep. */
const MAX_STRUCTURED_DATA_CHARS = 16 * 1024;
const MAX_STRUCTURED_DEPTH = 8;
/** The longest text in the schema.org data (a URL of the page is one). */
const MAX_STRUCTURED_TEXT_CHARS = MAX_TOLD_URL_CHARS;

/** Whether a value is a JSON object (not a list, not null). */
const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const toldText = v.pipe(v.string(), v.maxLength(MAX_TOLD_TEXT_CHARS));
const toldUrl = v.pipe(v.string(), v.maxLength(MAX_TOLD_URL_CHARS));
const toldOutcome: v.GenericSchema<unknown, HeadOutcome> = v.union([
  v.picklist(['absent', 'malformed', 'unanswered']),
  v.object({ wanted: v.pipe(v.array(toldUrl), v.maxLength(MAX_TOLD_WANTED)) }),
  v.object({
    about: v.object({
      name: toldText,
      description: v.optional(toldText),
      image: v.optional(toldUrl),
      structuredData: v.optional(
        v.pipe(
          v.array(v.custom<Record<string, unknown>>(isJsonObject)),
          v.maxLength(MAX_STRUCTURED_OBJECTS),
        ),
      ),
    }),
  }),
]);

/**
 * How far a remote's head reader may look: at most `rounds` rounds of the WordPress reads it
 * wants (a course's: the course list, then the course's months), each of at most `readsPerRound`.
 */
const HEAD_READ_LIMITS = { rounds: 2, readsPerRound: 4 };

/** The fields of a schema.org object that are the page's own: the gateway writes them. */
const PAGE_FIELDS = new Set(['name', 'description', 'url', 'image']);

/**
 * Plain JSON with every text in it plain text (at most MAX_STRUCTURED_TEXT_CHARS), at most
 * MAX_STRUCTURED_DEPTH deep; undefined for anything else.
 */
function plainJson(value: unknown, depth = 0): unknown {
  if (depth > MAX_STRUCTURED_DEPTH) return undefined;
  if (typeof value === 'string') return plainText(value, MAX_STRUCTURED_TEXT_CHARS);
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => plainJson(item, depth + 1));
    return items.includes(undefined) ? undefined : items;
  }
  if (!isJsonObject(value)) return undefined;
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => [
    key,
    plainJson(item, depth + 1),
  ]);
  return entries.some(([, item]) => item === undefined) ? undefined : Object.fromEntries(entries);
}

/**
 * The heads the gateway reads itself: the home page's, a blog post's, a WordPress page's (the
 * shell's routes, and the home page's SEO fields, which four teams read). Any other is read by
 * the remote that shows the page.
 */
const OWN_READS = ['home', 'post', 'page'] as const satisfies readonly HeadRead[];
type OwnRead = (typeof OWN_READS)[number];

/** Whether the gateway reads this head itself. */
export const isOwnHeadRead = (read: HeadRead): read is OwnRead =>
  (OWN_READS as readonly HeadRead[]).includes(read);

/** What `schema` reads of an answer; undefined when it is malformed. */
function readAbout<T>(schema: v.GenericSchema<unknown, T>, answer: unknown): T | undefined {
  const result = v.safeParse(schema, answer);
  return result.success ? result.output : undefined;
}

/** Whether a text can be a WordPress slug the storefront names a page by (decoded). */
export function isSlug(text: string): boolean {
  return /^[\p{L}\p{N}_-]{1,200}$/u.test(text);
}

/** Whether a text is a WordPress id as an address writes it: a whole number from 1. */
export function isWordPressId(text: string): boolean {
  return /^[1-9]\d{0,9}$/.test(text);
}

/** The slug or id a route names in its last segment, decoded; undefined if it cannot be one. */
function lastSegment(route: string): string | undefined {
  let segment: string;
  try {
    segment = decodeURIComponent(route.slice(route.lastIndexOf('/') + 1));
  } catch {
    return undefined;
  }
  return isSlug(segment) ? segment : undefined;
}

export interface PageHeadDeps {
  contract: PageContract;
  wordpress: WordPressReads;
  /** Reads an answer's JSON, once per answer (shared with the page's server render). */
  json: AnswerJson;
  /** The storefront's public address: canonical and image URLs are built from it. */
  publicUrl: URL;
  /** How long a page waits for WordPress; 0 reads nothing (every page has its default head). */
  budgetMs: number;
  /** The template's own title, description and share image: the site's defaults. */
  defaults: TemplateHead;
  warn: (message: string) => void;
  now?: () => number;
}

/**
 * Each page's head (headMarkup.ts): the route's title and description from the page contract
 * (`title`, `heads`), and for a page about something (`heads[route].read`) what WordPress says
 * of it (name, description, image, schema.org data), read within a budget through the proxy's
 * cache; a page without an image of its own shares the template's (the brand's). The home page's,
 * a post's and a WordPress page's the gateway reads itself; any other (a course's, an event's, a
 * centre's) the head reader of the remote that shows the page, in its sandboxed process, from the
 * answers the gateway reads for it (remoteAbout). A page naming something WordPress does not have
 * is a 404 with the not-found head; a WordPress that fails, answers malformed or takes longer than
 * the budget, or a remote's reader that is missing, fails or says what is not a head, leaves the
 * page its default head (the page itself says what happened).
 */
export function createPageHeads(deps: PageHeadDeps) {
  const now = deps.now ?? Date.now;
  const defaultTitle = deps.defaults.title ?? SITE_NAME;
  const { stampParameter } = deps.contract.markup;
  /** What was warned of: each once, until the gateway restarts. */
  const warned = new Set<string>();
  function warnOnce(message: string) {
    if (warned.has(message)) return;
    warned.add(message);
    deps.warn(message);
  }

  /** An http(s) URL made absolute against the public address; undefined for anything else. */
  function absoluteUrl(value: string | undefined): string | undefined {
    if (!value) return undefined;
    try {
      const url = new URL(value, deps.publicUrl);
      return /^https?:$/.test(url.protocol) ? url.href : undefined;
    } catch {
      return undefined;
    }
  }

  /** What a page without an image of its own previews with: the brand's, on the public origin. */
  const defaultImage = absoluteUrl(deps.defaults.image);

  function malformed(read: HeadRead): Outcome {
    warnOnce(`WordPress answered a ${read} page's read malformed: it has its default head.`);
    return undefined;
  }

  /** A remote's head reader that says what is not a page's head, or asks without end. */
  function untrusted(read: HeadRead, what: string): Outcome {
    warnOnce(
      `The ${read} head reader of the remote that shows it ${what}: it has its default head.`,
    );
    return undefined;
  }

  /** A WordPress read (kept as the route table says), within the page's deadline. */
  async function readJson(url: string, deadline: number): Promise<Answer> {
    const answer = await within(
      deps.wordpress.read(url, cacheTtlOf(pathOf(url))),
      deadline - now(),
    );
    if (!answer || (answer.status !== 200 && answer.status !== 404)) return undefined;
    const body = deps.json(answer.body);
    if (answer.status === 200) return body;
    // WordPress's 404 names what it did not find; one without the route (a plugin switched off)
    // or from something else on the way is not "nothing by that name".
    const { code } = (body?.json ?? {}) as { code?: unknown };
    return typeof code === 'string' && code !== 'rest_no_route' ? 'absent' : undefined;
  }

  /** The one entry a list read finds by slug. */
  async function listEntry(url: string, slug: string, deadline: number): Promise<unknown> {
    const answer = await readJson(url, deadline);
    return answer === undefined || answer === 'absent' ? undefined : entryBySlug(answer.json, slug);
  }

  /** An entry of a WordPress list of posts or pages (`?slug=`). */
  async function wordpressEntry(
    read: 'post' | 'page',
    url: string,
    slug: string,
    deadline: number,
  ): Promise<Outcome> {
    const entry = await listEntry(url, slug, deadline);
    if (entry === undefined || entry === 'absent') return entry;
    const page = readAbout(wpPreview, entry);
    const name = plainText(page?.title?.rendered, MAX_TITLE_CHARS);
    if (!page || !name) return malformed(read);
    const description =
      plainText(page.rank_math_meta?.meta_description, MAX_DESCRIPTION_CHARS) ||
      plainText(page.excerpt?.rendered, MAX_DESCRIPTION_CHARS);
    return {
      name,
      description,
      image: absoluteUrl(page._embedded?.['wp:featuredmedia'][0]?.source_url),
    };
  }

  /**
   * What the page a remote's head reader (`read`) is about says: its texts plain text within the
   * head's limits (a nameless page is malformed), its image an http(s) URL on the public origin,
   * its schema.org data plain JSON whose every text is plain text, within bounds, each object with
   * the page's own name, description, address and image.
   */
  function subjectOf(read: HeadRead, about: PageSubject, url: string): Outcome {
    const name = plainText(about.name, MAX_TITLE_CHARS);
    if (!name) return malformed(read);
    const description = plainText(about.description, MAX_DESCRIPTION_CHARS);
    const image = absoluteUrl(about.image);
    const told = about.structuredData ?? [];
    const structured = told.map((data) => plainJson(data)).filter(isJsonObject);
    // Measured once it is known to be plain JSON of a bounded depth.
    if (
      structured.length !== told.length ||
      JSON.stringify(structured).length > MAX_STRUCTURED_DATA_CHARS
    ) {
      return untrusted(read, 'said schema.org data that is not plain JSON objects within bounds');
    }
    const own = { name, ...(description ? { description } : {}), url, ...(image ? { image } : {}) };
    return {
      name,
      description,
      image,
      structuredData: structured.map((data) => {
        const entries = Object.entries(data).filter(([key]) => !PAGE_FIELDS.has(key));
        return Object.fromEntries([
          ...entries.filter(([key]) => key.startsWith('@')),
          ...Object.entries(own),
          ...entries.filter(([key]) => !key.startsWith('@')),
        ]);
      }),
    };
  }

  /**
   * What the remote that shows the page says it is about (its head reader `read`, run in its
   * process: `remote` loads it), asked again with the answers of the WordPress reads it wants, in
   * rounds (HEAD_READ_LIMITS), each read one the proxy opens to any visitor (another is handed as
   * failed), all within the deadline. No reader running in time (a release without `heads`, a
   * process that failed or was stopped) leaves the page its default head.
   */
  async function remoteAbout(
    read: HeadRead,
    page: PageRequest,
    url: string,
    remote: () => Promise<RouteRenderer | undefined>,
    deadline: number,
  ): Promise<Outcome> {
    const code = await within(remote(), deadline - now());
    if (!code) return undefined;
    const { head } = code;
    if (!head) return untrusted(read, 'is not in its release (no `heads`)');
    const answers = new Map<string, HeadAnswer>();
    const input = (): HeadInput => ({
      path: page.route,
      pattern: page.shows?.path ?? '',
      url,
      reads: Object.fromEntries(answers),
    });
    for (let round = 0; ; round += 1) {
      const said: unknown = await within(head(read, input()), deadline - now());
      // Too late, or its process ended first.
      if (said === undefined) return undefined;
      const told = v.safeParse(toldOutcome, said);
      if (!told.success) return untrusted(read, 'said what is not a page’s head');
      const outcome = told.output;
      if (outcome === 'absent') return 'absent';
      if (outcome === 'malformed') return malformed(read);
      if (outcome === 'unanswered') return undefined;
      if ('about' in outcome) return subjectOf(read, outcome.about, url);
      const urls = [...new Set(outcome.wanted)]
        .filter((wanted) => !answers.has(wanted))
        .slice(0, HEAD_READ_LIMITS.readsPerRound);
      if (round === HEAD_READ_LIMITS.rounds || urls.length === 0) {
        return untrusted(read, 'wanted more reads than a page’s head may make');
      }
      const got = await Promise.all(
        urls.map(async (wanted): Promise<HeadAnswer> =>
          isOpenWordPressRead(wanted, stampParameter)
            ? ((await readJson(wanted, deadline)) ?? 'failed')
            : 'failed',
        ),
      );
      urls.forEach((wanted, index) => answers.set(wanted, got[index] ?? 'failed'));
    }
  }

  const ownReaders: Record<OwnRead, (route: string, deadline: number) => Promise<Outcome>> = {
    async home(_route, deadline) {
      const answer = await readJson(HOME_PAGE, deadline);
      if (answer === undefined || answer === 'absent') return undefined;
      const meta = readAbout(homeAbout, answer.json)?.rank_math_meta;
      const title = plainText(meta?.meta_title, MAX_TITLE_CHARS) || defaultTitle;
      return {
        name: title,
        title,
        description: plainText(meta?.meta_description, MAX_DESCRIPTION_CHARS),
      };
    },

    async post(route, deadline) {
      const slug = lastSegment(route);
      if (slug === undefined) return 'absent';
      const query = new URLSearchParams({ slug, _embed: 'wp:featuredmedia' });
      return wordpressEntry('post', `${WP}/posts?${query.toString()}`, slug, deadline);
    },

    async page(route, deadline) {
      const slug = lastSegment(route);
      if (slug === undefined) return 'absent';
      const query = new URLSearchParams({ slug });
      return wordpressEntry('page', `${WP}/pages?${query.toString()}`, slug, deadline);
    },
  };

  const notFound: ServedHead = {
    status: 404,
    head: {
      title: titleOf(NOT_FOUND_NAME),
      name: NOT_FOUND_NAME,
      description: deps.defaults.description,
      url: undefined,
      image: defaultImage,
      noindex: true,
      structuredData: [],
    },
  };

  /**
   * The head a page is served with, and its status. `remote` loads the server code of the remote
   * that shows the page (this visitor's release of it), which reads any head the gateway does not
   * read itself (a course's, an event's, a centre's).
   */
  async function headFor(
    page: PageRequest,
    remote?: () => Promise<RouteRenderer | undefined>,
  ): Promise<ServedHead> {
    const route = page.shows;
    if (!route) return notFound;
    const rule = deps.contract.heads[route.path] ?? {};
    const url = new URL(page.route, deps.publicUrl).href;
    const head: PageHead = {
      title: route.title ? titleOf(route.title) : defaultTitle,
      name: route.title ?? defaultTitle,
      description: rule.description ?? deps.defaults.description,
      url,
      image: defaultImage,
      noindex: rule.noindex ?? false,
      structuredData: [],
    };
    if (!rule.read || deps.budgetMs <= 0) return { status: 200, head };
    const deadline = now() + deps.budgetMs;
    let about: Outcome;
    try {
      about = isOwnHeadRead(rule.read)
        ? await ownReaders[rule.read](page.route, deadline)
        : remote && (await remoteAbout(rule.read, page, url, remote, deadline));
    } catch (error) {
      // Never a failed page for its head.
      deps.warn(`A ${rule.read} page's head could not be read: ${String(error)}`);
      about = undefined;
    }
    if (about === 'absent') return notFound;
    if (about === undefined) return { status: 200, head };
    return {
      status: 200,
      head: {
        ...head,
        title: about.title ?? titleOf(about.name),
        name: about.name,
        description: about.description || head.description,
        image: about.image ?? head.image,
        structuredData: about.structuredData ?? [],
      },
    };
  }

  return { headFor };
}
