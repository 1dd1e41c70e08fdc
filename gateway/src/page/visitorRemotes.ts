import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { varyOn } from '../varyOn';
import type { RemotesConfig, RemotesConfigSource } from './remotesConfig';
import { checkCanaryLink, choicesCookie, parseChoices, type CanaryLinkCheck } from './canaryLinks';
import {
  BUCKETS,
  hasCanary,
  previewOf,
  remotesForVisitor,
  type PreviewNotice,
  type RolloutSource,
} from './rollout';

/** The signed cookie that keeps a browser in its canary bucket (0 to 99) across visits. */
export const BUCKET_COOKIE = 'rollout_bucket';
/** The signed cookie that names the preview a browser opened (its id), until the preview ends. */
export const PREVIEW_COOKIE = 'remote_preview';
/**
 * The signed cookie that holds the canaries a browser chose by a link (in or out), each until its
 * link's expiry (canaryLinks.ts).
 */
export const CHOICE_COOKIE = 'rollout_choice';
/** How long a browser keeps its bucket: a canary's share stays the same browsers for that long. */
const BUCKET_MAX_AGE_S = 90 * 24 * 60 * 60;

/** Secure when the storefront's public address is https (never from what a request says). */
const cookieOptions = (secure: boolean, maxAge: number) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
  signed: true,
  maxAge,
});

/** A signed cookie's value, or undefined when it is absent, altered or signed with another secret. */
function signedValue(request: FastifyRequest, name: string): string | undefined {
  const sent = request.cookies[name];
  if (sent === undefined) return undefined;
  const cookie = request.unsignCookie(sent);
  return cookie.valid ? cookie.value : undefined;
}

function bucketOf(request: FastifyRequest): number | undefined {
  const value = signedValue(request, BUCKET_COOKIE);
  if (value === undefined || !/^\d{1,2}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Which remotes each visitor's page is built from (rollout.ts), by the browser's signed cookies:
 * its canary bucket (given on its first page while a canary runs) and the preview it opened.
 * Every answer that depends on them varies with `Cookie`.
 */
/** A page that says why a link did not work, and leads home; the answer is never kept. */
function linkRefusal(reply: FastifyReply, status: number, heading: string, detail: string) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>${heading}</title>` +
        `<h1>${heading}</h1><p>${detail}</p><p><a href="/">Go to the home page</a></p></html>`,
    );
}

/** What a refused canary link's page says, by why it was refused. */
const CANARY_LINK_REFUSALS: Record<
  Exclude<CanaryLinkCheck, { ok: true }>['reason'],
  [status: number, heading: string, detail: string]
> = {
  off: [404, 'This canary link is not valid', 'Canary links are not turned on here.'],
  malformed: [400, 'This canary link is not valid', 'It is incomplete, or was changed.'],
  forged: [
    403,
    'This canary link is not valid',
    'It was not made by the release tools, or was changed.',
  ],
  expired: [410, 'This canary link has expired', 'Ask for a new one.'],
  over: [410, 'The canary this link is for is over', 'You see the site as other visitors do.'],
};

export function createVisitorRemotes(
  live: RemotesConfigSource,
  rollout: RolloutSource,
  available: (manifestUrl: string) => boolean,
  {
    secure,
    linkSecret,
    now = Date.now,
  }: {
    secure: boolean;
    /** RELEASE_LINK_SECRET: canary links are signed with it; without it, none is taken. */
    linkSecret?: string | undefined;
    now?: () => number;
  },
) {
  /**
   * The visitor's remotes, and the preview bar's notice. `assign`: a browser without a bucket (or
   * whose cookie is not one this gateway signed) is given one while a canary runs (a page load; a
   * configuration refresh only reads). Each is drawn from the system's cryptographic source, so
   * no visitor can tell from the buckets given before which one comes next: a browser that drops
   * its cookie is in a canary of N percent again with a chance of N in a hundred, each time.
   */
  function forRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    assign: boolean,
  ): { remotes: RemotesConfig; preview?: PreviewNotice } {
    varyOn(reply, 'Cookie');
    const current = rollout.get();
    let bucket = bucketOf(request);
    if (bucket === undefined && assign && hasCanary(current)) {
      bucket = randomInt(BUCKETS);
      void reply.setCookie(BUCKET_COOKIE, String(bucket), cookieOptions(secure, BUCKET_MAX_AGE_S));
    }
    const time = now();
    return remotesForVisitor(
      live.get(),
      current,
      {
        bucket,
        previewId: signedValue(request, PREVIEW_COOKIE),
        now: time,
        choices: parseChoices(signedValue(request, CHOICE_COOKIE), time),
      },
      available,
    );
  }

  /**
   * /preview/<id>: the browser that opens a preview link gets the preview's cookie and the home
   * page; a link that is unknown, withdrawn or expired gets a page that says so, and no cookie.
   * /preview/exit: the cookie is cleared, and the live site shows again.
   */
  function registerRoutes(app: FastifyInstance): void {
    app.get('/preview/exit', (_request, reply) =>
      reply
        .clearCookie(PREVIEW_COOKIE, { path: '/' })
        .header('Cache-Control', 'no-store')
        .redirect('/', 303),
    );
    app.get<{ Params: { id: string } }>('/preview/:id', (request, reply) => {
      const { id } = request.params;
      const preview = previewOf(rollout.get(), id, now());
      void reply.header('Cache-Control', 'no-store');
      if (!preview) {
        return linkRefusal(
          reply,
          404,
          'This preview link is not valid',
          'It has expired or was withdrawn. Ask for a new one.',
        );
      }
      const maxAge = Math.max(1, Math.ceil((preview.expires - now()) / 1000));
      return reply.setCookie(PREVIEW_COOKIE, id, cookieOptions(secure, maxAge)).redirect('/', 303);
    });
    // /canary?remote=…&version=…&join=in|out&expires=…&sig=…: a canary link (canaryLinks.ts).
    // Taken, the browser holds its choice in a signed cookie until the link expires, and goes
    // home; refused, a page says why, and nothing changes.
    app.get('/canary', (request, reply) => {
      const time = now();
      const link = checkCanaryLink(request.query, {
        secret: linkSecret,
        rollout: rollout.get(),
        now: time,
      });
      if (!link.ok) return linkRefusal(reply, ...CANARY_LINK_REFUSALS[link.reason]);
      const choices = [...parseChoices(signedValue(request, CHOICE_COOKIE), time), link.choice];
      // Kept as long as the longest-lived choice it holds.
      const maxAge = Math.ceil(Math.max(...choices.map((choice) => choice.expires)) - time / 1000);
      return reply
        .header('Cache-Control', 'no-store')
        .setCookie(
          CHOICE_COOKIE,
          choicesCookie(choices.slice(0, -1), link.choice),
          cookieOptions(secure, Math.max(1, maxAge)),
        )
        .redirect('/', 303);
    });
  }

  return { forRequest, registerRoutes };
}
