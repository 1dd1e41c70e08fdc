import * as v from 'valibot';
import {
  arrayOf,
  bool,
  isoDate,
  matching,
  moneyString,
  nonEmptyStr,
  nonNegativeInt,
  object,
  oneOf,
  positiveInt,
  recordOf,
  str,
  withBody,
  wpImage,
} from './schema';

/**
 * The id of the home page (`wp/v2/pages/96030`), which carries the ACF and Rank Math fields: the
 * page the storefront reads as its home page by shared-store's HOME_PAGE_ID (this backend runs
 * without the storefront's code; the gateway's test of the home page's head on it holds the two
 * equal).
 */
export const HOME_PAGE_ID = 96030;

/**
 * The shape of every content file in `data/`. The loader validates each file against its schema
 * once at start-up; routes then trust the types.
 */

/** One entry of `menu.json`: the `wp/v2/menu_home` item shape, children nested in `items`. */
export interface MenuItem {
  ID: number;
  title: string;
  url: string;
  target?: string;
  items?: MenuItem[];
}

// A missing `target` or `items` stays out of the item rather than reaching the serializer as
// `"target": undefined` noise (valibot leaves out optional keys that are missing).
const menuItem: v.GenericSchema<unknown, MenuItem> = v.lazy(() =>
  object({
    ID: positiveInt,
    title: nonEmptyStr,
    url: nonEmptyStr,
    target: v.optional(oneOf('_blank', '_self')),
    items: v.optional(arrayOf(menuItem, 1)),
  }),
);

const digits = matching(/^\d+$/, 'a numeric id');
/** A WordPress date as its REST API writes one (`modified_gmt`: UTC, to the second). */
const wordpressDate = matching(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
  'a WordPress date like "2025-03-01T10:20:30"',
);
const optionalMoney = matching(/^(\d{1,7}(\.\d{1,2})?)?$/, 'an amount like "119.99" or ""');
const rendered = object({ rendered: str });
/**
 * The exam a course prepares for: free text in WordPress, as here (the storefront reads the exam's
 * name out of it, with its one list of exams).
 */
const exam = nonEmptyStr;
const titledHtml = object({ title: nonEmptyStr, content: nonEmptyStr });

const variation = object({
  id: positiveInt,
  sku: nonEmptyStr,
  month: nonEmptyStr,
  regular_price: moneyString,
  sale_price: optionalMoney,
});

const product = object({
  id: positiveInt,
  name: nonEmptyStr,
  slug: nonEmptyStr,
  type: oneOf('variable', 'simple'),
  sku: nonEmptyStr,
  short_description: str,
  categories: arrayOf(object({ id: positiveInt, name: nonEmptyStr, slug: nonEmptyStr })),
  images: arrayOf(object({ id: positiveInt, src: nonEmptyStr, name: nonEmptyStr, alt: str })),
  variations: v.optional(arrayOf(variation, 1)),
  regular_price: v.optional(moneyString),
  sale_price: v.optional(optionalMoney),
  /** WooCommerce's "Limit purchases to 1 item per order" (courses and memberships). */
  sold_individually: v.optional(bool),
  /** Stock WooCommerce manages (an event's places left); none: not managed. */
  stock_quantity: v.optional(nonNegativeInt),
});

const orderLine = object({
  product_id: positiveInt,
  variation_id: v.optional(positiveInt),
  quantity: positiveInt,
});

const billing = object({
  email: nonEmptyStr,
  first_name: v.optional(str),
  last_name: v.optional(str),
});

/** The fields WordPress gives posts and pages alike. */
const wpDocument = {
  id: positiveInt,
  slug: nonEmptyStr,
  date: nonEmptyStr,
  link: nonEmptyStr,
  title: rendered,
  content: rendered,
  excerpt: rendered,
  author: positiveInt,
  featured_media: nonNegativeInt,
};

