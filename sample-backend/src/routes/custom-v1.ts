import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context';
import { buildSearchIndex, searchIndex } from '../domain/search';
import { isEmail } from '../domain/text';
import { invalidFieldError, WpError } from '../errors';
import type { Query } from '../http/input';
import { bodyFields, queryValue, textField } from '../http/input';

/**
 * The site's `custom/v1` content routes (search, product attributes, info pages, newsletter,
 * reset-link sending), the contact form and the older `custom-api/v1` search.
 */

const MAX_MESSAGE_LENGTH = 5000;

/** Registers the `custom/v1` content routes, the contact form and `custom-api/v1`. */
export function registerCustomV1Routes(app: FastifyInstance, context: BackendContext): void {
  const { data, state } = context;
  const index = buildSearchIndex(data);

  const runSearch = (term: string | undefined): ReturnType<typeof searchIndex> => {
    if (term === undefined || term.trim() === '') {
      throw new WpError(400, 'missing_search_term', 'Please provide a search term.');
    }
    return searchIndex(index, term);
  };

  app.get<{ Querystring: Query }>('/wp-json/custom/v1/search', (request) =>
    runSearch(queryValue(request.query, 's')),
  );

  app.get<{ Querystring: Query }>('/wp-json/custom-api/v1/search', (request) => ({
    results: runSearch(queryValue(request.query, 'search_text')),
  }));

  app.get('/wp-json/custom/v1/products/attributes', (_request, reply) => {
    // The storefront caches these for 10 minutes; tell HTTP caches the same.
    reply.header('cache-control', 'public, max-age=600');
    return data.productAttributes;
  });

  app.get('/wp-json/custom/v1/404', () => data.infoPages['not-found']);
  app.get(
    '/wp-json/custom/v1/acceptable-use-policy',
    () => data.infoPages['acceptable-use-policy'],
  );

  app.post('/wp-json/custom/v1/newsletter', (request) => {
    const email = textField(bodyFields(request), 'email');
    if (!isEmail(email)) {
      throw new WpError(400, 'invalid_email', 'Please enter a valid email address.');
    }
    const normalised = email.toLowerCase();
    if (!state.newsletterSubscribers.includes(normalised)) {
      state.newsletterSubscribers.push(normalised);
    }
    // Same answer for a repeat sign-up: the confirmation email is what double opt-in relies on.
    return {
      success: true,
      message: 'Thanks! Please check your inbox to confirm your subscription to Arora Updates.',
    };
  });

  app.post('/wp-json/custom/v1/send-reset-link', (request) => {
    const fields = bodyFields(request);
    const recipientName = textField(fields, 'recipient_name');
    const recipientEmail = textField(fields, 'recipient_email');
    const message = fields.message ?? '';
    if (recipientName === undefined) {
      throw invalidFieldError('recipient_name', "Please enter the recipient's name.");
    }
    if (!isEmail(recipientEmail)) {
      throw invalidFieldError('recipient_email', "Please enter the recipient's email address.");
    }
    if (typeof message !== 'string' || message.length > MAX_MESSAGE_LENGTH) {
      throw invalidFieldError('message', 'The message must be text of at most 5,000 characters.');
    }
    if (textField(fields, 'buyer') === undefined) {
      throw invalidFieldError('buyer', 'Please say who bought the course (buyer).');
    }
    return {
      success: true,
      message: `We have emailed ${recipientEmail} a link to set a password and start the course.`,
    };
  });

  app.post('/wp-json/contact-form/v1/submit', (request) => {
    const fields = bodyFields(request);
    const name = textField(fields, 'name');
    const phonenum = textField(fields, 'phonenum');
    const email = textField(fields, 'email');
    const message = textField(fields, 'message');
    if (name === undefined || name.length > 100) {
      throw invalidFieldError('name', 'Please enter your name (100 characters at most).');
    }
    const phoneDigits = phonenum?.replace(/\D/g, '').length ?? 0;
    if (
      phonenum === undefined ||
      !/^\+?[0-9 ()-]+$/.test(phonenum) ||
      phoneDigits < 7 ||
      phoneDigits > 15
    ) {
      throw invalidFieldError('phonenum', 'Please enter a valid phone number, e.g. 07700 900123.');
    }
    if (!isEmail(email)) {
      throw invalidFieldError('email', 'Please enter a valid email address.');
    }
    if (message === undefined || message.length > MAX_MESSAGE_LENGTH) {
      throw invalidFieldError('message', 'Please enter a message (5,000 characters at most).');
    }
    state.contactMessages.push({ name, phonenum, email, message });
    return {
      success: true,
      message: 'Thank you for your message. Our team will reply within two working days.',
    };
  });
}
