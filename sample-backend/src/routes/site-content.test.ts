import type { FastifyInstance } from 'fastify';
import { PUBLIC_SITE_URL } from '../config';
import { json, learnerToken, testBackend, WC_AUTH } from '../test-support/backend';

const TRUSTPILOT = 'https://uk.trustpilot.com/review/aroramedicaleducation.co.uk';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let token: string;

beforeAll(async () => {
  ({ app, cleanup } = await testBackend());
  token = await learnerToken(app);
});
afterAll(() => cleanup());

interface MenuItem {
  ID: number;
  title: string;
  url: string;
  target?: string;
  items?: MenuItem[];
}

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flatten(item.items ?? [])]);
}

describe('menu_home', () => {
  it('is a three-level menu with HTML titles, a blog link, an external link and a long submenu', async () => {
    const response = await app.inject('/wp-json/wp/v2/menu_home');
    expect(response.statusCode).toBe(200);
    const menu = json(response) as MenuItem[];
    const all = flatten(menu);
    expect(menu.map((item) => item.title)).toEqual(
      expect.arrayContaining(['Courses', 'UKMLA', 'MSRA', 'MRCGP', 'Resources', 'About']),
    );
    expect(all.some((item) => item.title === 'PLAB <span class="menu-badge">New</span>')).toBe(
      true,
    );
    expect(all.some((item) => item.title.includes('&amp;'))).toBe(true);
    expect(all.find((item) => item.title === 'Blog')?.url).toBe(
      'https://www.example-academy.test/blog/',
    );
    expect(all.some((item) => item.target === '_blank')).toBe(true);
    expect(Math.max(...menu.map((item) => item.items?.length ?? 0))).toBeGreaterThanOrEqual(6);
    const thirdLevel = menu.flatMap((item) => item.items ?? []).flatMap((item) => item.items ?? []);
    expect(thirdLevel.length).toBeGreaterThan(0);
    expect(new Set(all.map((item) => item.ID)).size).toBe(all.length);
  });
});

describe('menu links', () => {
  /** The route that shows a path of the WordPress site in the storefront, and whether it has it. */
  async function shows(pathname: string): Promise<boolean> {
    const segments = pathname.split('/').filter((segment) => segment !== '');
    const [section, item] = segments;
    const list = async (route: string): Promise<{ slug: string }[]> =>
      json(await app.inject(route)) as { slug: string }[];
    if (section === 'courses' && item !== undefined) {
      return (await list('/wp-json/wp/v2/courseList')).some((course) => course.slug === item);
    }
    if (section === 'events' && item !== undefined) {
      return (await list('/wp-json/wp/v2/events')).some((event) => event.slug === item);
    }
    if (section === 'locations' && item !== undefined) {
      return (await app.inject(`/wp-json/wp/v2/page-details/location-${item}`)).statusCode === 200;
    }
    if (section === 'blog' && item !== undefined) {
      return (await list(`/wp-json/wp/v2/posts?slug=${item}`)).length === 1;
    }
    if (section === 'blog' || section === 'courses' || section === 'events') return true;
    // Any other path: the page whose slug is its last segment.
    const slug = segments[segments.length - 1] ?? '';
    return (await list(`/wp-json/wp/v2/pages?slug=${slug}`)).length === 1;
  }

  it('every menu link on the WordPress host leads to a course, event, location or page the routes serve', async () => {
    const menu = flatten(json(await app.inject('/wp-json/wp/v2/menu_home')) as MenuItem[]);
    const own = menu
      .filter((item) => item.url !== '#')
      .map((item) => new URL(item.url))
      .filter((url) => url.origin === PUBLIC_SITE_URL);
    expect(own.length).toBeGreaterThan(20);
    for (const url of own) {
      expect([url.pathname, await shows(url.pathname)]).toEqual([url.pathname, true]);
    }
  });

  it('the PLAB 2 mock circuit cities link to their location pages', async () => {
    const menu = flatten(json(await app.inject('/wp-json/wp/v2/menu_home')) as MenuItem[]);
    const circuits = menu.find((item) => item.title === 'PLAB 2 Mock Circuits');
    const locations = await Promise.all(
      (circuits?.items ?? []).map(async (city) => {
        const id = /\/locations\/(\d+)\/$/.exec(city.url)?.[1] ?? '';
        const location = json(await app.inject(`/wp-json/wp/v2/page-details/location-${id}`)) as {
          city: string;
        };
        return [city.title, location.city];
      }),
    );
    expect(locations).toEqual([
      ['London', 'London'],
      ['Manchester', 'Manchester'],
      ['Birmingham', 'Birmingham'],
    ]);
  });

  it('links to reviews go to the company on Trustpilot, from the menu and the footer', async () => {
    const menu = flatten(json(await app.inject('/wp-json/wp/v2/menu_home')) as MenuItem[]);
    const { html } = json(await app.inject('/wp-json/wp/v2/footer')) as { html: string };
    expect(menu.find((item) => item.title === 'Reviews on Trustpilot')?.url).toBe(TRUSTPILOT);
    expect(html).toContain(`<a href="${TRUSTPILOT}" target="_blank" rel="noopener">`);
  });
});