/** Every data file and its schema, by file name. */
export const DATA_FILES = {
  menu: { file: 'menu.json', schema: arrayOf(menuItem, 1) },
  banners: {
    file: 'home-banners.json',
    schema: arrayOf(
      object({
        id: positiveInt,
        title: nonEmptyStr,
        subtitle: str,
        image: wpImage,
        cta: object({ title: nonEmptyStr, url: nonEmptyStr }),
      }),
      1,
    ),
  },
  courses: {
    file: 'courses.json',
    schema: arrayOf(
      object({
        id: positiveInt,
        title: nonEmptyStr,
        slug: nonEmptyStr,
        exam,
        excerpt: str,
        image: wpImage,
        product_id: positiveInt,
        modified_gmt: wordpressDate,
        content: nonEmptyStr,
        highlights: arrayOf(nonEmptyStr),
      }),
      1,
    ),
  },
  products: { file: 'products.json', schema: arrayOf(product, 1) },
  events: {
    file: 'events.json',
    schema: arrayOf(
      object({
        id: positiveInt,
        title: nonEmptyStr,
        slug: nonEmptyStr,
        date: isoDate,
        location: nonEmptyStr,
        product_id: positiveInt,
        image: wpImage,
        venue: nonEmptyStr,
        start_time: matching(/^\d{2}:\d{2}$/, 'a time like 09:30'),
        end_time: matching(/^\d{2}:\d{2}$/, 'a time like 17:30'),
        tickets_available: nonNegativeInt,
      }),
    ),
  },
  partners: {
    file: 'partners.json',
    // `url` is the partner's website, "" for none (as ACF gives an empty URL field).
    schema: arrayOf(object({ id: positiveInt, name: nonEmptyStr, logo: wpImage, url: str })),
  },
  footer: { file: 'footer.json', schema: object({ html: nonEmptyStr }) },
  posts: {
    file: 'wp-posts.json',
    schema: arrayOf(
      withBody({
        ...wpDocument,
        categories: arrayOf(positiveInt),
        tags: arrayOf(positiveInt),
      }),
    ),
  },
  pages: {
    file: 'wp-pages.json',
    schema: arrayOf(
      withBody({
        ...wpDocument,
        parent: nonNegativeInt,
      }),
    ),
  },
  categories: {
    file: 'wp-categories.json',
    schema: arrayOf(
      withBody({
        id: positiveInt,
        name: nonEmptyStr,
        slug: nonEmptyStr,
        count: nonNegativeInt,
        taxonomy: oneOf('category'),
      }),
    ),
  },
  tags: {
    file: 'wp-tags.json',
    schema: arrayOf(
      withBody({
        id: positiveInt,
        name: nonEmptyStr,
        slug: nonEmptyStr,
        count: nonNegativeInt,
        taxonomy: oneOf('post_tag'),
      }),
    ),
  },
  users: {
    file: 'wp-users.json',
    schema: arrayOf(withBody({ id: positiveInt, name: nonEmptyStr, slug: nonEmptyStr })),
  },
  media: { file: 'wp-media.json', schema: arrayOf(withBody({ id: positiveInt })) },
  coupons: {
    file: 'coupons.json',
    schema: arrayOf(
      object({
        code: matching(/^[A-Za-z0-9_-]+$/, 'a coupon code of letters, digits, _ and -'),
        discount_type: oneOf('fixed_cart', 'percent'),
        amount: moneyString,
        description: str,
        expires: v.nullable(isoDate),
      }),
    ),
  },
  promotionalBanner: {
    file: 'promotional-banner.json',
    schema: object({
      promotional_text: nonEmptyStr,
      promotional_link: object({ title: nonEmptyStr, url: nonEmptyStr, target: v.optional(str) }),
      promotional_speed: positiveInt,
    }),
  },
  productAttributes: {
    file: 'product-attributes.json',
    schema: arrayOf(
      object({
        id: positiveInt,
        name: nonEmptyStr,
        slug: nonEmptyStr,
        type: nonEmptyStr,
        order_by: nonEmptyStr,
        has_archives: bool,
        options: arrayOf(nonEmptyStr, 1),
      }),
      1,
    ),
  },
  infoPages: {
    file: 'info-pages.json',
    schema: object({ 'not-found': titledHtml, 'acceptable-use-policy': titledHtml }),
  },
  locations: {
    file: 'locations.json',
    schema: arrayOf(
      object({
        id: positiveInt,
        slug: nonEmptyStr,
        title: nonEmptyStr,
        city: nonEmptyStr,
        address: nonEmptyStr,
        content: nonEmptyStr,
        next_dates: arrayOf(isoDate),
        price: moneyString,
      }),
    ),
  },
  newsletterForm: { file: 'newsletter-form.json', schema: object({ html: nonEmptyStr }) },
  imageSections: {
    file: 'image-sections.json',
    schema: recordOf(
      digits,
      arrayOf(
        object({
          id: positiveInt,
          slug: nonEmptyStr,
          title: nonEmptyStr,
          text: str,
          image: wpImage,
        }),
      ),
    ),
  },
  learnerCourses: {
    file: 'learner-courses.json',
    schema: recordOf(
      digits,
      object({
        courses: arrayOf(
          object({
            course_id: positiveInt,
            product_id: positiveInt,
            variation_id: positiveInt,
            title: nonEmptyStr,
            exam,
            month: nonEmptyStr,
            start_date: isoDate,
            expiry_date: isoDate,
            status: oneOf('active', 'expired'),
            progress_percent: nonNegativeInt,
          }),
        ),
        unused: arrayOf(
          object({
            order_id: positiveInt,
            product_id: positiveInt,
            variation_id: positiveInt,
            title: nonEmptyStr,
            month: nonEmptyStr,
            purchased_on: isoDate,
          }),
        ),
      }),
    ),
  },
  orders: {
    file: 'orders.json',
    schema: arrayOf(
      object({
        id: positiveInt,
        order_key: matching(/^wc_order_[A-Za-z0-9]+$/, 'an order key like wc_order_Ab12'),
        status: oneOf('pending', 'processing', 'completed', 'on-hold', 'cancelled'),
        date_created: nonEmptyStr,
        customer_id: nonNegativeInt,
        billing,
        line_items: arrayOf(orderLine, 1),
      }),
    ),
  },
} as const;

type Files = typeof DATA_FILES;

/** The validated content of every data file. */
export type RawData = { [K in keyof Files]: v.InferOutput<Files[K]['schema']> };

/* One record of a data file, by the name the routes use. */
export type Course = RawData['courses'][number];
export type Product = RawData['products'][number];
export type ProductVariation = NonNullable<Product['variations']>[number];
export type EventRecord = RawData['events'][number];
export type WpPostRecord = RawData['posts'][number];
export type WpPageRecord = RawData['pages'][number];
export type WpTermRecord = RawData['categories'][number] | RawData['tags'][number];
export type Coupon = RawData['coupons'][number];
export type OrderLineInput = v.InferOutput<typeof orderLine>;
