import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';
import type { RedisTarget } from './environment';
import { atMostEvery } from './logging';

/** Every key the gateway keeps in Redis starts with this (rate:, revoked:, cache:, lock:). */
export const KEY_PREFIX = 'storefront:';

/**
 * The channel on which the instance that made a read's upstream request tells the others it is
 * done (the message: the key's hash; proxy/sharedResponseCache.ts).
 */
export const CACHE_NOTICES = `${KEY_PREFIX}cache:stored`;

/**
 * Deletes a key only while it still holds the caller's value (a lock or a claim it took): one that
 * outlived its lifetime never frees what another instance took since.
 */
export const DELETE_IF_HELD = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * How long a Redis command may take before the request goes on without it. A healthy Redis
 * answers in well under a millisecond; a slow one must never hold a visitor's request for long.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/** How long opening a connection may take (the instance works from memory meanwhile). */
const CONNECT_TIMEOUT_MS = 1_000;

/** Reconnection attempts back off, doubling from 100 ms, to at most this. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/** What an instance loses while Redis is unusable, as its log says. */
const WHAT_DEGRADES =
  'rate limits, failed logins, logged-out tokens, checkout attempts and cached reads';

/** An outage or a refused command is logged at most this often, however often it recurs. */
const WARNING_INTERVAL_MS = 60_000;

/**
 * The instances' shared state: one connection for commands, one for the notices they send each
 * other (a connection that subscribes can do nothing else). Redis is an accelerator here, never a
 * dependency: whatever asks it falls back on this instance's memory when it is unusable.
 */
export interface SharedState {
  /** The connection for commands; the rate-limit plugin's store uses it too. */
  readonly redis: Redis;
  /** Whether Redis may be asked now: both connections ready, and no command failed since. */
  usable(): boolean;
  /**
   * Runs a command when Redis is usable. Undefined when it is not, or when the command failed
   * (the failure is reported): the caller goes on with its own memory.
   */
  attempt<T>(command: (redis: Redis) => Promise<T>): Promise<T | undefined>;
  /** Reports a failed command: Redis counts as unusable until a connection is ready again. */
  failed(error: unknown): void;
  /** Called each time Redis becomes usable (true) or unusable (false). */
  onChange(listener: (usable: boolean) => void): void;
  /** Called with each notice on the channels the state was opened with. */
  onMessage(listener: (channel: string, message: string) => void): void;
  /** Closes both connections; Redis counts as unusable from then on. */
  close(): void;
}

interface SharedStateOptions {
  target: RedisTarget;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The channels whose notices this instance listens to. */
  channels: readonly string[];
}

/**
 * A connection every command can rely on: a command while disconnected fails at once rather than
 * waiting in a queue, none takes longer than REDIS_COMMAND_TIMEOUT_MS, none is sent again after a
 * reconnection (a rate-limit count or a lock from long ago), and reconnection goes on for as long
 * as the instance runs, at a capped pace.
 */
