import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JSDOM } from 'jsdom';
import { LRUCache } from 'lru-cache';
import { createHtmlSanitizer, type SanitizerOrigins } from 'shared-store/server';

declare module 'fastify' {
  interface FastifyInstance {
    /** WordPress's HTML made safe where its answers enter the storefront (plugins/backendHtml.ts). */
    backendHtml: BackendHtml;
  }
}

/**
 * The largest WordPress answer the gateway reads to sanitize, in bytes; a larger one is a 502,
 * never passed on unsanitized. The largest a page asks for is the blog's list of 100 posts, about
 * 3 KB a post on the real site. Sanitizing holds the gateway's event loop about 0.9 s, and 75 MB
 * of memory until the answer is sent, per MB of HTML (measured): the bound keeps one answer's
 * cost to a few seconds and a few hundred MB.
 */
export const MAX_SANITIZED_BYTES = 4 * 1024 * 1024;

/**
 * How much sanitized HTML the gateway remembers, in characters of WordPress's HTML and of its
 * sanitized form together (about twice that in bytes): every post of the real site, a few times.
 */
const REMEMBERED_HTML_CHARS = 16 * 1024 * 1024;

/** What a WordPress answer becomes before it reaches a browser. */
export interface BackendHtml {
  /**
   * A JSON body with every string value that holds markup (a `<`) sanitized: no scripts,
   * handlers, frames, forms, styles or script URLs; links to the WordPress site become the
   * storefront's routes. Keys and other values are kept as they are; a body in which nothing
   * changed is returned as it came. Undefined when the body is not JSON, or is over
   * MAX_SANITIZED_BYTES.
   */
  sanitizeJsonBody(body: Buffer): Buffer | undefined;
  /**
   * An answer's body, sanitized (sanitizeJsonBody), when its type says JSON; undefined for any
   * other answer. Reading stops past MAX_SANITIZED_BYTES.
   */
  readJson(
    contentType: string | null | undefined,
    body: AnswerBody | null,
  ): Promise<Buffer | undefined>;
}

/** An answer's body: the proxy's (a Node stream) or a fetch's. */
type AnswerBody = Readable | ReadableStream<Uint8Array>;

/**
 * A body's bytes, or undefined once it is over MAX_SANITIZED_BYTES: it is then read no further
 * (the stream ends, and the upstream's connection with it).
 */
async function readBounded(body: AnswerBody): Promise<Buffer | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const take = (chunk: Uint8Array) => {
    size += chunk.length;
    chunks.push(chunk);
    return size <= MAX_SANITIZED_BYTES;
  };
  if (body instanceof Readable) {
    // Leaving the loop early destroys the stream.
    for await (const chunk of body) if (!take(chunk as Uint8Array)) return undefined;
  } else {
    const reader = body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (!take(read.value)) {
        await reader.cancel();
        return undefined;
      }
    }
  }
  return Buffer.concat(chunks);
}

/**
 * The storefront's one sanitizer of WordPress's HTML over a DOM of its own, made once at start
 * (loading jsdom takes about 0.4 s, its window 40 ms), for answers that reach a browser whichever
 * way: the proxy's, the reads the gateway keeps, the reads a server render is drawn from. `close` frees its DOM.
 */
export function createBackendHtml(origins: SanitizerOrigins): BackendHtml & { close(): void } {
  const { window } = new JSDOM('');
  const sanitizer = createHtmlSanitizer(window, origins);
  // Sanitizing holds the event loop (a 150 KB post about 150 ms), and a logged-in visitor's reads
  // are never kept: each piece of WordPress's HTML is sanitized once, and remembered by its text
  // (the same text is always made the same), so a read asked again costs its parsing only.
  const remembered = new LRUCache<string, string>({
    maxSize: REMEMBERED_HTML_CHARS,
    sizeCalculation: (clean, html) => Math.max(1, html.length + clean.length),
  });
  const sanitize = (html: string): string => {
    let clean = remembered.get(html);
    if (clean === undefined) {
      clean = sanitizer(html);
      remembered.set(html, clean);
    }
    return clean;
  };

  function sanitizeJsonBody(body: Buffer): Buffer | undefined {
    if (body.length > MAX_SANITIZED_BYTES) return undefined;
    let text = body.toString('utf8');
    // Not part of the JSON, as a browser reads it (a WordPress plugin file saved with one).
    const byteOrderMark = text.startsWith('\uFEFF');
    if (byteOrderMark) text = text.slice(1);
    const changes = { made: false };
    try {
      const value: unknown = JSON.parse(text, (_key, entry: unknown) => {
        // A string without a `<` holds no markup: kept as it is (a URL's `&`, a title's entities).
        if (typeof entry !== 'string' || !entry.includes('<')) return entry;
        const clean = sanitize(entry);
        if (clean !== entry) changes.made = true;
        return clean;
      });
      if (changes.made) return Buffer.from(JSON.stringify(value));
    } catch {
      // Not JSON, or nested past what the parser or the serializer can take.
      return undefined;
    }
    return byteOrderMark ? Buffer.from(text) : body;
  }

  return {
    sanitizeJsonBody,
    async readJson(contentType, body) {
      if (!body) return undefined;
      const bytes = await readBounded(body);
      if (!bytes || !(contentType ?? '').includes('json')) return undefined;
      return sanitizeJsonBody(bytes);
    },
    close: () => {
      window.close();
    },
  };
}

/**
 * The gateway's sanitizer of WordPress's HTML, for the whole server (hence on the root): the
 * proxy sanitizes WordPress's answers before anything else sees them, and the page's own reads
 * (its head, its server render's reads) do the same, so no WordPress HTML reaches a browser, or the
 * read cache, unsanitized. The browser renders these fields as they are served; its page's
 * Content-Security-Policy is the defence behind this one.
 */
export const backendHtml = fp(
  (app: FastifyInstance, _options: unknown, loaded: () => void) => {
    const html = createBackendHtml({
      site: app.config.publicUrl.href,
      wordpress: app.config.wordpressOrigin,
    });
    app.decorate('backendHtml', html);
    app.addHook('onClose', (_app, done) => {
      html.close();
      done();
    });
    loaded();
  },
  { name: 'backend-html', dependencies: ['configuration'] },
);
