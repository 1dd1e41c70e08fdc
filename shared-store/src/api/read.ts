import { startTransition, useEffect, useState } from 'react';
import * as v from 'valibot';
import { apiClient, buildUrl, type ApiClient, type RequestOptions } from './client';
import { anyServed, serveInPlace, takeServed } from './served';

/** A read's request: a same-origin path and its options (query, token, no-store). */
export type ReadRequest = { path: string } & Omit<RequestOptions, 'method' | 'body'>;

/**
 * One backend read, declared once: its name (for logs and shared requests), its request, the
 * shape its answer must have, the empty value a malformed answer becomes, and how long an
 * answer serves later callers.
 */
export interface Read<A, T> {
  name: string;
  request: (args: A) => ReadRequest;
  schema: v.GenericSchema<unknown, T>;
  /** What a malformed answer becomes; also what a quiet read's failure becomes. */
  empty: T;
  /** How long an answer serves later callers; 0 shares only the request in flight. */
  lifetimeMs: number;
  /**
   * A loud read rejects, with what this makes of the failure (search and order lookup: the
   * server's message, else a generic one). A quiet read logs the failure and answers `empty`.
   */
  failure?: (error: unknown) => unknown;
}

/** Declares a read; `lifetimeMs` defaults to 0 (never cached, concurrent callers still share). */
export function createQuery<A, T>(
  definition: Omit<Read<A, T>, 'lifetimeMs'> & { lifetimeMs?: number },
): Read<A, T> {
  return { lifetimeMs: 0, ...definition };
}

/**
 * The read, rejecting with its request's error when that fails: for a page that tells a failure
 * from an empty answer and offers Try again.
 */
export const rejecting = <A, T>(query: Read<A, T>): Read<A, T> => ({
  ...query,
  failure: (error: unknown) => error,
});

/** A read whose failure is an empty list. */
export const listRead = <A, T>(
  name: string,
  request: (args: A) => ReadRequest,
  schema: v.GenericSchema<unknown, T[]>,
) => createQuery<A, T[]>({ name, request, schema, empty: [] });

/** A read whose failure is null. */
export const oneRead = <A, T>(
  name: string,
  request: (args: A) => ReadRequest,
  schema: v.GenericSchema<unknown, T>,
  lifetimeMs = 0,
) => createQuery<A, T | null>({ name, request, schema, empty: null, lifetimeMs });

/**
 * The page's reads: one request per key for concurrent callers, valid answers kept for their
 * read's lifetime (failures and malformed answers never), a malformed answer logged once per
 * read.
 */
/**
 * `value` as the read's answer, by the rules a fresh answer is read by (data the page kept from an
 * earlier answer, read back); undefined when it is not one.
 */
export function answerOf<A, T>(query: Read<A, T>, value: unknown): T | undefined {
  const result = v.safeParse(query.schema, value);
  return result.success ? result.output : undefined;
}

/** How long an answer served with the page serves the page's reads, whatever their lifetime. */
export const SERVED_ANSWER_MS = 10_000;

/**
 * How long an answer read ahead of a page (prefetch) waits for that page's read: the minute the
 * gateway keeps the shop's public reads. A visitor who opens the page later is answered afresh.
 */
export const PREFETCHED_ANSWER_MS = 60_000;

/** An answer read ahead: its body as it comes, once it has, and until when it may be taken. */
interface Ahead {
  body: Promise<unknown>;
  came?: { value: unknown };
  until: number;
}

/** A request's URL, as its read writes it: what a read ahead names (prefetch). */
const urlOf = (request: ReadRequest) => buildUrl('', request.path, request.query);

