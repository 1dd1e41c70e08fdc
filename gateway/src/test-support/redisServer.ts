import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { RedisTarget } from '../plugins/environment';
import { eventually } from './eventually';

/** How long a redis-server may take to start answering. */
const START_DEADLINE_MS = 10_000;

/** Whether a Redis answers PING on the socket. */
function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.connect(socket);
    connection.once('error', () => {
      resolve(false);
    });
    connection.setTimeout(1000, () => {
      connection.destroy();
      resolve(false);
    });
    connection.once('data', (data) => {
      connection.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    connection.write('PING\r\n');
  });
}

/**
 * A real redis-server for a test, on a Unix socket in a temporary folder: no port, nothing saved.
 * It can be stopped and started again on the same socket, as an outage is.
 */
export interface TestRedis {
  /** How a gateway reaches it. */
  target: RedisTarget;
  /** Runs `use` with a client of the test's own (to look at or clear what the gateways keep). */
  withClient<T>(use: (client: Redis) => Promise<T>): Promise<T>;
  /** Starts the server (again, unless it runs) and resolves once it answers. */
  start(): Promise<void>;
  /** Stops the server (its own process, by PID) and resolves once it has exited. */
  stop(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  /** Lets a frozen server go on (SIGCONT). */
  resume(): void;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/** Starts a TestRedis and resolves once it answers. */
async function startTestRedis(): Promise<TestRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-redis-'));
  const socket = path.join(dir, 'redis.sock');
  let server: { process: ChildProcess; exited: Promise<void> } | undefined;

  async function start() {
    if (server) return;
    const child = spawn(
      'redis-server',
      ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      // Not installed, say: there is nothing to wait for.
      child.once('error', () => resolve());
    });
    server = { process: child, exited };
    let gone = false;
    void exited.then(() => {
      gone = true;
    });
    await eventually(
      async () => {
        if (gone) throw new Error('redis-server ended (or never started) before it answered');
        return answers(socket);
      },
      'redis-server answering',
      START_DEADLINE_MS,
    );
  }

  async function stop() {
    if (!server) return;
    const { process: child, exited } = server;
    server = undefined;
    child.kill('SIGTERM');
    // A frozen server takes its SIGTERM once it runs again.
    child.kill('SIGCONT');
    await exited;
  }

  await start();
  return {
    target: { path: socket, where: socket },
    async withClient(use) {
      const client = new Redis({ path: socket, lazyConnect: true });
      await client.connect();
      try {
        return await use(client);
      } finally {
        client.disconnect();
      }
    },
    start,
    stop,
    pause() {
      server?.process.kill('SIGSTOP');
    },
    resume() {
      server?.process.kill('SIGCONT');
    },
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For a describe block of gateways sharing one Redis: the Redis, started once, running (not
 * frozen) and empty before each test; `keep(gateway)` closes that gateway after its test (or at
 * `closeGateways()`).
 */
export function sharedRedis() {
  let redis!: TestRedis;
  const open: FastifyInstance[] = [];
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  beforeEach(async () => {
    await redis.start();
    await redis.withClient((client) => client.flushall());
  });
  const closeGateways = async () => {
    await Promise.all(open.splice(0).map((instance) => instance.close()));
  };
  afterEach(async () => {
    redis.resume();
    await closeGateways();
  });
  afterAll(() => redis.close());
  return {
    get redis() {
      return redis;
    },
    /** Closes every gateway kept so far. */
    closeGateways,
    async keep(starting: Promise<FastifyInstance>): Promise<FastifyInstance> {
      const gateway = await starting;
      open.push(gateway);
      return gateway;
    },
  };
}

/**
 * A server on a Unix socket that takes connections and whatever is sent, and never answers: a
 * Redis that hangs.
 */
export async function startSilentServer(): Promise<{
  target: RedisTarget;
  close: () => Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-silent-'));
  const socket = path.join(dir, 'silent.sock');
  const connections = new Set<net.Socket>();
  const server = net.createServer((connection) => {
    connections.add(connection);
    connection.on('close', () => connections.delete(connection));
    connection.resume();
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return {
    target: { path: socket, where: socket },
    async close() {
      for (const connection of connections) connection.destroy();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
