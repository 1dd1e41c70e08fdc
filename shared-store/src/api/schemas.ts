import * as v from 'valibot';

/**
 * The shapes of the backend's answers more than one team reads, declared once: the pages check an
 * answer where it enters (api/read.ts), and the gateway reads a page's head (what a post or a page
 * is about, the home page's SEO fields and logo) through the same shapes. A team's own shapes are
 * its remote's (the home remote's course, event, centre and partner: remote-home/src/data/shapes.ts),
 * built from the pieces here. What makes an entry (an id, a title) is required; any other field that
 * is missing or malformed reads as empty or absent, so one odd field never drops a card or a head.
 * The types the pages use are these shapes' outputs (api/types.ts).
 */

/** The WordPress page that carries the home page's data (`wp/v2/pages/96030`). */
export const HOME_PAGE_ID = 96030;

/** Any JSON object: what a read that only passes the answer on requires. */
export const anyRecord = v.looseObject({});

/** Any JSON list. */
export const anyList = v.array(v.unknown());

/** A list whose entries of another shape are dropped: one odd entry does not empty the list. */
export function listOf<T>(item: v.GenericSchema<unknown, T>) {
  return v.pipe(
    anyList,
    v.transform((entries) =>
      entries.flatMap((entry) => {
        const result = v.safeParse(item, entry);
        return result.success ? [result.output] : [];
      }),
    ),
  );
}

/** A field that reads as absent when it is missing or malformed. */
const maybe = <T>(schema: v.GenericSchema<unknown, T>) => v.fallback(v.optional(schema), undefined);

/** Text that reads as empty when it is missing or not text. */
export const text = v.fallback(v.optional(v.string(), ''), '');

/** A `{ rendered }` WordPress field. */
export const wpRendered = v.looseObject({ rendered: v.string() });

/** An image as the site's own routes return it. */
export const wpImage = v.looseObject({
  url: v.string(),
  alt: maybe(v.string()),
  width: maybe(v.number()),
  height: maybe(v.number()),
});

/** Rank Math's fields of a page or post: the title and description a search result shows. */
const rankMathMeta = maybe(
  v.looseObject({ meta_title: maybe(v.string()), meta_description: maybe(v.string()) }),
);

/**
 * What a WordPress post or page says of itself for a preview (a shared link, a search result):
 * its title, excerpt, SEO fields and, asked with `_embed`, its featured image.
 */
const preview = {
  title: maybe(wpRendered),
  excerpt: maybe(wpRendered),
  rank_math_meta: rankMathMeta,
  _embedded: maybe(
    v.looseObject({
      'wp:featuredmedia': v.pipe(
        v.array(v.looseObject({ source_url: v.string() })),
        v.minLength(1),
      ),
    }),
  ),
};

/**
 * GET wp/v2/pages/{HOME_PAGE_ID}: a WordPress page with the site's ACF groups and Rank Math's
 * fields. A part of the home page that is not well formed is left out; the rest still shows.
 */
export const homePage = v.looseObject({
  id: v.number(),
  slug: text,
  title: wpRendered,
  content: wpRendered,
  acf_groups: maybe(
    v.looseObject({
      HeaderContent: maybe(v.looseObject({ headerlogo: maybe(wpImage) })),
      FooterContent: maybe(
        v.looseObject({
          footerlogo: maybe(wpImage),
          /** HTML */
          footerabtcontent: maybe(v.string()),
          copyrighttext: maybe(v.string()),
        }),
      ),
      SubscriptionPackages: maybe(anyList),
    }),
  ),
  rank_math_meta: rankMathMeta,
});

/**
 * What a post or a page says of itself for a preview, whichever it is: the fields a read of posts
 * or pages builds on.
 */
export const wpPreview = v.looseObject(preview);

/** GET /api/shop/products/{id}/variations: a month option of a course, its price decimal text. */
export const productVariation = v.looseObject({
  id: v.number(),
  price: v.string(),
  attributes: v.array(v.looseObject({ name: v.string(), option: v.string() })),
});
