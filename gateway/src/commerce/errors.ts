import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { problemOf, validate } from '../validation';

/** A refusal or failure of a commerce operation, answered as `{code, message, data: {status}}`. */
export class ShopError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra fields of `data` the page reads (the new prices of a changed order). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ShopError';
  }

  body() {
    return {
      code: this.code,
      message: this.message,
      data: { status: this.status, ...this.details },
    };
  }
}

export const unavailable = () =>
  new ShopError(502, 'upstream_unavailable', 'The shop could not be reached. Please try again.');

/** The request's input as `schema` reads it; a 400 naming the first problem otherwise. */
export function readInput<T extends v.GenericSchema>(schema: T, value: unknown): v.InferOutput<T> {
  const parsed = validate(schema, value);
  if (parsed.success) return parsed.output;
  throw new ShopError(400, 'invalid_request', problemOf(parsed.issues));
}

/** Sends a ShopError as WordPress-style JSON; anything else goes to the gateway's error handler. */
export function handled<R extends FastifyRequest>(
  handler: (request: R, reply: FastifyReply) => Promise<unknown>,
) {
  return async (request: R, reply: FastifyReply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      return reply.code(error.status).send(error.body());
    }
  };
}
