import type { FastifyRequest } from 'fastify';

function firstHeader(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  // Proxies append to these headers ("a, b"): the first entry is the client-facing one.
  return raw?.split(',')[0]?.trim();
}

// A host is put into Link headers and URLs: accept only host[:port] characters.
const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The origin the client used, e.g. `http://localhost:8080`. Behind the gateway that is the
 * gateway's origin, from `X-Forwarded-Proto` and `X-Forwarded-Host`; otherwise the request's own
 * protocol and Host. Links in responses and the order payment URL are built from it.
 */
export function requestOrigin(request: FastifyRequest): string {
  const forwardedHost = firstHeader(request.headers['x-forwarded-host']);
  const forwardedProto = firstHeader(request.headers['x-forwarded-proto'])?.toLowerCase();
  const host =
    forwardedHost !== undefined && HOST_PATTERN.test(forwardedHost) ? forwardedHost : request.host;
  const protocol =
    forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : request.protocol;
  return `${protocol}://${HOST_PATTERN.test(host) ? host : 'localhost'}`;
}
