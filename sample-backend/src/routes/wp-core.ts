import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context';
import type { WpPageRecord, WpPostRecord, WpTermRecord } from '../data/files';
import { InvalidParams, notLoggedInError, WpError } from '../errors';
import { bearerUser } from '../http/auth';
import type { Query } from '../http/input';
import { queryValue } from '../http/input';
import {
  invalidPageNumberError,
  listParam,
  pageParams,
  paginate,
  termListParam,
} from '../http/wp-collection';
import type { JsonObject } from '../json';
import { CANONICAL_SITE_URL } from '../config';
import { userProfile } from './wp-users';

/**
 * WordPress core routes, answering exactly as the captured WordPress 6.1 does: posts, pages,
 * categories and users/me, with `_embed`, pagination headers and WordPress's error bodies.
 */

interface IdParams {
  Params: { id: string };
  Querystring: Query;
}

const TERM_EMBED_FIELDS = ['id', 'link', 'name', 'slug', 'taxonomy', '_links'] as const;

function pick(body: JsonObject, keys: readonly string[]): JsonObject {
  const result: JsonObject = {};
  for (const key of keys) {
    const value = body[key];
    if (value !== undefined) result[key] = value;
  }
  return result;
}

function newestFirst<T extends { date: string; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}

function byName(a: WpTermRecord, b: WpTermRecord): number {
  return a.name.localeCompare(b.name);
}

/** Which `_embed` relations were asked for: all for a bare `_embed`, else the listed ones. */
function embedRelations(query: Query): ((rel: string) => boolean) | undefined {
  if (query._embed === undefined) return undefined;
  const listed = listParam(query, '_embed') ?? [];
  const all = listed.length === 0 || listed.includes('1') || listed.includes('true');
  return (rel) => all || listed.includes(rel);
}

