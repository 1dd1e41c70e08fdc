import type { FastifyRequest } from 'fastify';
import type { BackendContext } from '../context';
import type { UserAccount } from '../domain/users';
import type { TokenCheck } from '../domain/tokens';
import { checkToken } from '../domain/tokens';

/** What the Authorization header holds. */
export type BearerHeader =
  { kind: 'missing' } | { kind: 'malformed' } | { kind: 'token'; token: string };

/** Reads `Authorization: Bearer <token>`. */
export function readBearer(request: FastifyRequest): BearerHeader {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return { kind: 'missing' };
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ? { kind: 'token', token: match[1] } : { kind: 'malformed' };
}

/** Checks a token and that its user still exists (registered users live in memory only). */
export function checkUserToken(token: string, context: BackendContext): TokenCheck {
  const result = checkToken(token, context.options.jwtSecret);
  if (result.ok && !context.users.byId(result.userId)) {
    return { ok: false, reason: 'User not found' };
  }
  return result;
}

/** The user of a valid Bearer token, or undefined for a missing, malformed or invalid one. */
export function bearerUser(
  request: FastifyRequest,
  context: BackendContext,
): UserAccount | undefined {
  const bearer = readBearer(request);
  if (bearer.kind !== 'token') return undefined;
  const result = checkUserToken(bearer.token, context);
  return result.ok ? context.users.byId(result.userId) : undefined;
}
