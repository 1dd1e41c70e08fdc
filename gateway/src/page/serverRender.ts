import fs from 'node:fs';
import { type ChildProcess, fork } from 'node:child_process';
import { Socket } from 'node:net';
import path from 'node:path';
import type { BackendHtml } from '../plugins/backendHtml';

/** The home remote's server renderer (remote-home/src/server/hero.tsx, built to dist/server/hero.js). */
export interface HeroRenderer {
  /** The hero's markup for a banner answer; rejects when the renderer throws. */
  renderHero(answer: unknown): Promise<string | undefined>;
}

/** What the page gets from a server render: the markup, and the answer it was rendered from. */
export interface ServerRender {
  /** The remote module it stands for, e.g. home/HomePage (the shell keeps it until that loads). */
  module: string;
  html: string;
  data: unknown;
}

/** How long the page waits for the banner before it is served without its hero, by default. */
export const SERVER_RENDER_BUDGET_MS = 300;

/** The largest banner answer the page carries (a real one is a few kilobytes). */
export const MAX_CARRIED_BANNER_CHARS = 64 * 1024;

/**
 * How long the home remote's code may take before it is stopped: loading it (its process
 * started, about 0.1 s), and one render (1-3 ms, 10-20 ms the first time; the limit is wall
 * time, so it leaves room for a busy machine). A page waits for its render at most `render`.
 */
export const RENDERER_TIME_LIMITS_MS = { load: 5000, render: 1000 };

/**
 * The memory the renderer's JavaScript heap may use (measured loaded and after 50 renders: 27 MB
 * in use, 59 MB held). It bounds V8's heap, as a thread's limit did; memory outside it (a
 * Buffer's) is bounded by the machine only.
 */
export const RENDERER_MEMORY_MB = 256;

/**
 * How long the home page goes without its hero after the renderer was stopped, before a fresh
 * copy of it is tried: a renderer that always loops costs one stop a minute, not one a page.
 */
export const RENDERER_PAUSE_MS = 60_000;

/** The process a renderer runs in (a CommonJS file beside this one, in src/ and in dist/). */
const WORKER_FILE = path.join(__dirname, 'heroWorker.cjs');

/** What a renderer's process may read: the worker's own file, by its real path, found once. */
let workerFile: string | undefined;
function rendererWorkerFile(): string {
  workerFile ??= fs.realpathSync(WORKER_FILE);
  return workerFile;
}

/**
 * How a renderer's process is started: Node's permission model (Node 20: --experimental-permission)
 * with read access to the worker's own file only (a renderer's build carries every package it
 * needs, and needs no DOM: the HTML it renders was sanitized when the gateway read it), and no
 * grant for anything else: no other file (not the release's folder either: the gateway reads the
 * renderer's file and hands over its text), no writes, no child process, no thread, no native
 * addon, no inspector, no process.binding, no diagnostic report or heap snapshot files. Its
 * environment is empty (`env: {}` in start(): /proc/self/environ holds only the IPC channel's
 * number), and it may not read /proc at all (/proc/<gateway's pid>/environ is the gateway's
 * starting environment, secrets included, whatever the gateway deletes from process.env later).
 * What Node 20's model does not restrict: the network (the renderer can open connections, as a
 * visitor can, but it holds no secret to send); signals to processes of the same user, which
 * heroWorker.cjs takes away (SIGUSR1 would open the gateway's inspector); and the module
 * resolver, which still tells whether a file exists and what a package.json's `main` says, not
 * what a file holds. Verified in serverRender.test.ts.
 */
function rendererExecArgv(memoryMb: number, readable: string): string[] {
  return [
    '--experimental-permission',
    `--allow-fs-read=${readable}`,
    '--no-addons',
    '--disable-warning=ExperimentalWarning',
    `--max-old-space-size=${String(memoryMb)}`,
  ];
}

/** The renderers' processes, killed if the gateway's process exits without closing them. */
const running = new Set<ChildProcess>();
function killAllRunning() {
  for (const child of running) child.kill('SIGKILL');
}

/**
 * What the renderer's process says: { type: 'ready' | 'invalid' }, { type: 'failed', error }, or
 * { id, html?, error? } for a render. Its code may send anything, so every field is checked.
 */
interface WorkerMessage {
  type?: unknown;
  id?: unknown;
  html?: unknown;
  error?: unknown;
}

/** The last characters of the renderer's error output, enough to tell why it ended. */
const ERROR_OUTPUT_KEPT = 4096;

/** The renderers deployed beside the home manifests this gateway serves itself. */
export interface HeroRenderers {
  /**
   * The renderer of this manifest's current file, if it is loaded and running; undefined while
   * it loads (which this starts), when there is none, or while a stopped one is paused.
   */
  readyFor(manifestUrl: string): HeroRenderer | undefined;
  /** Loads the current file if need be, and waits until it runs or has failed. */
  load(manifestUrl: string): Promise<HeroRenderer | undefined>;
  /** Stops every renderer's process, and waits until each has ended. */
  close(): Promise<void>;
}

