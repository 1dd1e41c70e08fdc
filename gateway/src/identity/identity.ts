import { ShopError } from '../commerce/errors';
import type {
  GatewayReply as FastifyReply,
  GatewayRequest as FastifyRequest,
} from '../requestTypes';
import { sessionEnded } from './sessions';
import { bearerToken, type TokenOwnerLookup } from './tokens';

export interface IdentityDeps {
  lookup: TokenOwnerLookup;
  /** Counts a token check that needs WordPress; throws once a client has made too many. */
  limitCheck: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  log: (message: string, error?: unknown) => void;
}

/**
 * Whose request this is: the user WordPress gives its bearer token. Checks WordPress has to
 * answer are limited per client, so junk tokens cannot turn the gateway into a WordPress load.
 */
export function createIdentity(deps: IdentityDeps) {
  /** The verified user id, or null for a request without a token. Throws for a bad token. */
  async function userOf(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) {
      if (request.headers.authorization !== undefined) throw sessionEnded();
      return null;
    }
    if (!deps.lookup.knows(token)) {
      try {
        await deps.limitCheck(request, reply);
      } catch (error) {
        const { message } = error as { message?: unknown };
        throw new ShopError(
          429,
          'rate_limited',
          typeof message === 'string' ? message : 'Too many attempts. Please wait and try again.',
        );
      }
    }
    let owner: string | null;
    try {
      owner = await deps.lookup.ownerOf(token);
    } catch (error) {
      deps.log('Could not check the owner of a token', error);
      throw new ShopError(503, 'auth_unavailable', 'Your account could not be checked right now.');
    }
    if (owner === null) throw sessionEnded();
    return owner;
  }

  return { userOf };
}

export type Identity = ReturnType<typeof createIdentity>;
