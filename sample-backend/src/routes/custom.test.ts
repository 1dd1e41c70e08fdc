import type { FastifyInstance } from 'fastify';
import { json, learnerToken, testBackend } from '../test-support/backend';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let token: string;

beforeAll(async () => {
  ({ app, cleanup } = await testBackend());
  token = await learnerToken(app);
});
afterAll(() => cleanup());

interface Result {
  id: number;
  title: string;
  url: string;
  type: string;
  excerpt: string;
  product_id?: number;
  image?: unknown;
  price?: string;
}

const MISSING_TERM = {
  code: 'missing_search_term',
  message: 'Please provide a search term.',
  data: { status: 400 },
};

describe('search', () => {
  it('finds courses, events, posts and pages case-insensitively, title matches first', async () => {
    const results = json(await app.inject('/wp-json/custom/v1/search?s=pLaB')) as Result[];
    expect(new Set(results.map((r) => r.type))).toEqual(
      new Set(['course', 'event', 'post', 'page']),
    );
    expect(results[0]?.title.toLowerCase()).toContain('plab');
    const course = results.find((r) => r.type === 'course');
    expect(course?.url).toMatch(/^\/courses\//);
    expect(results.find((r) => r.type === 'post')?.url).toMatch(/^\/blogs\//);
  });

  it('names a course’s and an event’s product, picture and listed price, as their lists do', async () => {
    const results = json(await app.inject('/wp-json/custom/v1/search?s=plab')) as Result[];
    const courses = json(await app.inject('/wp-json/wp/v2/courseList')) as Result[];
    const events = json(await app.inject('/wp-json/wp/v2/events')) as Result[];
    const listed = (list: Result[], id: number) => {
      const { product_id, image, price } = list.find((item) => item.id === id) ?? {};
      return { product_id, image, price };
    };
    const course = results.find((r) => r.type === 'course');
    const event = results.find((r) => r.type === 'event');
    expect(course).toMatchObject(listed(courses, course?.id ?? 0));
    expect(course?.price).toMatch(/^\d+\.\d{2}$/);
    expect(event).toMatchObject(listed(events, event?.id ?? 0));
    expect(results.find((r) => r.type === 'post')).not.toHaveProperty('product_id');
  });

  it('gives a page its path, a child page under its parent', async () => {
    const results = json(await app.inject('/wp-json/custom/v1/search?s=content%20map')) as Result[];
    expect(results.find((r) => r.title === 'The MLA content map explained')?.url).toBe(
      '/ukmla/content-map',
    );
    const [contact] = json(
      await app.inject('/wp-json/custom/v1/search?s=contact%20us'),
    ) as Result[];
    expect(contact).toMatchObject({ type: 'page', url: '/contact-us' });
  });

  it('requires every word and decodes entities in titles', async () => {
    const results = json(
      await app.inject('/wp-json/custom/v1/search?s=what%E2%80%99s%20changed'),
    ) as Result[];
    expect(results.map((r) => r.title)).toEqual(['PLAB 1 & PLAB 2: what’s changed in 2024']);
    expect(json(await app.inject('/wp-json/custom/v1/search?s=plab%20zebra'))).toEqual([]);
  });

  it('does not match text inside markup or scripts', async () => {
    expect(json(await app.inject('/wp-json/custom/v1/search?s=__injectedByContent'))).toEqual([]);
    expect(json(await app.inject('/wp-json/custom/v1/search?s=wp-block-quote'))).toEqual([]);
  });

  it.each(['/wp-json/custom/v1/search', '/wp-json/custom/v1/search?s=%20%20'])(
    '%s without a term is a 400',
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual(MISSING_TERM);
    },
  );

  it('custom-api/v1/search gives the same results wrapped in {results}', async () => {
    const direct = json(await app.inject('/wp-json/custom/v1/search?s=msra'));
    const wrapped = json(await app.inject('/wp-json/custom-api/v1/search/?search_text=msra'));
    expect(wrapped).toEqual({ results: direct });
    expect(json(await app.inject('/wp-json/custom-api/v1/search/'))).toEqual(MISSING_TERM);
  });
});

describe('newsletter', () => {
  const thanks = {
    success: true,
    message: 'Thanks! Please check your inbox to confirm your subscription to Arora Updates.',
  };

  it('subscribes from a JSON body and from the footer form post', async () => {
    const fromJson = await app.inject({
      method: 'POST',
      url: '/wp-json/custom/v1/newsletter',
      payload: { email: 'Reader@Example.com' },
    });
    expect(json(fromJson)).toEqual(thanks);
    const fromForm = await app.inject({
      method: 'POST',
      url: '/wp-json/custom/v1/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=form%40example.com',
    });
    expect(json(fromForm)).toEqual(thanks);
    expect(app.sampleState.newsletterSubscribers).toEqual([
      'reader@example.com',
      'form@example.com',
    ]);
  });

  it.each([{}, { email: 'not an email' }, { email: 42 }])('refuses %j', async (payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/custom/v1/newsletter',
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect((json(response) as { code: string }).code).toBe('invalid_email');
  });
});

describe('contact form', () => {
  const valid = {
    name: 'Dr Amina Yusuf',
    phonenum: '+44 7700 900123',
    email: 'amina@example.com',
    message: 'Do you run PLAB 2 mocks in Leeds?',
  };

  it('accepts a complete message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/contact-form/v1/submit',
      payload: valid,
    });
    expect(response.statusCode).toBe(200);
    expect((json(response) as { success: boolean }).success).toBe(true);
    expect(app.sampleState.contactMessages).toContainEqual(valid);
  });

  it.each(['name', 'phonenum', 'email', 'message'])(
    'names the bad field when %s is wrong',
    async (field) => {
      const payload = { ...valid, [field]: field === 'phonenum' ? 'call me' : '' };
      const response = await app.inject({
        method: 'POST',
        url: '/wp-json/contact-form/v1/submit',
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ code: 'invalid_field', data: { status: 400, field } });
    },
  );
});

