import * as v from 'valibot';

/** The shapes backend answers must have, checked where they enter the page, not where used. */

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

const text = v.optional(v.string(), '');

/** A `{ rendered }` WordPress field. */
export const wpRendered = v.looseObject({ rendered: v.string() });

export const wpImage = v.looseObject({
  url: v.string(),
  alt: v.optional(v.string()),
  width: v.optional(v.number()),
  height: v.optional(v.number()),
});

/** An image that is missing or malformed reads as none (the placeholder shows). */
const image = v.fallback(v.optional(wpImage, { url: '' }), { url: '' });

/** A course or event card: an id and a title make it; anything else missing reads as empty. */
const productCard = {
  id: v.number(),
  title: v.string(),
  slug: text,
  image,
  product_id: v.optional(v.number(), 0),
  price: text,
};

export const course = v.looseObject({ ...productCard, excerpt: text, exam: text });

export const eventItem = v.looseObject({ ...productCard, date: text, location: text });

export const partner = v.looseObject({
  id: v.number(),
  name: v.string(),
  logo: image,
  url: text,
});

/** A part of the home page that is not well formed is left out; the rest still shows. */
const part = <T>(schema: v.GenericSchema<unknown, T>) => v.fallback(v.optional(schema), undefined);

export const homePage = v.looseObject({
  id: v.number(),
  slug: text,
  title: wpRendered,
  content: wpRendered,
  acf_groups: part(
    v.looseObject({
      HeaderContent: part(v.looseObject({ headerlogo: part(wpImage) })),
      FooterContent: part(
        v.looseObject({
          footerlogo: part(wpImage),
          footerabtcontent: part(v.string()),
          copyrighttext: part(v.string()),
        }),
      ),
      SubscriptionPackages: part(anyList),
    }),
  ),
});

export const wpPost = v.looseObject({ id: v.number(), slug: v.string() });

export const wpTerm = v.looseObject({ id: v.number(), name: v.string() });

export const wpPage = v.looseObject({ id: v.number(), content: wpRendered });

export const promotionalBanner = v.looseObject({
  promotional_text: v.string(),
  promotional_link: v.looseObject({ title: text, url: text, target: v.optional(v.string()) }),
  // Seconds, as a number or text; the banner reads any other value as its default speed.
  promotional_speed: v.optional(v.unknown(), ''),
});

export const productVariation = v.looseObject({
  id: v.number(),
  price: v.string(),
  attributes: v.array(v.looseObject({ name: v.string(), option: v.string() })),
});

export const rewardBalance = v.looseObject({
  points: v.number(),
  value: v.number(),
  points_per_pound: v.optional(v.number(), 0),
});

export const orderDetails = v.looseObject({
  id: v.number(),
  status: v.string(),
});
