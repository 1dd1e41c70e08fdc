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

export function createReader(client: ApiClient = apiClient, now: () => number = Date.now) {
  const answers = new Map<string, { value: unknown; expires: number }>();
  const inFlight = new Map<string, Promise<unknown>>();
  const malformed = new Set<string>();

  function remember<A, T>(query: Read<A, T>, key: string, value: T) {
    if (query.lifetimeMs > 0) answers.set(key, { value, expires: now() + query.lifetimeMs });
  }

  async function ask<A, T>(query: Read<A, T>, request: ReadRequest, key: string): Promise<T> {
    const { path, ...options } = request;
    let body: unknown;
    try {
      body = await client.request<unknown>(path, options);
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
    remember(query, key, result.output);
    return result.output;
  }

  /**
   * The page's served answer to `request`, taken and remembered through the page's opening at
   * least (SERVED_ANSWER_MS): a page that draws one read in two places, or whose first render
   * is started again (a part of it still loading), finds it again. One of the wrong shape is none.
   */
  function served<A, T>(
    query: Read<A, T>,
    request: ReadRequest,
    key: string,
  ): { data: T } | undefined {
    const taken = takeServed(buildUrl('', request.path, request.query));
    const data = taken && answerOf(query, taken.value);
    if (data === undefined) return undefined;
    answers.set(key, {
      value: data,
      expires: now() + Math.max(query.lifetimeMs, SERVED_ANSWER_MS),
    });
    return { data };
  }

  /**
   * The read's answer for `args` when it is at hand, for a component's first render: remembered,
   * or served with the page. Its request is written only when the page still holds served answers
   * (a never-cached read's request takes the page's preloaded stamp).
   */
  function peek<A, T>(query: Read<A, T>, args: A): { data: T } | undefined {
    const key = keyOf(query, args);
    const kept = answers.get(key);
    if (kept && kept.expires > now()) return { data: kept.value as T };
    return anyServed() ? served(query, query.request(args), key) : undefined;
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
    const asked = ask(query, request, key).finally(() => inFlight.delete(key));
    inFlight.set(key, asked);
    return asked;
  }

  return {
    read,
    peek,
    /**
     * Forgets every kept answer, request in flight and logged endpoint, as a new page would: a
     * later read asks afresh instead of joining an earlier page's request.
     */
    clear: () => {
      answers.clear();
      inFlight.clear();
      malformed.clear();
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
