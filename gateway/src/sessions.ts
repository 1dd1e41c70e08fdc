import type { FastifyInstance } from 'fastify';
import { pathOf } from './canonicalPath';
import { bearerToken, type RevocationStore } from './tokens';

/** What a request with an ended session is told. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

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
 * in a dashboard link, which then opens a page saying so instead of the learner's dashboard.
 */
export function registerRevocationCheck(app: FastifyInstance, revocations: RevocationStore): void {
  app.addHook('onRequest', async (request, reply) => {
    const inPath = DASHBOARD_PATH.exec(pathOf(request.url))?.[1];
    if (inPath !== undefined && (await revocations.isRevoked(inPath))) {
      await reply.code(401).type('text/html; charset=utf-8').send(SESSION_ENDED_PAGE);
      return;
    }
    const bearer = bearerToken(request.headers.authorization);
    if (bearer === undefined || !(await revocations.isRevoked(bearer))) return;
    await reply
      .code(401)
      .type('application/json; charset=utf-8')
      .send({ code: 'token_revoked', message: SESSION_ENDED_MESSAGE, data: { status: 401 } });
  });
}
