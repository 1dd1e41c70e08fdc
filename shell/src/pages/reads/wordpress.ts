import * as v from 'valibot';
import { createQuery, listOf, listRead, wpPreview, wpRendered } from 'shared-store';

const WP = '/wp-json/wp/v2';
/** The blog list and its categories: how many of each one read asks for. */
const POST_LIST_PAGE_SIZE = 100;

/** GET wp/v2/posts: a blog post. */
const wpPost = v.looseObject({ ...wpPreview.entries, id: v.number(), slug: v.string() });
/** GET wp/v2/categories */
const wpTerm = v.looseObject({ id: v.number(), name: v.string() });
/** GET wp/v2/pages: a WordPress page. */
const wpPage = v.looseObject({ ...wpPreview.entries, id: v.number(), content: wpRendered });

/**
 * The WordPress reads of the shell's own pages (the blog, a post, the info and legal pages): they
 * come with those pages' code, and the gateway draws the pages' first screens from them. Each
 * answers an empty list or null when it fails or its answer is malformed, as the site's other
 * reads do.
 */
export const wordpressReads = {
  /** A blog post by slug; warns when there is none. */
  postBySlug: createQuery({
    name: 'postBySlug',
    request: (slug: string) => ({ path: `${WP}/posts`, query: { slug } }),
    schema: v.pipe(
      listOf(wpPost),
      v.transform((posts) => {
        if (posts.length === 0) console.warn('No blog post found for this slug.');
        return posts[0] ?? null;
      }),
    ),
    empty: null,
  }),
  posts: listRead(
    'posts',
    () => ({ path: `${WP}/posts/`, query: { per_page: POST_LIST_PAGE_SIZE } }),
    listOf(wpPost),
  ),
  categories: listRead(
    'categories',
    () => ({ path: `${WP}/categories/`, query: { per_page: POST_LIST_PAGE_SIZE } }),
    listOf(wpTerm),
  ),
  pageBySlug: createQuery({
    name: 'pageBySlug',
    request: (slug: string) => ({ path: `${WP}/pages`, query: { slug } }),
    schema: v.pipe(
      listOf(wpPage),
      v.transform((pages) => pages[0] ?? null),
    ),
    empty: null,
  }),
};
