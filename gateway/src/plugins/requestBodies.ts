import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isOrderPayForm, MAX_ORDER_PAY_FORM_BYTES, ORDER_PAY_FIELDS } from '../proxy/checkoutForm';
import { phpParamsText, readPhpParams } from '../proxy/phpParams';
import { pathOf } from './canonicalPaths';
import { maxBodyBytesOf } from '../proxy/routeTable';

/** No request the storefront makes nests deeper than this. */
const MAX_JSON_DEPTH = 32;

/** Thrown for a body the gateway will not read: answered as a 400 JSON error. */
function badBody(message: string) {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/** The deepest nesting of arrays and objects in JSON text, counted without parsing it. */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') deepest = Math.max(deepest, (depth += 1));
    else if (char === '}' || char === ']') depth -= 1;
  }
  return deepest;
}

/**
 * JSON bodies: malformed, too deep, or carrying `__proto__`/`constructor` keys is a 400 with a
 * clear message, never a 500.
 */
function readJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(
    /^application\/(?:[\w.+-]+\+)?json$/i,
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      if (jsonDepth(text) > MAX_JSON_DEPTH) {
        done(badBody(`The request body nests deeper than ${String(MAX_JSON_DEPTH)} levels.`));
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text, (key, value: unknown) => {
          if (key === '__proto__' || key === 'constructor') {
            throw badBody('The request body has a forbidden key.');
          }
          return value;
        });
      } catch (error) {
        done(
          (error as { statusCode?: number }).statusCode === 400
            ? (error as Error)
            : badBody('The request body is not valid JSON.'),
        );
        return;
      }
      done(null, parsed);
    },
  );
}

function tooLarge(limit: number) {
  return Object.assign(
    new Error(`The request body is larger than ${String(Math.round(limit / 1024))} KB.`),
    { statusCode: 413 },
  );
}

/**
 * A route's own body limit (the route table's `maxBodyBytes`), whatever the body's type: a
 * larger declared length is refused before it is read, a longer body as it arrives. Both are a
 * 413 JSON error, and nothing reaches the upstream.
 */
function limitBodies(app: FastifyInstance): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const limit = maxBodyBytesOf(request.method, pathOf(request.url));
    if (limit === undefined) {
      done(null, payload);
      return;
    }
    if (Number(request.headers['content-length']) > limit) {
      done(tooLarge(limit));
      return;
    }
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        received += chunk.length;
        if (received > limit) next(tooLarge(limit));
        else next(null, chunk);
      },
    });
    payload.on('error', (error) => counted.destroy(error));
    done(null, payload.pipe(counted));
  });
}

/**
 * Reads a form body for the pay-for-order form only, at most {@link MAX_ORDER_PAY_FORM_BYTES}, as
 * PHP would (proxy/phpParams.ts): its fields (ORDER_PAY_FIELDS) are kept, written out again, and
 * that is what WordPress is sent, never the bytes received; any other field, or one PHP would read
 * otherwise, is a 400 naming it. A form posted anywhere else is refused (415), and so is any
 * other encoding of a form (multipart/form-data has no parser: 415).
 */
function readOrderPayForm(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_ORDER_PAY_FORM_BYTES },
    (request, body, done) => {
      if (!isOrderPayForm(request.method, request.url)) {
        done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }));
        return;
      }
      const reading = readPhpParams(String(body), {
        allowed: ORDER_PAY_FIELDS,
        unlisted: 'refuse',
        noun: 'field',
      });
      if ('refusal' in reading) done(badBody(reading.refusal));
      else done(null, phpParamsText(reading.pairs));
    },
  );
}

/** The bodies the gateway reads: JSON anywhere, only the pay-for-order form, within limits. */
export const requestBodies = fp(
  (app: FastifyInstance, _options: unknown, loaded: () => void) => {
    readJsonBodies(app);
    limitBodies(app);
    readOrderPayForm(app);
    loaded();
  },
  { name: 'request-bodies' },
);
