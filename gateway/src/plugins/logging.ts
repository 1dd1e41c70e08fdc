import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret: a token, a reset key, an order key, credentials, a canary
 * link's signature.
 */
const SECRET_PARAMS = /^(?:token|jwt|access_token|key|password|consumer_key|consumer_secret|sig)$/i;

/** A path's learner-dashboard token or preview link id, with what precedes it. */
const SECRET_SEGMENT = /(\/course\/|\/preview\/(?!exit(?:\/|$)))[^/]+/gi;
/** The same, and all that follows it: for a path whose escapes hide where the segment ends. */
const SECRET_REST = /(\/course\/|\/preview\/(?!exit(?:\/|$))).*/i;

/**
 * A path as logs may keep it: its secret segments redacted as sent; and when its escapes spell
 * one (`/%70review/{id}`, `/x/..%2fpreview/{id}`), decoded and redacted to its end.
 */
function redactPath(path: string): string {
  const redacted = path.replace(SECRET_SEGMENT, '$1[redacted]');
  let decoded = redacted;
  try {
    decoded = decodeURIComponent(redacted);
  } catch {
    // A malformed escape: the path as sent is all there is to read.
  }
  return decoded !== redacted && SECRET_REST.test(decoded)
    ? decoded.replace(SECRET_REST, '$1[redacted]')
    : redacted;
}

/**
 * A URL as logs may keep it: the learner-dashboard token in `/course/{token}`, a preview link's
 * id in `/preview/{id}` (whoever holds it sees the previewed release), however either is spelled,
 * and secret query parameters are replaced by `[redacted]`.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = redactPath(queryAt < 0 ? url : url.slice(0, queryAt));
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent.
      }
      return SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** How a request appears in the logs: never its Authorization header, cookies or tokens. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}

/**
 * Runs what it is handed at most once per `intervalMs`, for log lines that a client (or a failing
 * service) could otherwise cause at every request. Says whether it ran.
 */
export function atMostEvery(intervalMs: number, now: () => number = Date.now) {
  let last = -Infinity;
  return (action: () => void): boolean => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    action();
    return true;
  };
}

/** The server's logger: pino at `logLevel`, requests and upstream URLs without their secrets. */
export function loggerOptions(options: { logLevel: string; logStream?: NodeJS.WritableStream }) {
  return {
    level: options.logLevel,
    serializers: { req: requestForLog },
    // The proxy logs the upstream URL it fetches as `source`.
    redact: {
      paths: ['source'],
      censor: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
    },
    ...(options.logStream ? { stream: options.logStream } : {}),
  };
}

/** How a part of the gateway reports what went wrong: a warning with its cause. */
export function warnings(log: FastifyBaseLogger) {
  return (message: string, error?: unknown) => {
    log.warn({ err: error }, message);
  };
}