export function createReader(client: ApiClient = apiClient, now: () => number = Date.now) {
  /** Each kept answer by its read's key, with its request's URL and when it expires. */
  const answers = new Map<string, { value: unknown; url: string; expires: number }>();
  const inFlight = new Map<string, Promise<unknown>>();
  const malformed = new Set<string>();
  /** Answers read ahead of the pages that will ask for them, by URL: each is taken once. */
  const ahead = new Map<string, Ahead>();

  function keep(key: string, request: ReadRequest, value: unknown, ms: number) {
    answers.set(key, { value, url: urlOf(request), expires: now() + ms });
  }

  /** The answer read ahead for `request`, taken, while fresh; never for a learner's own read. */
  function takeAhead(request: ReadRequest): Ahead | undefined {
    const early = ahead.get(urlOf(request));
    ahead.delete(urlOf(request));
    return early && early.until > now() && !request.token ? early : undefined;
  }

  async function ask<A, T>(
    query: Read<A, T>,
    request: ReadRequest,
    key: string,
    early?: Promise<unknown>,
  ): Promise<T> {
    const { path, ...options } = request;
    const asking = () => client.request<unknown>(path, options);
    let body: unknown;
    try {
      // A read ahead that failed is no answer: the page asks itself.
      body = await (early ? early.catch(asking) : asking());
    } catch (error) {
      if (query.failure) throw query.failure(error);
      console.warn(`Could not load ${path}:`, error);
      return query.empty;
    }
    const result = v.safeParse(query.schema, body);
    if (!result.success) {
      if (!malformed.has(query.name)) {
        malformed.add(query.name);
        console.warn(`${path} sent an answer of an unexpected shape:`, result.issues);
      }
      return query.empty;
    }
    if (query.lifetimeMs > 0) keep(key, request, result.output, query.lifetimeMs);
    return result.output;
  }

  /**
   * The page's served answer to `request`, or the one read ahead of it that has come, taken and
   * remembered through the page's opening at least (SERVED_ANSWER_MS): a page that draws one read
   * in two places, or whose first render is started again (a part of it still loading), finds it
   * again. One of the wrong shape is none.
   */
  function served<A, T>(
    query: Read<A, T>,
    request: ReadRequest,
    key: string,
  ): { data: T } | undefined {
    const early = ahead.get(urlOf(request))?.came ? takeAhead(request) : undefined;
    const taken = early?.came ?? takeServed(urlOf(request));
    const data = taken && answerOf(query, taken.value);
    if (data === undefined) return undefined;
    keep(key, request, data, Math.max(query.lifetimeMs, SERVED_ANSWER_MS));
    return { data };
  }

  /**
   * The read's answer for `args` when it is at hand, for a component's first render: remembered,
   * served with the page, or read ahead of it. Its request is written only when the page still
   * holds served answers or answers read ahead (a never-cached read's request takes the page's
   * preloaded stamp).
   */
  function peek<A, T>(query: Read<A, T>, args: A): { data: T } | undefined {
    const key = keyOf(query, args);
    const kept = answers.get(key);
    if (kept && kept.expires > now()) return { data: kept.value as T };
    return anyServed() || ahead.size > 0 ? served(query, query.request(args), key) : undefined;
  }

  /** The read's answer for `args`: remembered, served, shared with a request in flight, or asked. */
  function read<A, T>(query: Read<A, T>, args: A): Promise<T> {
    const key = keyOf(query, args);
    const kept = answers.get(key);
    if (kept && kept.expires > now()) return Promise.resolve(kept.value as T);
    const pending = inFlight.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const request = query.request(args);
    const atHand = served(query, request, key);
    if (atHand) return Promise.resolve(atHand.data);
    const asked = ask(query, request, key, takeAhead(request)?.body).finally(() =>
      inFlight.delete(key),
    );
    inFlight.set(key, asked);
    return asked;
  }

  /** Whether the read at `url` has an answer at hand: kept, or read ahead (come or coming). */
  function holds(url: string): boolean {
    return (
      (ahead.get(url)?.until ?? 0) > now() ||
      [...answers.values()].some((kept) => kept.url === url && kept.expires > now())
    );
  }

  /**
   * Reads the public read at `url` (path and query, as the page's read writes them) ahead of the
   * page that will ask for it, unless it is at hand: that page's first read of it takes the
   * answer (PREFETCHED_ANSWER_MS) instead of asking again. One that fails is the page's to ask.
   */
  function prefetch(url: string): Promise<void> {
    if (holds(url)) return Promise.resolve();
    const early: Ahead = { body: client.request(url), until: now() + PREFETCHED_ANSWER_MS };
    ahead.set(url, early);
    return early.body.then(
      (value) => {
        early.came = { value };
      },
      () => {
        ahead.delete(url);
      },
    );
  }

  return {
    read,
    peek,
    holds,
    prefetch,
    /**
     * Forgets every kept answer, request in flight and logged endpoint, as a new page would: a
     * later read asks afresh instead of joining an earlier page's request.
     */
    clear: () => {
      answers.clear();
      inFlight.clear();
      malformed.clear();
      ahead.clear();
    },
  };
}