/**
 * The hero renderers deployed beside the home manifests this gateway serves itself
 * (`folderOf(manifestUrl)`/server/hero.js): the home remote's own code, so the hero in the page
 * is the one its release renders. Each file version runs in a process of its own
 * (heroWorker.cjs), loaded once, which holds no secret and can reach no configuration: it starts
 * with an empty environment, under Node's permission model (rendererExecArgv), and the gateway
 * hands it the file's text. A missing or broken file means no server render (reported once),
 * never a failed page. A process that runs past RENDERER_TIME_LIMITS_MS or out of memory
 * (RENDERER_MEMORY_MB) is killed with whatever state it had, the home page goes without its hero,
 * and a fresh copy is loaded after RENDERER_PAUSE_MS.
 */
export function createHeroRenderers(
  folderOf: (manifestUrl: string) => string | undefined,
  warn: (message: string, error?: unknown) => void,
  {
    limitsMs = RENDERER_TIME_LIMITS_MS,
    memoryMb = RENDERER_MEMORY_MB,
    pauseMs = RENDERER_PAUSE_MS,
    now = Date.now,
  }: {
    limitsMs?: { load: number; render: number };
    memoryMb?: number;
    pauseMs?: number;
    now?: () => number;
  } = {},
): HeroRenderers {
  interface Version {
    mtimeMs: number;
    /** Its process, until it is stopped or has ended. */
    child?: ChildProcess;
    /** The renderer once its process runs; undefined before, and after a failure or a stop. */
    renderer?: HeroRenderer;
    loaded: Promise<HeroRenderer | undefined>;
    /** Kills its process, settling whatever waits on it; done when the process has ended. */
    end: () => Promise<void>;
    /** Set when it was stopped: until then the page goes without the hero. */
    retryAt?: number;
  }
  const versions = new Map<string, Version>();

  function start(file: string, mtimeMs: number): Version {
    let child: ChildProcess;
    try {
      const worker = rendererWorkerFile();
      // Nothing of the gateway's environment, arguments or permissions is passed on.
      child = fork(worker, [], {
        env: {},
        execArgv: rendererExecArgv(memoryMb, worker),
        serialization: 'json',
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
    } catch (error) {
      warn(`${file} could not be loaded: the home page is served without its hero.`, error);
      return { mtimeMs, loaded: Promise.resolve(undefined), end: () => Promise.resolve() };
    }
    if (running.size === 0) process.once('exit', killAllRunning);
    running.add(child);
    let markEnded: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      markEnded = () => {
        running.delete(child);
        if (running.size === 0) process.off('exit', killAllRunning);
        resolve();
      };
    });
    child.once('close', markEnded);
    // Never what keeps the gateway's process alive.
    child.unref();
    child.channel?.unref();
    let errorOutput = '';
    if (child.stderr instanceof Socket) {
      child.stderr.unref();
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => {
        errorOutput = (errorOutput + text).slice(-ERROR_OUTPUT_KEPT);
      });
    }
    const pending = new Map<number, (html: string | undefined, error?: string) => void>();
    let sent = 0;
    let settleLoad: (renderer: HeroRenderer | undefined) => void = () => undefined;
    const version: Version = {
      mtimeMs,
      child,
      loaded: new Promise((resolve) => {
        settleLoad = resolve;
      }),
      end,
    };
    const loadTimer = setTimeout(() => {
      stop('ran past its time limit');
    }, limitsMs.load);
    async function end() {
      clearTimeout(loadTimer);
      version.renderer = undefined;
      version.child = undefined;
      for (const reply of pending.values()) reply(undefined);
      pending.clear();
      settleLoad(undefined);
      // SIGKILL: the renderer may be in a loop, or may have taken SIGTERM for itself.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      // Whoever waits for the end (the gateway closing) is not left by an emptied event loop.
      child.ref();
      if (child.stderr instanceof Socket) child.stderr.ref();
      await ended;
    }
    function stop(why: string) {
      if (!version.child) return;
      void end();
      version.retryAt = now() + pauseMs;
      warn(
        `${file} ${why} and was stopped: the home page is served without its hero for ${String(Math.round(pauseMs / 1000))} s, then a fresh copy is tried.`,
      );
    }
    function failed(error: unknown) {
      if (!version.child) return;
      warn(`${file} could not be loaded: the home page is served without its hero.`, error);
      void end();
    }
    /** Sends to the process; a message it can no longer take is answered by its end. */
    function send(message: object) {
      if (child.connected) child.send(message, () => undefined);
    }
    const renderer: HeroRenderer = {
      renderHero(answer) {
        return new Promise((resolve, reject) => {
          if (!version.child) {
            resolve(undefined);
            return;
          }
          const id = (sent += 1);
          const timer = setTimeout(() => {
            stop('ran past its time limit');
          }, limitsMs.render);
          pending.set(id, (html, error) => {
            clearTimeout(timer);
            pending.delete(id);
            if (error === undefined) resolve(html);
            else reject(new Error(error));
          });
          send({ id, answer });
        });
      },
    };
    child.on('message', (message: WorkerMessage | null) => {
      if (typeof message !== 'object' || message === null) return;
      const error = typeof message.error === 'string' ? message.error : undefined;
      if (typeof message.id === 'number') {
        const html = typeof message.html === 'string' ? message.html : undefined;
        pending.get(message.id)?.(html, error);
        return;
      }
      if (version.renderer || !version.child) return;
      if (message.type === 'ready') {
        clearTimeout(loadTimer);
        version.renderer = renderer;
        settleLoad(renderer);
      } else if (message.type === 'failed') {
        failed(new Error(error));
      } else if (message.type === 'invalid') {
        warn(`${file} exports no renderHero: the home page is served without its hero.`);
        void end();
      }
    });
    // Each way out ends the process through end(), which also clears the load timer.
    child.on('error', (error) => {
      stop(`failed (${error.message})`);
      // A process that could not be started never closes.
      if (child.pid === undefined) markEnded();
    });
    child.on('close', (code, signal) => {
      // V8 reports a heap past its limit on the error output, then aborts.
      if (errorOutput.includes('heap out of memory')) {
        stop(`ran out of memory (${String(memoryMb)} MB)`);
      } else {
        stop(`ended (${signal ?? `exit code ${String(code)}`})`);
      }
    });
    // The gateway reads the file and hands over its text: the renderer's process may read nothing
    // of the release (the permission model would follow a link in it to any file).
    readRegularFile(file).then((source) => {
      send({ type: 'load', file, source });
    }, failed);
    return version;
  }

  function current(manifestUrl: string): Version | undefined {
    const folder = folderOf(manifestUrl);
    if (!folder) return undefined;
    const file = path.join(folder, 'server', 'hero.js');
    let mtimeMs: number;
    try {
      ({ mtimeMs } = fs.statSync(file));
    } catch {
      return undefined;
    }
    const seen = versions.get(file);
    if (seen?.mtimeMs === mtimeMs && (seen.retryAt === undefined || now() < seen.retryAt)) {
      return seen;
    }
    void seen?.end();
    const version = start(file, mtimeMs);
    versions.set(file, version);
    return version;
  }

  return {
    readyFor: (manifestUrl) => current(manifestUrl)?.renderer,
    load: async (manifestUrl) => {
      const version = current(manifestUrl);
      await version?.loaded;
      return version?.renderer;
    },
    close: async () => {
      await Promise.all([...versions.values()].map((version) => version.end()));
    },
  };
}

