import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CANONICAL_SITE_URL } from '../config';
import { WpError, noRouteError } from '../errors';
import { registerFieldsFilter } from './fields';
import { requestOrigin } from './origin';
import { restRouteOf } from './request-url';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The Allow header of a /wp-json route, when it differs from the route's own methods. */
    allow?: string;
  }
}

// Routes match case-insensitively (see request-url.ts), so the path checks do too.
function isWordPressPath(request: FastifyRequest): boolean {
  return restRouteOf(request.url) !== undefined;
}

function isApiPath(request: FastifyRequest): boolean {
  return isWordPressPath(request) || request.url.toLowerCase().startsWith('/lms/');
}

/**
 * Body parsing: JSON (an empty body counts as no fields, as in WordPress) and HTML form posts
 * (the footer's newsletter form). Fastify's own limit answers bodies over `bodyLimit` with 413.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    // Fastify's parser answers through `done`; its return value carries nothing.
    void parseJson(request, text, done);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
}

function allowedMethods(request: FastifyRequest): string {
  const configured = request.routeOptions.config.allow;
  if (configured !== undefined) return configured;
  const methods = [request.routeOptions.method]
    .flat()
    .map((method) => (method === 'HEAD' ? 'GET' : method));
  return [...new Set(methods)].join(', ');
}

function setCorsHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  // WordPress echoes any Origin and allows credentials; the sample does the same.
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-allow-methods', 'OPTIONS, GET, POST, PUT, PATCH, DELETE');
  reply.header('access-control-allow-credentials', 'true');
}

/**
 * Response headers as the captured WordPress sends them on every /wp-json response, JSON
 * content types spelled `charset=UTF-8`, the canonical site URL of the data files rewritten
 * to the origin the client used, in bodies and Link headers alike, and the fields a REST request
 * names (`_fields`) kept alone.
 */
export function registerResponseHooks(app: FastifyInstance): void {
  registerFieldsFilter(app, isWordPressPath);
  app.addHook('onSend', (request, reply, payload, done) => {
    const contentType = reply.getHeader('content-type');
    const isJson = typeof contentType === 'string' && contentType.startsWith('application/json');
    if (isJson) reply.header('content-type', 'application/json; charset=UTF-8');
    if (isApiPath(request)) setCorsHeaders(request, reply);
    if (!isWordPressPath(request)) {
      done(null, payload);
      return;
    }
    const origin = requestOrigin(request);
    reply.header('x-robots-tag', 'noindex');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('access-control-expose-headers', 'X-WP-Total, X-WP-TotalPages, Link');
    reply.header(
      'access-control-allow-headers',
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    );
    reply.header('vary', 'Origin');
    const link = reply.getHeader('link');
    reply.header(
      'link',
      typeof link === 'string'
        ? link.replaceAll(CANONICAL_SITE_URL, origin)
        : `<${origin}/wp-json/>; rel="https://api.w.org/"`,
    );
    // WordPress sends Allow only for a route that answered; a 404 names no methods.
    if (!request.is404 && reply.statusCode !== 404 && !reply.hasHeader('allow')) {
      reply.header('allow', allowedMethods(request));
    }
    const rewritten =
      isJson && typeof payload === 'string' && origin !== CANONICAL_SITE_URL
        ? payload.replaceAll(CANONICAL_SITE_URL, origin)
        : payload;
    done(null, rewritten);
  });
}

/** CORS preflight for the API paths (the storefront normally calls through its gateway). */
export function registerPreflight(app: FastifyInstance): void {
  for (const prefix of ['/wp-json/*', '/lms/*']) {
    app.options(prefix, { config: { allow: 'OPTIONS, GET, POST' } }, (_request, reply) =>
      reply.code(200).send({}),
    );
  }
}

function toWpError(error: FastifyError): WpError {
  if (error instanceof WpError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      // WordPress's own answer to a body it cannot parse.
      return new WpError(400, 'rest_invalid_json', 'Invalid JSON body passed.', {
        json_error_code: 4,
        json_error_message: 'Syntax error',
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new WpError(413, 'rest_request_too_large', 'The request body is larger than 1 MB.');
    case 'FST_ERR_BAD_URL':
      return new WpError(400, 'rest_invalid_url', 'The URL is not valid.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new WpError(414, 'rest_url_too_long', 'A part of the URL is too long.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new WpError(
        415,
        'rest_unsupported_media_type',
        'Send the body as JSON (application/json) or as a form (application/x-www-form-urlencoded).',
      );
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new WpError(status, 'rest_bad_request', error.message);
  return new WpError(
    500,
    'internal_server_error',
    'There has been a critical error on this website.',
  );
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a malformed URL, an overlong
 * path segment) get the same WordPress-style body as every other error.
 */
export function frameworkErrorReply(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const wpError = toWpError(error);
  reply
    .code(wpError.status)
    .header('content-type', 'application/json; charset=UTF-8')
    .send(wpError.toBody());
}

/**
 * Every error becomes a WordPress-style `{code, message, data: {status}}` body; unknown paths get
 * WordPress's `rest_no_route` under /wp-json and a JSON 404 elsewhere.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const wpError = toWpError(error);
    if (wpError.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(wpError.status).send(wpError.toBody());
  });
  app.setNotFoundHandler((request, reply) => {
    const wpError = isWordPressPath(request)
      ? noRouteError()
      : new WpError(404, 'not_found', 'No route was found matching the URL and request method.');
    return reply.code(wpError.status).send(wpError.toBody());
  });
}