export type Reader = ReturnType<typeof createReader>;

function keyOf<A, T>(query: Read<A, T>, args: A): string {
  return `${query.name} ${JSON.stringify([args])}`;
}

/** The page's one reader. */
export const reader = createReader();

/**
 * Reads a page's public read (`url`, as the page's read writes it) ahead of the visitor opening
 * that page, through the page's one reader: the page takes the answer instead of asking again.
 */
export const prefetchRead = (url: string): Promise<void> => reader.prefetch(url);

/** Whether the page's reader has the answer of the read at `url` at hand (kept or read ahead). */
export const readAtHand = (url: string): boolean => reader.holds(url);

/**
 * A backend read as a promise, for thunks and event handlers: quiet reads never reject, loud
 * ones reject as their definition says.
 */
export function read<T>(query: Read<void, T>): Promise<T>;
export function read<A, T>(query: Read<A, T>, args: A): Promise<T>;
export function read<A, T>(query: Read<A, T>, args?: A): Promise<T> {
  return reader.read(query, args as A);
}

/** What a component knows about a read: nothing asked, loading, the answer, or why it failed. */
export type ReadState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: T; retry: () => void }
  | { status: 'failed'; error: unknown; retry: () => void };

type Settled<T> = { status: 'ready'; data: T } | { status: 'failed'; error: unknown };

/**
 * A backend read for a component: asked on mount and whenever the arguments change; `null` asks
 * for nothing. An answer that arrives after unmount or after the arguments changed is ignored,
 * and new arguments show as loading at once. A settled read can be asked again (`retry`).
 */
export function useRead<T>(query: Read<void, T>, args?: null): ReadState<T>;
export function useRead<A, T>(query: Read<A, T>, args: A | null): ReadState<T>;
export function useRead<A, T>(query: Read<A, T>, args?: A | null): ReadState<T> {
  const [attempt, setAttempt] = useState(0);
  const key = args === null ? null : `${keyOf(query, args as A)} ${String(attempt)}`;
  // An answer at hand (remembered, or served with the page) is the first render's: the page
  // shows at once what its served HTML shows, and asks nothing.
  const [settled, setSettled] = useState<{ key: string; outcome: Settled<T> } | null>(() => {
    const atHand = key === null ? undefined : reader.peek(query, args as A);
    return key !== null && atHand ? { key, outcome: { status: 'ready', data: atHand.data } } : null;
  });

  useEffect(() => {
    if (key === null || settled?.key === key) return undefined;
    let live = true;
    // A transition: what the answer draws (a list of cards) renders in slices that yield to the
    // browser, rather than in one long task while the visitor may be tapping or scrolling.
    const settle = (outcome: Settled<T>) => {
      if (live) {
        startTransition(() => {
          setSettled({ key, outcome });
        });
      }
    };
    reader.read(query, args as A).then(
      (data) => {
        settle({ status: 'ready', data });
      },
      (error: unknown) => {
        settle({ status: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
    // The key stands for the arguments: a new object with the same content asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, query]);

  if (key === null) return { status: 'idle' };
  if (settled?.key !== key) return { status: 'loading' };
  return {
    ...settled.outcome,
    retry: () => {
      setAttempt((count) => count + 1);
    },
  };
}

/**
 * Serves these answers (by servedKey) to the page's reads, in place of anything the reader
 * remembered or was served before: how a server renderer draws one page from the answers the
 * gateway read for it, and nothing of the page it drew before. Tells the reads the page drawn
 * since answers were last served asked for and was not served (by served key): what the gateway
 * may read to draw it again with them.
 */
export function serveAnswers(answers: Record<string, unknown>): string[] {
  reader.clear();
  return serveInPlace(answers);
}