/** Registers the WordPress core routes. */
export function registerWpCoreRoutes(app: FastifyInstance, context: BackendContext): void {
  const { data } = context;

  /** Adds `_embedded` like WordPress: author, featured image and (for posts) the terms. */
  const embed = (
    item: WpPostRecord | WpPageRecord,
    wants: ((rel: string) => boolean) | undefined,
  ): JsonObject => {
    if (!wants) return item.body;
    const embedded: JsonObject = {};
    const author = data.usersById.get(item.author);
    if (wants('author') && author) {
      // The embed context of a user is its view context without `meta`.
      embedded.author = [
        pick(
          author.body,
          Object.keys(author.body).filter((key) => key !== 'meta'),
        ),
      ];
    }
    const media = data.mediaById.get(item.featured_media);
    if (wants('wp:featuredmedia') && media) embedded['wp:featuredmedia'] = [media.body];
    if (wants('wp:term') && 'categories' in item) {
      const terms = (ids: number[]): JsonObject[] =>
        ids
          .map((id) => data.termsById.get(id))
          .filter((term): term is WpTermRecord => term !== undefined)
          .sort(byName)
          .map((term) => pick(term.body, TERM_EMBED_FIELDS));
      embedded['wp:term'] = [terms(item.categories), terms(item.tags)];
    }
    return { ...item.body, _embedded: embedded };
  };

  const alternateLink = (link: string): string => `<${link}>; rel="alternate"; type=text/html`;

  app.get<{ Querystring: Query }>('/wp-json', () => ({
    name: 'Exam Prep Academy',
    description: 'UKMLA, PLAB, MSRA and MRCGP preparation for doctors',
    url: CANONICAL_SITE_URL,
    home: CANONICAL_SITE_URL,
    gmt_offset: 0,
    timezone_string: 'Europe/London',
    namespaces: [
      'wp/v2',
      'custom/v1',
      'custom/v2',
      'custom-api/v1',
      'contact-form/v1',
      'wsp-route/v1',
      'jwt-auth/v1',
      'wc/v3',
    ],
    authentication: {},
    site_logo: 0,
    site_icon: 0,
    site_icon_url: '',
    _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
  }));

  app.get<{ Querystring: Query }>('/wp-json/wp/v2/posts', (request, reply) => {
    const { query } = request;
    const invalid = new InvalidParams();
    const { page, perPage } = pageParams(query, invalid);
    const categories = termListParam(query, 'categories', invalid);
    const tags = termListParam(query, 'tags', invalid);
    invalid.throwIfAny();
    const slugs = listParam(query, 'slug');
    const matches = newestFirst(data.posts).filter(
      (post) =>
        (slugs === undefined || slugs.includes(post.slug)) &&
        (categories === undefined || categories.some((id) => post.categories.includes(id))) &&
        (tags === undefined || tags.some((id) => post.tags.includes(id))),
    );
    const wants = embedRelations(query);
    return paginate(request, reply, matches, {
      page,
      perPage,
      route: '/wp/v2/posts',
      overflowError: invalidPageNumberError(),
    }).map((post) => embed(post, wants));
  });

  app.get<IdParams>('/wp-json/wp/v2/posts/:id(^\\d+$)', (request, reply) => {
    const post = data.postsById.get(Number(request.params.id));
    if (!post) throw new WpError(404, 'rest_post_invalid_id', 'Invalid post ID.');
    reply.header('link', alternateLink(post.link));
    return embed(post, embedRelations(request.query));
  });

  app.get<{ Querystring: Query }>('/wp-json/wp/v2/pages', (request, reply) => {
    const { query } = request;
    const invalid = new InvalidParams();
    const { page, perPage } = pageParams(query, invalid);
    invalid.throwIfAny();
    const slugs = listParam(query, 'slug');
    const matches = newestFirst(data.pages).filter(
      (item) => slugs === undefined || slugs.includes(item.slug),
    );
    const wants = embedRelations(query);
    return paginate(request, reply, matches, {
      page,
      perPage,
      route: '/wp/v2/pages',
      overflowError: invalidPageNumberError(),
    }).map((item) => embed(item, wants));
  });

  app.get<IdParams>('/wp-json/wp/v2/pages/:id(^\\d+$)', (request, reply) => {
    const item = data.pagesById.get(Number(request.params.id));
    if (!item) throw new WpError(404, 'rest_post_invalid_id', 'Invalid post ID.');
    reply.header('link', alternateLink(item.link));
    return embed(item, embedRelations(request.query));
  });

  app.get<{ Querystring: Query }>('/wp-json/wp/v2/categories', (request, reply) => {
    const { query } = request;
    const invalid = new InvalidParams();
    const { page, perPage } = pageParams(query, invalid);
    invalid.throwIfAny();
    const slugs = listParam(query, 'slug');
    const hideEmpty = ['1', 'true'].includes(queryValue(query, 'hide_empty') ?? '');
    const matches = [...data.categories]
      .sort(byName)
      .filter(
        (term) =>
          (slugs === undefined || slugs.includes(term.slug)) && (!hideEmpty || term.count > 0),
      );
    return paginate(request, reply, matches, { page, perPage, route: '/wp/v2/categories' }).map(
      (term) => term.body,
    );
  });

  app.get<IdParams>('/wp-json/wp/v2/categories/:id(^\\d+$)', (request) => {
    const term = data.categories.find((category) => category.id === Number(request.params.id));
    if (!term) throw new WpError(404, 'rest_term_invalid', 'Term does not exist.');
    return term.body;
  });

  app.get('/wp-json/wp/v2/users/me', (request, reply) => {
    const user = bearerUser(request, context);
    if (!user) throw notLoggedInError();
    // A logged-in answer is private: WordPress marks it uncacheable and lists the edit methods.
    reply.header('allow', 'GET, POST, PUT, PATCH');
    reply.header('expires', 'Wed, 11 Jan 1984 05:00:00 GMT');
    reply.header('cache-control', 'no-cache, must-revalidate, max-age=0');
    // The user meta the company's plugin registers for the REST API (register_meta with
    // show_in_rest, single, a string): '' until update_user_date saves the learner's exam date.
    return {
      ...(data.usersById.get(user.id)?.body ?? userProfile(user)),
      meta: { exam_date: context.state.examDates.get(user.id) ?? '' },
    };
  });
}
