import type {
  FastifyReply as AnyReply,
  FastifyRequest as AnyRequest,
  RawServerBase,
  RouteGenericInterface,
} from 'fastify';

/** A request of any route and server flavour, as routes and the proxy's hooks hand it over. */
export type GatewayRequest = AnyRequest<RouteGenericInterface, RawServerBase>;
/** Its reply. */
export type GatewayReply = AnyReply<RouteGenericInterface, RawServerBase>;