describe('custom/v1 content', () => {
  it('products/attributes has the Month attribute and its options', async () => {
    const response = await app.inject('/wp-json/custom/v1/products/attributes');
    const attributes = json(response) as { name: string; options: string[] }[];
    expect(attributes.find((a) => a.name === 'Month')?.options).toEqual([
      '1 Month',
      '3 Months',
      '6 Months',
      '12 Months',
    ]);
    expect(response.headers['cache-control']).toBe('public, max-age=600');
  });

  it('acceptable-use-policy sends misuse reports to the contact page, not to an email address', async () => {
    const { content } = json(await app.inject('/wp-json/custom/v1/acceptable-use-policy')) as {
      content: string;
    };
    expect(content).toContain('<a href="/contact-us">contact us</a>');
    expect(content).not.toContain('mailto:');
  });

  it.each(['404', 'acceptable-use-policy'])('%s gives a title and HTML content', async (name) => {
    const body = json(await app.inject(`/wp-json/custom/v1/${name}`)) as {
      title: string;
      content: string;
    };
    expect(body.title.length).toBeGreaterThan(3);
    expect(body.content).toMatch(/^<p>/);
  });

  it('send-reset-link accepts a gift recipient and refuses a bad email', async () => {
    const payload = {
      recipient_name: 'Dr Omar Farouk',
      recipient_email: 'omar@example.com',
      message: 'Good luck!',
      buyer: 'Dr Test Learner',
    };
    const ok = await app.inject({
      method: 'POST',
      url: '/wp-json/custom/v1/send-reset-link',
      payload,
    });
    expect(json(ok)).toMatchObject({ success: true });
    const bad = await app.inject({
      method: 'POST',
      url: '/wp-json/custom/v1/send-reset-link',
      payload: { ...payload, recipient_email: 'omar' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ data: { field: 'recipient_email' } });
  });
});

describe('custom/v2', () => {
  it('check-order-lookup gives an order status and total; an unknown order is a 404', async () => {
    expect(json(await app.inject('/wp-json/custom/v2/check-order-lookup/52001'))).toEqual({
      order_id: 52001,
      status: 'completed',
      total: '119.99',
    });
    for (const id of ['1', 'abc']) {
      const response = await app.inject(`/wp-json/custom/v2/check-order-lookup/${id}`);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({
        code: 'order_not_found',
        message: 'Order not found.',
        data: { status: 404 },
      });
    }
  });

  it('getPromotionalBanner has HTML text, a link and a speed', async () => {
    const banner = json(await app.inject('/wp-json/custom/v2/getPromotionalBanner')) as {
      promotional_text: string;
      promotional_link: { title: string; url: string };
      promotional_speed: number;
    };
    expect(banner.promotional_text).toContain('<strong>Black Friday:</strong>');
    expect(banner.promotional_link.url).toBeTruthy();
    expect(banner.promotional_speed).toBe(20);
  });

  it('trackOrder keeps the payload for inspection and requires an orderId', async () => {
    const payload = {
      orderId: 52003,
      total: '59.97',
      email: 'learner@example.com',
      mc_cid: 'abc123',
      mc_eid: 'def456',
      items: [
        {
          id: 2108,
          product_id: 3108,
          product_variant_id: 310801,
          product_title: 'PLAB 1 Question Bank',
          price: 19.99,
          quantity: 3,
        },
      ],
    };
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/custom/v2/trackOrder',
      payload,
    });
    expect(json(response)).toEqual({ success: true });
    expect(app.sampleState.trackedOrders).toEqual([payload]);
    const missing = await app.inject({
      method: 'POST',
      url: '/wp-json/custom/v2/trackOrder',
      payload: { ...payload, orderId: undefined },
    });
    expect(missing.statusCode).toBe(400);
    expect(app.sampleState.trackedOrders).toHaveLength(1);
  });
});

describe('subscriptions (wsp-route/v1)', () => {
  it.each(['create', 'upgrade'])('%s-subscription needs the learner token', async (action) => {
    const url = `/wp-json/wsp-route/v1/${action}-subscription`;
    const anonymous = await app.inject({ method: 'POST', url, payload: { tier: 'gold' } });
    expect(anonymous.statusCode).toBe(401);
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: { tier: 'gold', duration: '3 Months' },
    });
    expect(response.statusCode).toBe(200);
    const { subscription_id: id } = json(response) as { subscription_id: number };
    expect(
      json(await app.inject(`/wp-json/wp/v2/check-subscription-success/${String(id)}`)),
    ).toEqual({ success: true });
  });

  it('refuses an unknown tier', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/wsp-route/v1/create-subscription',
      headers: { authorization: `Bearer ${token}` },
      payload: { tier: 'platinum' },
    });
    expect(response.statusCode).toBe(400);
  });
});
