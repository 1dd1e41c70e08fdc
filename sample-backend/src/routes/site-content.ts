import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context';
import type { Course, EventRecord, Product, RawData } from '../data/files';
import { productPricePence, variationPricePence } from '../domain/catalogue';
import { formatPounds } from '../domain/money';
import { bearerUser } from '../http/auth';
import { forbiddenError, invalidFieldError, notLoggedInError, WpError } from '../errors';
import { bodyFields, positiveIntField } from '../http/input';
import type { JsonObject } from '../json';

/**
 * The site's own `wp/v2` routes (a theme/plugin layer on the real WordPress): menu, banners,
 * course list, partners, events, footer and the smaller helpers the storefront reads there.
 */

interface IdParams {
  Params: { id: string };
}

const postNotFound = (): WpError => new WpError(404, 'rest_post_invalid_id', 'Invalid post ID.');
const userNotFound = (): WpError => new WpError(404, 'rest_user_invalid_id', 'Invalid user ID.');

/** A real calendar date written YYYY-MM-DD (2027-02-30 is not one). */
function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Registers the site's own `wp/v2` routes. */
export function registerSiteContentRoutes(app: FastifyInstance, context: BackendContext): void {
  const { data } = context;

  const productOf = (id: number): Product => {
    const product = data.productsById.get(id);
    // The loader checked every product reference, so this is a programming error.
    if (!product) throw new Error(`product ${String(id)} is missing`);
    return product;
  };

  /**
   * A course as `courseList` gives it: the storefront's `Course` shape, and WordPress's date of
   * its last change (`modified_gmt`, which every post type has; the sitemap dates a course by it).
   */
  const courseCard = (course: Course): JsonObject => ({
    id: course.id,
    title: course.title,
    slug: course.slug,
    excerpt: course.excerpt,
    image: course.image,
    product_id: course.product_id,
    price: formatPounds(productPricePence(productOf(course.product_id))),
    exam: course.exam,
    modified_gmt: course.modified_gmt,
  });

  /** An event as `events` gives it: exactly the storefront's `EventItem` shape. */
  const eventItem = (event: EventRecord): JsonObject => ({
    id: event.id,
    title: event.title,
    slug: event.slug,
    date: event.date,
    location: event.location,
    price: formatPounds(productPricePence(productOf(event.product_id))),
    product_id: event.product_id,
    image: event.image,
  });

  app.get('/wp-json/wp/v2/menu_home', () => data.menu);

  app.get('/wp-json/wp/v2/home_banner', (_request, reply) => {
    // The storefront adds a timestamp to defeat caches; say the same to any cache in between.
    reply.header('cache-control', 'no-store');
    return data.banners;
  });

  app.get('/wp-json/wp/v2/courseList', () => data.courses.map(courseCard));
  app.get('/wp-json/wp/v2/our_partner', () => data.partners);
  app.get('/wp-json/wp/v2/events', () => data.events.map(eventItem));

  app.get('/wp-json/wp/v2/footer', (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return data.footer;
  });

  app.get<IdParams>('/wp-json/wp/v2/course/:id(^\\d+$)', (request) => {
    const course = data.courses.find((item) => item.id === Number(request.params.id));
    if (!course) throw postNotFound();
    const variations = productOf(course.product_id).variations ?? [];
    return {
      ...courseCard(course),
      content: course.content,
      highlights: course.highlights,
      month_options: variations.map((variation) => ({
        variation_id: variation.id,
        month: variation.month,
        price: formatPounds(variationPricePence(variation)),
        regular_price: variation.regular_price,
        sale_price: variation.sale_price,
      })),
    };
  });

  app.get('/wp-json/wp/v2/products-with-ticket', () =>
    data.events.map((event) => ({
      ...eventItem(event),
      event_id: event.id,
      // The PLAB centre in the event's city (its page-details/location-{id}); null online.
      location_id: data.locations.find((location) => location.city === event.location)?.id ?? null,
      venue: event.venue,
      start_time: event.start_time,
      end_time: event.end_time,
      // Its product's stock now (an admin may have changed it since the data files were read).
      tickets_available:
        context.catalogue.products.get(event.product_id)?.stock_quantity ?? event.tickets_available,
    })),
  );

  app.get<IdParams>('/wp-json/wp/v2/page-details/location-:id(^\\d+$)', (request) => {
    const location = data.locations.find((item) => item.id === Number(request.params.id));
    if (!location) throw new WpError(404, 'location_not_found', 'Location not found.');
    return location;
  });

  app.get('/wp-json/wp/v2/mailchimp-html', () => data.newsletterForm);

  app.get<IdParams>('/wp-json/wp/v2/check-subscription-success/:id(^\\d+$)', (request) => {
    const id = Number(request.params.id);
    const subscription = context.state.subscriptions.find((s) => s.subscription_id === id);
    const order = context.orders.get(id);
    if (!subscription && !order) {
      throw new WpError(404, 'subscription_not_found', 'Subscription not found.');
    }
    // A subscription counts once it exists; an order once it is paid.
    return {
      success:
        subscription !== undefined ||
        order?.status === 'processing' ||
        order?.status === 'completed',
    };
  });

  /** Course purchases of a user; unknown users get WordPress's invalid-user 404. */
  const learnerEntry = (rawId: string): RawData['learnerCourses'][string] => {
    const userId = Number(rawId);
    const entry = data.learnerCourses[String(userId)];
    if (entry) return entry;
    if (context.users.byId(userId)) return { courses: [], unused: [] };
    throw userNotFound();
  };

  app.get<IdParams>(
    '/wp-json/wp/v2/unused/:id(^\\d+$)',
    (request) => learnerEntry(request.params.id).unused,
  );

  app.get<IdParams>('/wp-json/wp/v2/getImgSections/:id(^\\d+$)', (request) => {
    const sections = data.imageSections[String(Number(request.params.id))];
    if (!sections) throw postNotFound();
    return sections;
  });

  app.get<IdParams>('/wp-json/wp/v2/usercourses/:id(^\\d+$)', (request) => {
    const user = bearerUser(request, context);
    if (!user) throw notLoggedInError();
    if (user.id !== Number(request.params.id)) throw forbiddenError();
    return learnerEntry(request.params.id).courses;
  });

  app.post('/wp-json/wp/v2/update_live_courses', () => ({ success: true }));

  app.post('/wp-json/wp/v2/update_user_date', (request) => {
    const fields = bodyFields(request);
    const userId = positiveIntField(fields.user_id);
    if (userId === undefined) {
      throw invalidFieldError('user_id', 'Please provide a valid user_id.');
    }
    if (!isCalendarDate(fields.exam_date)) {
      throw invalidFieldError('exam_date', 'exam_date must be a valid date written YYYY-MM-DD.');
    }
    if (!context.users.byId(userId)) throw userNotFound();
    context.state.examDates.set(userId, fields.exam_date);
    return { success: true, user_id: userId, exam_date: fields.exam_date };
  });
}