describe('home content', () => {
  it('home_banner accepts a timestamp and is never cached', async () => {
    const response = await app.inject(`/wp-json/wp/v2/home_banner?t=${String(Date.now())}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const banners = json(response) as {
      id: number;
      title: string;
      subtitle: string;
      image: { url: string };
      cta: { url: string };
    }[];
    expect(banners.length).toBeGreaterThanOrEqual(1);
    expect(banners.length).toBeLessThanOrEqual(2);
    expect(banners[0]).toMatchObject({ cta: { url: expect.any(String) as string } });
  });

  it('courseList covers the four exams with "From" prices equal to the cheapest month option', async () => {
    const courses = json(await app.inject('/wp-json/wp/v2/courseList')) as {
      id: number;
      exam: string;
      price: string;
      product_id: number;
    }[];
    expect(courses.length).toBeGreaterThanOrEqual(6);
    expect(new Set(courses.map((c) => c.exam))).toEqual(
      new Set(['UKMLA', 'PLAB', 'MSRA', 'MRCGP']),
    );
    for (const course of courses) {
      expect(Object.keys(course).sort()).toEqual([
        'exam',
        'excerpt',
        'id',
        'image',
        'modified_gmt',
        'price',
        'product_id',
        'slug',
        'title',
      ]);
      const variations = json(
        await app.inject(
          `/wp-json/wc/v3/products/${String(course.product_id)}/variations?per_page=100&${WC_AUTH}`,
        ),
      ) as { price: string; attributes: { name: string; option: string }[] }[];
      expect(variations.length).toBeGreaterThan(1);
      expect(variations.every((v) => v.attributes[0]?.name === 'Month')).toBe(true);
      expect(course.price).toBe(Math.min(...variations.map((v) => Number(v.price))).toFixed(2));
    }
  });

  it('our_partner lists 6 partners without links and events 4 dated events of 2027 with their own products', async () => {
    const partners = json(await app.inject('/wp-json/wp/v2/our_partner')) as {
      logo: { url: string };
      url: string;
    }[];
    expect(partners).toHaveLength(6);
    // The partners are made up: a link to their "website" would lead nowhere.
    expect(partners.map((partner) => partner.url)).toEqual(Array<string>(6).fill(''));
    const events = json(await app.inject('/wp-json/wp/v2/events')) as {
      date: string;
      product_id: number;
      price: string;
    }[];
    expect(events).toHaveLength(4);
    expect(events.every((e) => e.date.startsWith('2027-'))).toBe(true);
    expect(new Set(events.map((e) => e.product_id)).size).toBe(4);
    expect(events.every((e) => /^\d+\.\d{2}$/.test(e.price))).toBe(true);
  });

  it('images named in the content are served, other upload paths are not', async () => {
    const [partner] = json(await app.inject('/wp-json/wp/v2/our_partner')) as {
      logo: { url: string };
    }[];
    const imagePath = new URL(partner?.logo.url ?? '').pathname;
    const image = await app.inject(imagePath);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.body).toMatch(/^<svg /);
    expect((await app.inject('/wp-content/uploads/2024/01/not-there.png')).statusCode).toBe(404);
  });
});

describe('footer', () => {
  it('holds the two menus and the newsletter form, cached for an hour', async () => {
    const response = await app.inject('/wp-json/wp/v2/footer');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const { html } = json(response) as { html: string };
    expect(html).toContain('<ul id="menu_footer_1"');
    expect(html).toContain('<ul id="menu_footer_2"');
    expect(html).toMatch(/<li id="menu-item-\d+"><a href="\/#courses-section">Courses<\/a><\/li>/);
    expect(html).toContain('<a href="/privacy-policy">Privacy Policy</a>');
    expect(html).toContain('<a href="/terms-and-conditions">Terms and Conditions</a>');
    expect(html).toContain('<form action="/wp-json/custom/v1/newsletter" method="post"');
  });
});

describe('course and helper routes', () => {
  it('course/{id} gives the course with its month options; an unknown id is a 404', async () => {
    const course = json(await app.inject('/wp-json/wp/v2/course/2103')) as {
      title: string;
      month_options: { month: string; price: string; sale_price: string }[];
    };
    expect(course.title).toBe('PLAB 1 Online Course');
    expect(course.month_options.map((o) => o.month)).toEqual(['1 Month', '3 Months', '6 Months']);
    expect(course.month_options[1]).toMatchObject({ price: '119.99', sale_price: '119.99' });
    const missing = await app.inject('/wp-json/wp/v2/course/1');
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({
      code: 'rest_post_invalid_id',
      message: 'Invalid post ID.',
      data: { status: 404 },
    });
  });

  it('products-with-ticket lists the events with venues and places left', async () => {
    const tickets = json(await app.inject('/wp-json/wp/v2/products-with-ticket')) as {
      product_id: number;
      venue: string;
      tickets_available: number;
    }[];
    expect(tickets).toHaveLength(4);
    expect(tickets[0]?.venue).toContain('Manchester');
  });

  it('products-with-ticket names the location page of an event in a PLAB centre city, null online', async () => {
    const tickets = json(await app.inject('/wp-json/wp/v2/products-with-ticket')) as {
      location: string;
      location_id: number | null;
    }[];
    const cities = await Promise.all(
      tickets.map(async (ticket) =>
        ticket.location_id === null
          ? [ticket.location, null]
          : [
              ticket.location,
              (
                json(
                  await app.inject(
                    `/wp-json/wp/v2/page-details/location-${String(ticket.location_id)}`,
                  ),
                ) as { city: string }
              ).city,
            ],
      ),
    );
    expect(cities).toEqual([
      ['Manchester', 'Manchester'],
      ['London', 'London'],
      ['Birmingham', 'Birmingham'],
      ['Online (Zoom)', null],
    ]);
  });

  it('page-details/location-{id} describes a PLAB venue; an unknown location is a 404', async () => {
    const location = json(await app.inject('/wp-json/wp/v2/page-details/location-1')) as {
      city: string;
    };
    expect(location.city).toBe('London');
    const missing = await app.inject('/wp-json/wp/v2/page-details/location-99');
    expect(missing.statusCode).toBe(404);
    expect((json(missing) as { code: string }).code).toBe('location_not_found');
  });

  it('mailchimp-html is a subscribe form posting to the newsletter route', async () => {
    const { html } = json(await app.inject('/wp-json/wp/v2/mailchimp-html')) as { html: string };
    expect(html).toContain('action="/wp-json/custom/v1/newsletter"');
    expect(html).toContain('Arora Updates');
  });

  it('check-subscription-success is true for a paid order, false for a pending one, 404 otherwise', async () => {
    const paid = json(await app.inject('/wp-json/wp/v2/check-subscription-success/52001'));
    expect(paid).toEqual({ success: true });
    const created = json(
      await app.inject({
        method: 'POST',
        url: `/wp-json/wc/v3/orders?${WC_AUTH}`,
        payload: {
          billing: { email: 'a@b.test' },
          line_items: [{ product_id: 3301, quantity: 1 }],
        },
      }),
    ) as { id: number };
    const pending = json(
      await app.inject(`/wp-json/wp/v2/check-subscription-success/${String(created.id)}`),
    );
    expect(pending).toEqual({ success: false });
    expect((await app.inject('/wp-json/wp/v2/check-subscription-success/1')).statusCode).toBe(404);
  });

  it('unused/{id} lists unstarted purchases of a user; an unknown user is a 404', async () => {
    const unused = json(await app.inject('/wp-json/wp/v2/unused/3')) as { order_id: number }[];
    expect(unused[0]?.order_id).toBe(52002);
    const missing = await app.inject('/wp-json/wp/v2/unused/999');
    expect(json(missing)).toEqual({
      code: 'rest_user_invalid_id',
      message: 'Invalid user ID.',
      data: { status: 404 },
    });
  });

  it('getImgSections/{id} gives the home page sections; an unknown page is a 404', async () => {
    const sections = json(await app.inject('/wp-json/wp/v2/getImgSections/96030')) as {
      slug: string;
    }[];
    expect(sections.map((s) => s.slug)).toEqual(['question-banks', 'mocks', 'courses', 'app']);
    expect((await app.inject('/wp-json/wp/v2/getImgSections/5')).statusCode).toBe(404);
  });

  it('usercourses/{id} needs the learner token and only shows the learner their own courses', async () => {
    const anonymous = await app.inject('/wp-json/wp/v2/usercourses/3');
    expect(anonymous.statusCode).toBe(401);
    expect((json(anonymous) as { code: string }).code).toBe('rest_not_logged_in');
    const other = await app.inject({
      url: '/wp-json/wp/v2/usercourses/4',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.statusCode).toBe(403);
    const own = await app.inject({
      url: '/wp-json/wp/v2/usercourses/3',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.statusCode).toBe(200);
    expect((json(own) as { title: string }[])[0]?.title).toBe('UKMLA AKT Online Course');
  });
});

describe('site write routes', () => {
  it('update_live_courses accepts a JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/update_live_courses',
      payload: { courses: [2101] },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true });
  });

  it.each([
    [{ user_id: 3, exam_date: '2027-02-30' }, 'exam_date'],
    [{ user_id: 3, exam_date: '12/05/2027' }, 'exam_date'],
    [{ user_id: 'abc', exam_date: '2027-05-12' }, 'user_id'],
  ])('update_user_date refuses %j', async (payload, field) => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/update_user_date',
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ data: { status: 400, field } });
  });

  it('update_user_date stores a valid date for a known user', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/update_user_date',
      payload: { user_id: '3', exam_date: '2027-05-12' },
    });
    expect(json(response)).toEqual({ success: true, user_id: 3, exam_date: '2027-05-12' });
  });
});
