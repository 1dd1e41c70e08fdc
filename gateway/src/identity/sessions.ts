import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { handled, readInput, ShopError } from '../commerce/errors';
import { pathOf } from '../plugins/canonicalPaths';
import { strictObjectOf } from '../validation';
import type { Identity } from './identity';
import {
  bearerToken,
  canonicalToken,
  MAX_TOKEN_LIFETIME_MS,
  pastSecondOf,
  sessionOf,
  tokenClaims,
  type RevocationStore,
} from './tokens';

/** What a request with an ended session is told. */
const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/** The refusal of a request whose session has ended (or whose token belongs to nobody). */
export function sessionEnded(): ShopError {
  return new ShopError(401, 'unauthorized', SESSION_ENDED_MESSAGE);
}

/** The learner dashboard carries the learner's token in its address (`/portal/course/{token}`). */
const DASHBOARD_PATH = /^\/portal\/course\/([^/]+)\/?$/i;

/** The page a dashboard link with an ended session opens instead of the dashboard. */
const SESSION_ENDED_PAGE = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Your session has ended</title></head>
<body>
<h1>Your session has ended</h1>
<p>${SESSION_ENDED_MESSAGE}</p>
<p><a href="/login">Log in</a></p>
</body>
</html>
`;

/**
 * A session that ended (a logout, "Log out of all devices", a password reset) is refused
 * everywhere for the rest of its tokens' lives: in the Authorization header of any request, and
 * in a dashboard link, which then opens a page saying so instead of the learner's dashboard. A
 * token in any spelling but its canonical one (canonicalToken), or an Authorization header that is
 * not `Bearer <token>`, is refused the same way before anything else reads it: WordPress would
 * read another spelling as the token it re-spells, logged out or not.
 */
export function registerRevocationCheck(app: FastifyInstance, revocations: RevocationStore): void {
  app.addHook('onRequest', async (request, reply) => {
    const inPath = DASHBOARD_PATH.exec(pathOf(request.url))?.[1];
    if (
      inPath !== undefined &&
      (!canonicalToken(inPath) || (await revocations.isRevoked(inPath)))
    ) {
      await reply.code(401).type('text/html; charset=utf-8').send(SESSION_ENDED_PAGE);
      return;
    }
    const header = request.headers.authorization;
    if (header === undefined) return;
    const bearer = bearerToken(header);
    if (bearer !== undefined && !(await revocations.isRevoked(bearer))) return;
    await reply
      .code(401)
      .type('application/json; charset=utf-8')
      .send({
        code: bearer === undefined ? 'invalid_token' : 'token_revoked',
        message: SESSION_ENDED_MESSAGE,
        data: { status: 401 },
      });
  });
}

/** No body at all. */
const noBody = v.nullish(strictObjectOf({}));

/**
 * Ending sessions: logout refuses this token from now on, for the rest of its life; "Log out of
 * all devices" every token of the learner issued until now, this one included. Each answers once
 * the second it ended has passed (pastSecondOf), so a login afterwards starts a session that works.
 */
export function registerSessionRoutes(
  app: FastifyInstance,
  { identity, revocations }: { identity: Identity; revocations: RevocationStore },
): void {
  app.post(
    '/api/session/logout',
    handled(async (request, reply) => {
      readInput(noBody, request.body);
      const token = bearerToken(request.headers.authorization);
      const claims = token === undefined ? undefined : tokenClaims(token);
      // Only a token WordPress accepts is worth remembering: junk cannot fill the store. What is
      // remembered is the token's session, so no other spelling of it works afterwards.
      if (claims !== undefined && (await identity.userOf(request, reply)) !== null) {
        const latest = Date.now() + MAX_TOKEN_LIFETIME_MS;
        await revocations.revoke(sessionOf(claims), Math.min(claims.expiresAt, latest));
        // A login in the token's own second would get this very token back.
        if (claims.issuedAt !== undefined) await pastSecondOf(claims.issuedAt);
      }
      return reply.code(204).send();
    }),
  );

  app.post(
    '/api/session/logout-all',
    handled(async (request, reply) => {
      readInput(noBody, request.body);
      const userId = await identity.userOf(request, reply);
      if (userId === null) throw sessionEnded();
      const at = Date.now();
      await revocations.revokeUser(userId, at);
      await pastSecondOf(at);
      return reply.code(204).send();
    }),
  );
}