/** A file's text, refusing a symbolic link in its place (which could lead to any file). */
async function readRegularFile(file: string): Promise<string> {
  const handle = await fs.promises.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Reads home_banner from WordPress for one page, as the browser's read through the gateway would
 * (never cached: a timestamp; the page's host forwarded, as the proxy forwards it; its HTML
 * sanitized, as the proxy sanitizes it: the hero is rendered from it and the page carries it),
 * and gives up after `budgetMs` so a slow WordPress delays the page by at most that. Undefined
 * when it is not there in time or is not JSON.
 */
export async function readHomeBanner(
  wordpressUrl: string,
  {
    budgetMs,
    host,
    protocol,
    html,
  }: { budgetMs: number; host: string; protocol: string; html: BackendHtml },
  now: number = Date.now(),
): Promise<unknown> {
  try {
    const response = await fetch(`${wordpressUrl}/wp-json/wp/v2/home_banner?t=${String(now)}`, {
      headers: {
        accept: 'application/json',
        'x-forwarded-host': host,
        'x-forwarded-proto': protocol,
      },
      signal: AbortSignal.timeout(budgetMs),
    });
    if (!response.ok) {
      // Discard the body, so the connection goes back to the pool.
      await response.body?.cancel();
      return undefined;
    }
    const body = await html.readJson(response.headers.get('content-type'), response.body);
    return body === undefined ? undefined : (JSON.parse(body.toString('utf8')) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * The home page's hero, rendered by the home remote's renderer from a fresh banner read; undefined
 * (the page is served as it is without it) when there is no renderer, no banner in time, an
 * outsized one, no slide, or the renderer throws.
 */
export async function renderHomeHero(
  renderer: HeroRenderer | undefined,
  readBanner: () => Promise<unknown>,
  warn: (message: string, error?: unknown) => void,
): Promise<ServerRender | undefined> {
  if (!renderer) return undefined;
  const answer = await readBanner();
  // The page carries the answer; one far larger than a banner's is not worth carrying.
  if (answer === undefined || JSON.stringify(answer).length > MAX_CARRIED_BANNER_CHARS) {
    return undefined;
  }
  try {
    const html = await renderer.renderHero(answer);
    return html ? { module: 'home/HomePage', html, data: answer } : undefined;
  } catch (error) {
    warn('The home remote could not render the hero: the page is served without it.', error);
    return undefined;
  }
}