function openConnection(target: RedisTarget): Redis {
  const options: RedisOptions = {
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A connection let go of (at shutdown, or after a command timed out) is destroyed after this
    // if it does not close by itself: a hung Redis never closes it.
    disconnectTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    autoResubscribe: false,
    retryStrategy: (attempt) => Math.min(100 * 2 ** (attempt - 1), MAX_RECONNECT_DELAY_MS),
  };
  return 'path' in target
    ? new Redis({ ...options, path: target.path })
    : new Redis(target.url, options);
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Opens the shared state. Resolves once Redis is usable or has failed once, never rejects: an
 * instance whose Redis is down starts, serves from memory and joins the others when it is back.
 * An outage is logged once (one warning, one line when it is over), however long it lasts and
 * however many reconnections it takes; a Redis that keeps failing and recovering, at most once a
 * minute.
 */
async function connectSharedState(options: SharedStateOptions): Promise<SharedState> {
  const { target, log, channels } = options;
  const redis = openConnection(target);
  const subscriber = openConnection(target);
  const changeListeners: ((usable: boolean) => void)[] = [];
  const warnOutage = atMostEvery(WARNING_INTERVAL_MS);
  const warnRefusal = atMostEvery(WARNING_INTERVAL_MS);
  let state: 'starting' | 'up' | 'down' = 'starting';
  let subscribed = false;
  let closing = false;
  let outageLogged = false;
  let started: () => void = () => undefined;
  const start = new Promise<void>((resolve) => {
    started = resolve;
  });

  function setState(next: 'up' | 'down') {
    state = next;
    started();
    for (const listener of changeListeners) listener(next === 'up');
  }

  function down(reason: string) {
    if (closing || state === 'down') return;
    if (
      warnOutage(() => {
        log.warn(
          `Redis unreachable at ${target.where} (${reason}): ${WHAT_DEGRADES} are this instance's own until it is back`,
        );
      })
    ) {
      outageLogged = true;
    }
    setState('down');
  }

  function up() {
    if (closing || state === 'up' || redis.status !== 'ready' || !subscribed) return;
    if (state === 'starting') {
      log.info(
        `Sharing ${WHAT_DEGRADES} with the other instances through Redis at ${target.where}`,
      );
    } else if (outageLogged) {
      log.info(`Redis at ${target.where} is back: ${WHAT_DEGRADES} are shared again`);
    }
    outageLogged = false;
    setState('up');
  }

  function failed(error: unknown) {
    // Redis answered, with an error (out of memory, a read-only replica): the connection is fine,
    // this one command goes on from memory.
    if (error instanceof Error && error.name === 'ReplyError') {
      warnRefusal(() => {
        log.warn(
          `Redis at ${target.where} refused a command (${error.message}): this instance used its own memory instead`,
        );
      });
      return;
    }
    down(reasonOf(error));
    // A command timed out on a connection that is still open: a new connection (whose handshake
    // has the same time limit) tells when Redis answers again.
    if (redis.status === 'ready') redis.disconnect(true);
  }

  for (const connection of [redis, subscriber]) {
    connection.on('error', (error: Error) => {
      down(error.message);
    });
    connection.on('close', () => {
      down('connection closed');
    });
  }
  subscriber.on('close', () => {
    subscribed = false;
  });
  redis.on('ready', up);
  subscriber.on('ready', () => {
    subscriber.subscribe(...channels).then(
      () => {
        subscribed = true;
        up();
      },
      (error: unknown) => {
        down(reasonOf(error));
        // Subscribed again by the next connection's 'ready'.
        subscriber.disconnect(true);
      },
    );
  });

  await start;
  return {
    redis,
    usable: () => state === 'up',
    async attempt(command) {
      if (state !== 'up') return undefined;
      try {
        return await command(redis);
      } catch (error) {
        failed(error);
        return undefined;
      }
    },
    failed,
    onChange(listener) {
      changeListeners.push(listener);
    },
    onMessage(listener) {
      subscriber.on('message', listener);
    },
    close() {
      if (state !== 'down') setState('down');
      closing = true;
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instances' Redis, when they share one (plugins/sharedState.ts). */
    shared: SharedState | undefined;
  }
}

/**
 * Connects the instances' shared state when the configuration names a Redis, and closes it with
 * the server: rate limits, failed logins, logged-out tokens, reward holds, checkout attempts and
 * kept reads are every instance's through it, this instance's own otherwise (and while Redis is
 * unusable).
 */
export const sharedState = fp(
  async (app: FastifyInstance) => {
    const { redis } = app.config;
    const shared = redis
      ? await connectSharedState({ target: redis, log: app.log, channels: [CACHE_NOTICES] })
      : undefined;
    if (shared) {
      app.addHook('onClose', (_instance, done) => {
        shared.close();
        done();
      });
    }
    app.decorate('shared', shared);
  },
  { name: 'shared-state', dependencies: ['configuration'] },
);
