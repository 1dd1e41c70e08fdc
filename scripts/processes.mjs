// The processes a script starts and stops (npm run cluster, npm run test:wordpress): each in a
// process group of its own, its output in a log file, ready once its output says so.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * A register of started processes, by name (`running`: each its child and a promise of its exit),
 * and `start`, which starts one in `cwd` (default `root`) with only PATH, HOME and `env`, its
 * output going to `<logDir()>/<name>.log`. It resolves with the match once the output matches
 * `ready` (at once, with [], without one), or rejects when the process exits first or takes
 * longer than `startTimeoutMs`.
 */
export function processes({ root, logDir, startTimeoutMs }) {
  const running = new Map();

  function start(name, command, args, { env = {}, cwd = root, ready } = {}) {
    const logFile = path.join(logDir(), `${name}.log`);
    const out = fs.createWriteStream(logFile, { flags: 'a' });
    const child = spawn(command, args, {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own: Ctrl-C reaches the script only, which stops everything in order, and
      // a server's workers (PHP's) are stopped with it.
      detached: true,
    });
    const entry = { child, exited: new Promise((resolve) => child.once('exit', resolve)) };
    running.set(name, entry);
    return new Promise((resolve, reject) => {
      let waitingFor = ready;
      if (!waitingFor) child.once('spawn', () => resolve([]));
      let seen = '';
      const timer = waitingFor
        ? setTimeout(() => {
            reject(
              new Error(
                `${name} did not start within ${String(startTimeoutMs / 1000)} s: ${logFile}`,
              ),
            );
          }, startTimeoutMs)
        : undefined;
      const scan = (chunk) => {
        out.write(chunk);
        if (!waitingFor) return;
        seen = (seen + chunk.toString('utf8')).slice(-4096);
        const match = waitingFor.exec(seen);
        if (match) {
          clearTimeout(timer);
          waitingFor = undefined;
          resolve(match);
        }
      };
      child.stdout.on('data', scan);
      child.stderr.on('data', scan);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        out.end();
        if (running.get(name) === entry) running.delete(name);
        reject(
          new Error(`${name} exited (${String(signal ?? code)}) before it was ready: ${logFile}`),
        );
      });
    });
  }

  return { running, start };
}

/** A port no one listens on now on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; rejects after `timeoutMs` without one. */
export async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${String(timeoutMs / 1000)} s`);
}
