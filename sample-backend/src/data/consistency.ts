import type { Product, RawData } from './files';
import { HOME_PAGE_ID } from './files';
import type { SampleData } from './load';
import { checkSiteLinks } from './site-links';

/**
 * Checks between data files (a course's product exists, a post's categories exist, term counts
 * match the posts, every link leads somewhere...). Each check reports through `problem`, which
 * names the file.
 */

/** Builds the error for a problem in the file of `key`. */
export type Problem = (key: keyof RawData, message: string) => Error;

const MONTH_ATTRIBUTE = 'Month';

function checkProducts(data: SampleData, problem: Problem): void {
  const monthOptions = data.productAttributes.find((a) => a.name === MONTH_ATTRIBUTE)?.options;
  if (!monthOptions) throw problem('productAttributes', `needs a "${MONTH_ATTRIBUTE}" attribute`);
  const variationIds = new Set<number>();
  for (const product of data.products) {
    const where = `product ${String(product.id)}`;
    if (product.type === 'simple') {
      if (product.variations || product.regular_price === undefined) {
        throw problem('products', `${where} is simple: it needs regular_price and no variations`);
      }
      continue;
    }
    if (!product.variations)
      throw problem('products', `${where} is variable but has no variations`);
    for (const variation of product.variations) {
      if (variationIds.has(variation.id) || data.productsById.has(variation.id)) {
        throw problem('products', `variation id ${String(variation.id)} is not unique`);
      }
      variationIds.add(variation.id);
      if (!monthOptions.includes(variation.month)) {
        throw problem('products', `${where}: month "${variation.month}" is not a Month option`);
      }
    }
  }
}

function checkProductReferences(data: SampleData, problem: Problem): void {
  const requireProduct = (key: keyof RawData, id: number, type: Product['type']): void => {
    if (data.productsById.get(id)?.type !== type) {
      throw problem(key, `product_id ${String(id)} is not a ${type} product in products.json`);
    }
  };
  data.courses.forEach((course) => {
    requireProduct('courses', course.product_id, 'variable');
  });
  data.events.forEach((event) => {
    requireProduct('events', event.product_id, 'simple');
    // An event's places left are its product's stock, which orders are checked against.
    if (data.productsById.get(event.product_id)?.stock_quantity !== event.tickets_available) {
      throw problem(
        'events',
        `event ${String(event.id)}: tickets_available is not its product's stock_quantity`,
      );
    }
  });

  // An order line or a purchase names a variation exactly when its product is variable.
  const requireVariation = (key: keyof RawData, productId: number, variationId?: number): void => {
    const product = data.productsById.get(productId);
    if (!product) throw problem(key, `product ${String(productId)} does not exist`);
    const fits =
      product.type === 'variable'
        ? (product.variations?.some((v) => v.id === variationId) ?? false)
        : variationId === undefined;
    if (!fits) {
      throw problem(
        key,
        `variation ${String(variationId)} does not fit product ${String(productId)}`,
      );
    }
  };
  for (const order of data.orders) {
    order.line_items.forEach((line) => {
      requireVariation('orders', line.product_id, line.variation_id);
    });
  }
  for (const entry of Object.values(data.learnerCourses)) {
    [...entry.courses, ...entry.unused].forEach((item) => {
      requireVariation('learnerCourses', item.product_id, item.variation_id);
    });
  }
}

function checkBlog(data: SampleData, problem: Problem): void {
  for (const post of data.posts) {
    const where = `post ${String(post.id)}`;
    if (!data.usersById.has(post.author)) {
      throw problem('posts', `${where}: author is not in wp-users.json`);
    }
    if (post.featured_media !== 0 && !data.mediaById.has(post.featured_media)) {
      throw problem('posts', `${where}: featured_media is not in wp-media.json`);
    }
    if (post.categories.some((id) => data.termsById.get(id)?.taxonomy !== 'category')) {
      throw problem('posts', `${where}: a category is not in wp-categories.json`);
    }
    if (post.tags.some((id) => data.termsById.get(id)?.taxonomy !== 'post_tag')) {
      throw problem('posts', `${where}: a tag is not in wp-tags.json`);
    }
  }
  // WordPress keeps term counts in step with the posts; a stale count would show in the blog.
  for (const [key, terms, field] of [
    ['categories', data.categories, 'categories'],
    ['tags', data.tags, 'tags'],
  ] as const) {
    for (const term of terms) {
      const count = data.posts.filter((post) => post[field].includes(term.id)).length;
      if (count !== term.count) {
        throw problem(
          key,
          `term ${String(term.id)} has count ${String(term.count)}, posts say ${String(count)}`,
        );
      }
    }
  }
}

function checkPages(data: SampleData, problem: Problem): void {
  for (const page of data.pages) {
    if (!data.usersById.has(page.author)) {
      throw problem('pages', `page ${String(page.id)}: author is not in wp-users.json`);
    }
  }
  if (!data.pagesById.has(HOME_PAGE_ID)) {
    throw problem('pages', `the home page ${String(HOME_PAGE_ID)} is missing`);
  }
  for (const pageId of Object.keys(data.imageSections)) {
    if (!data.pagesById.has(Number(pageId))) {
      throw problem('imageSections', `page ${pageId} does not exist`);
    }
  }
}

function checkCoupons(data: SampleData, problem: Problem): void {
  const codes = data.coupons.map((coupon) => coupon.code.toUpperCase());
  if (new Set(codes).size !== codes.length) throw problem('coupons', 'a code appears twice');
}

/** Runs every cross-file check; throws the first problem found. */
export function checkConsistency(data: SampleData, problem: Problem): void {
  checkProducts(data, problem);
  checkProductReferences(data, problem);
  checkBlog(data, problem);
  checkPages(data, problem);
  checkCoupons(data, problem);
  checkSiteLinks(data, problem);
}
