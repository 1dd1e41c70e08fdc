import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The gateway's HTTP/1.1 boundary: how a request says where its body ends, and how long a client
 * may take to send it.
 *
 * The gateway frames every request it passes on itself: the HTTP client that calls the upstream
 * writes the length of the body it actually sends (the proxy passes none of the client's framing
 * headers). A request whose framing could be read two ways, or that declares a body its method
 * does not carry, is refused here before anything reads it: a proxy in front of the gateway, the
 * gateway, or WordPress behind it could otherwise disagree on where it ends, and the bytes after
 * that point would run as a request the client wrote inside its body (request smuggling).
 */

/**
 * Methods whose requests carry no body through the gateway. Node's HTTP client would send a
 * body on a GET, DELETE or OPTIONS without any length, so none may reach the proxy.
 */
const BODILESS_METHODS: readonly string[] = ['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE'];

/** How long a client may take, in ms. */
export interface ServerTimeouts {
  /** The whole request, from its first byte to the last byte of its body. */
  requestMs: number;
  /** The request line and headers (at most `requestMs`). */
  headersMs: number;
  /** An idle connection between two requests. */
  keepAliveMs: number;
  /**
   * A connection on which nothing moves either way (a client that stops reading its answer):
   * longer than an upstream may take to answer, when the connection waits with nothing to send.
   */
  idleMs: number;
}

/** Production's limits: a body must arrive within 30 s; a browser sends its headers in one go. */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  // Longer than nginx keeps an idle connection to a gateway (scripts/nginx/gateway-pool.conf),
  // so nginx never sends a request on a connection the gateway is closing.
  keepAliveMs: 10_000,
  idleMs: 60_000,
};

/** The gateway's error body, as every error it raises itself. */
function errorBody(status: number, code: string, message: string) {
  return { code, message, data: { status } };
}

/**
 * The requests each connection has not had its answer to yet. An error about the bytes after a
 * whole request (pipelined) must not be written ahead of that request's answer, as if it were it.
 */
const unanswered = new WeakMap<Socket, Set<IncomingMessage>>();

/** Whether a request received whole is still waiting for its answer on this connection. */
function answerPending(socket: Socket): boolean {
  return [...(unanswered.get(socket) ?? [])].some((request) => request.complete);
}

/**
 * Connections a request's framing was refused on: the requests read after it on the same
 * connection (pipelined) were framed by the refused rule, and go nowhere. Their connection
 * closes after the refusal's answer.
 */
const refusedConnections = new WeakSet<Socket>();

/**
 * A request Node's HTTP parser could not read, or a client too slow to send its request: the
 * gateway's JSON error (unless a request before it on the connection is still being answered),
 * then the connection is closed. Only that client's connection.
 */
function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (answerPending(socket)) {
    socket.destroy();
    return;
  }
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'request_header_fields_too_large', 'The request headers are too large.']
        : [400, 'invalid_request', 'The request could not be read.'];
  const body = JSON.stringify(errorBody(status, code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${String(Buffer.byteLength(body))}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The Fastify server options that hold a client to its limits: the whole request, its headers,
 * an idle keep-alive connection and a silent connection each have a time limit (Node's are
 * unlimited or minutes long), and what Node's parser refuses is answered as the gateway's errors.
 */
export function serverOptions(timeouts: ServerTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // How often Node looks for requests past their limits (every 30 s by default): often
      // enough that a limit holds to within a fifth of the header limit, at most a second.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(timeouts.headersMs / 5))),
    },
    clientErrorHandler: answerClientError,
  };
}

/** A header's values as the request spelled them, one per header line. */
function headerLines(rawHeaders: readonly string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === name) values.push(rawHeaders[i + 1] ?? '');
  }
  return values;
}

/**
 * Why a request's framing is refused, or undefined when its body's end is plain: at most one
 * Content-Length (a number) or one `Transfer-Encoding: chunked`, never both, and no body at all
 * on a method that carries none.
 */
export function framingRefusal(method: string, rawHeaders: readonly string[]): string | undefined {
  const lengths = headerLines(rawHeaders, 'content-length');
  const codings = headerLines(rawHeaders, 'transfer-encoding');
  if (lengths.length > 0 && codings.length > 0) {
    return 'Send either a Content-Length or Transfer-Encoding: chunked, not both.';
  }
  const [coding] = codings;
  if (codings.length > 1 || (coding !== undefined && coding.trim().toLowerCase() !== 'chunked')) {
    return 'The only Transfer-Encoding accepted is chunked.';
  }
  const [length] = lengths;
  if (lengths.length > 1 || (length !== undefined && !/^\d+$/.test(length.trim()))) {
    return 'The Content-Length must be one number.';
  }
  const declaresBody = coding !== undefined || Number(length ?? 0) > 0;
  return declaresBody && BODILESS_METHODS.includes(method)
    ? `A ${method} request carries no body.`
    : undefined;
}

/** Whether the request declared a body (a length above 0, or chunks). */
function declaresBody(request: { headers: Record<string, string | string[] | undefined> }) {
  return (
    request.headers['transfer-encoding'] !== undefined ||
    Number(request.headers['content-length'] ?? 0) > 0
  );
}

function refuse(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .type('application/json; charset=utf-8')
    .send(errorBody(400, 'invalid_request', message));
}

/**
 * Registers the framing rules: a request framed in a way the gateway refuses is a 400 before
 * any routing, limit or upstream (and its connection is closed: whatever follows on it was
 * framed by the refused rule); a body that was sent but parses to nothing the proxy would pass
 * on (whitespace, JSON null, false, 0 or "") is a 400 before any upstream, since the upstream
 * would get a request without it.
 */
export const framing = fp(
  (app: FastifyInstance, _options: unknown, loaded: () => void) => {
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const requests = unanswered.get(request.socket) ?? new Set();
      unanswered.set(request.socket, requests.add(request));
      response.once('close', () => requests.delete(request));
    });
    // `Expect: 100-continue`: the client waits for a 100 before its body. Only the request being
    // answered gets one: Node would write a pipelined request's 100 after its final answer's head
    // (inside that answer). A pipelined request has sent its body already, or sends it anyway
    // after a short wait.
    app.server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
      if ((unanswered.get(request.socket)?.size ?? 0) === 0) response.writeContinue();
      app.server.emit('request', request, response);
    });
    app.addHook('onRequest', (request, reply, done) => {
      const { socket } = request.raw;
      const refusal = refusedConnections.has(socket)
        ? 'An earlier request on this connection was refused.'
        : framingRefusal(request.method, request.raw.rawHeaders);
      if (refusal === undefined) {
        done();
        return;
      }
      refusedConnections.add(socket);
      void refuse(reply.header('connection', 'close'), refusal);
    });
    app.addHook('preValidation', (request, reply, done) => {
      if (request.body || !declaresBody(request)) {
        done();
        return;
      }
      void refuse(reply, 'The request body is empty.');
    });
    loaded();
  },
  { name: 'framing' },
);
