import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The codes of the errors the gateway raises itself. */
const ERROR_CODES: Partial<Record<number, string>> = {
  400: 'invalid_request',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * Every error the gateway itself raises (bad JSON, an oversized body, a rate limit, a failure of
 * its own) is answered as WordPress answers one, `{code, message, data: {status}}`; one of its own
 * is logged and never described to the client.
 */
export const errorReplies = fp(
  (app: FastifyInstance, _options: unknown, loaded: () => void) => {
    app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error(error);
      void reply
        .code(status)
        .type('application/json; charset=utf-8')
        .send({
          code: ERROR_CODES[status] ?? (status >= 500 ? 'gateway_error' : 'invalid_request'),
          message: status >= 500 ? 'Something went wrong on our side.' : error.message,
          data: { status },
        });
    });
    loaded();
  },
  { name: 'error-replies' },
);
