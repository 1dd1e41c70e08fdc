import fs from 'node:fs';
import { type ChildProcess, fork } from 'node:child_process';
import { Socket } from 'node:net';
import path from 'node:path';
import {
  pageReadUrl,
  servedKey,
  type PageContract,
  type ServerRenderInput,
} from 'shared-store/server';
import { pathOf } from '../plugins/canonicalPaths';
import { cacheTtlOf, isPrivateAnswer, routeOf } from '../proxy/routeTable';
import type { WordPressReads } from '../proxy/wordpressReads';
import type { PageRequest } from './remoteHints';
import { type AnswerJson, within } from './wordpressAnswers';

/**
 * A build's server renderers (a remote's or the shell's src/server/pages.tsx, built to
 * dist/server/pages.js, exporting `renderers`), running in their process.
 */
export interface RouteRenderer {
  /**
   * The markup of the renderer named `renderer` (a route's `serverRender`) for one page; rejects
   * when it throws or the file has no renderer by that name.
   */
  render(renderer: string, input: ServerRenderInput): Promise<string | undefined>;
}

/** What the page gets from a server render: the markup, and the answers it was drawn from. */
export interface ServerRender {
  /**
   * The module it stands for: a remote's (home/CoursePage) or one of the shell's own pages
   * (pages/BlogsPage); the shell keeps it on screen until that loads.
   */
  module: string;
  html: string;
  /** The route's rendered reads' answers by served key (servedKey): the page's first reads. */
  reads: Record<string, unknown>;
}

/**
 * How long a page waits, by default, for its rendered reads and its server render before it is
 * served without it.
 */
export const SERVER_RENDER_BUDGET_MS = 300;

/**
 * The most a page carries of its rendered reads' answers, together (their bytes as WordPress sent
 * them, sanitized). The sample's course list is 3.2 KB, its events 2.2 KB, a location 0.4 KB, the
 * banner 0.8 KB; a catalogue ten times the sample's fits with room. Past it the page is served as
 * it is without its server render: the HTML a phone downloads before its first paint stays small
 * (128 KB of JSON is about 25 KB gzipped on the line, a tenth of a second on slow 4G).
 */
export const MAX_CARRIED_READS_BYTES = 128 * 1024;

/**
 * How long a remote's server code may take before it is stopped: loading it (its process
 * started, about 0.1 s), and one render (1-3 ms, 10-20 ms the first time; the limit is wall
 * time, so it leaves room for a busy machine). A page waits for its render no longer than its
 * budget (SERVER_RENDER_BUDGET_MS) in any case.
 */
export const RENDERER_TIME_LIMITS_MS = { load: 5000, render: 1000 };

/**
 * The memory the renderer's JavaScript heap may use (measured loaded and after 50 renders: 27 MB
 * in use, 59 MB held). It bounds V8's heap, as a thread's limit did; memory outside it (a
 * Buffer's) is bounded by the machine only.
 */
export const RENDERER_MEMORY_MB = 256;

/**
 * How long pages go without their server render after the renderers' process was stopped, before
 * a fresh copy of it is tried: a renderer that always loops costs one stop a minute, not one a page.
 */
export const RENDERER_PAUSE_MS = 60_000;

/** The process a renderer runs in (a CommonJS file beside this one, in src/ and in dist/). */
const WORKER_FILE = path.join(__dirname, 'rendererWorker.cjs');

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
 * rendererWorker.cjs takes away (SIGUSR1 would open the gateway's inspector); and the module
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

/** What a page goes without while its build's renderers cannot render. */
const WITHOUT_RENDER = 'its pages are served without their server render';

/** The last characters of the renderer's error output, enough to tell why it ended. */
const ERROR_OUTPUT_KEPT = 4096;

/**
 * The server renderers deployed with the builds this gateway serves itself, each build named as
 * `folderOf` knows it (a remote's by its manifest's URL).
 */
export interface ServerRenderers {
  /**
   * The renderer of this build's current file, if it is loaded and running; undefined while
   * it loads (which this starts), when there is none, or while a stopped one is paused.
   */
  readyFor(build: string): RouteRenderer | undefined;
  /** Loads the current file if need be, and waits until it runs or has failed. */
  load(build: string): Promise<RouteRenderer | undefined>;
  /** Stops every renderer's process, and waits until each has ended. */
  close(): Promise<void>;
}

/**
 * The server renderers deployed with the builds this gateway serves itself (`folderOf(build)`/
 * server/pages.js, exporting `renderers`: beside a remote's manifest, or in the shell's build):
 * the build's own code, so a page's first screen is the one its release renders. Each file version runs in a process of its
 * own (rendererWorker.cjs), loaded once, which holds no secret and can reach no configuration: it
 * starts with an empty environment, under Node's permission model (rendererExecArgv), and the
 * gateway hands it the file's text. A missing or broken file, or one exporting no `renderers`
 * object of functions, means no server render (reported once), never a failed page. A process
 * that runs past RENDERER_TIME_LIMITS_MS or out of memory (RENDERER_MEMORY_MB) is killed with
 * whatever state it had, the remote's pages go without their server render, and a fresh copy is
 * loaded after RENDERER_PAUSE_MS.
 */
export function createServerRenderers(
  folderOf: (build: string) => string | undefined,
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
): ServerRenderers {
  interface Version {
    mtimeMs: number;
    /** Its process, until it is stopped or has ended. */
    child?: ChildProcess;
    /** The renderer once its process runs; undefined before, and after a failure or a stop. */
    renderer?: RouteRenderer;
    loaded: Promise<RouteRenderer | undefined>;
    /** Kills its process, settling whatever waits on it; done when the process has ended. */
    end: () => Promise<void>;
    /** Set when it was stopped: until then pages go without their server render. */
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
      warn(`${file} could not be loaded: ${WITHOUT_RENDER}.`, error);
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
    let settleLoad: (renderer: RouteRenderer | undefined) => void = () => undefined;
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
        `${file} ${why} and was stopped: ${WITHOUT_RENDER} for ${String(Math.round(pauseMs / 1000))} s, then a fresh copy is tried.`,
      );
    }
    function failed(error: unknown) {
      if (!version.child) return;
      warn(`${file} could not be loaded: ${WITHOUT_RENDER}.`, error);
      void end();
    }
    /** Sends to the process; a message it can no longer take is answered by its end. */
    function send(message: object) {
      if (child.connected) child.send(message, () => undefined);
    }
    const renderer: RouteRenderer = {
      render(name, input) {
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
          send({ id, renderer: name, input });
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
        warn(`${file} exports no renderers (an object of functions): ${WITHOUT_RENDER}.`);
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

  function current(build: string): Version | undefined {
    const folder = folderOf(build);
    if (!folder) return undefined;
    const file = path.join(folder, 'server', 'pages.js');
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
    readyFor: (build) => current(build)?.renderer,
    load: async (build) => {
      const version = current(build);
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
 * Whether the proxy lets any visitor read this URL from WordPress: a route its table opens to the
 * public, with an answer about no one. A server render reads nothing else, so a page's address
 * that makes a read no route allows (`/locations/abc`) never reaches WordPress.
 */
function openToVisitors(url: string): boolean {
  const path = pathOf(url);
  const match = routeOf('GET', path);
  return (
    match?.folder.proxy?.upstream === 'wordpress' &&
    match.rule?.access.kind === 'public' &&
    !isPrivateAnswer('GET', path)
  );
}

/** A cookie's value a renderer may be handed: a short token, nothing that could be markup. */
const RENDERED_COOKIE_VALUE = /^[\w.-]{1,64}$/;

/** Of the browser's cookies, those named, each when its value is a short token. */
function renderedCookies(
  names: readonly string[],
  sent: Partial<Record<string, string>>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of names) {
    const value = Object.hasOwn(sent, name) ? sent[name] : undefined;
    if (value !== undefined && RENDERED_COOKIE_VALUE.test(value)) kept[name] = value;
  }
  return kept;
}

export interface RouteRenderDeps {
  contract: PageContract;
  /** The proxy's reads of WordPress, through its cache (the page's head reads the same). */
  wordpress: WordPressReads;
  json: AnswerJson;
  /** How long a page waits for its reads and its render together. */
  budgetMs: number;
  warn: (message: string, error?: unknown) => void;
  now?: () => number;
}

/**
 * Each route's first screen rendered on the server (the page contract's `serverRender`): the
 * route's `rendered` reads, at the URLs the page's own reads ask for (pageReadUrl), read through
 * the proxy's cache and kept as its route table says (a never-cached read such as the banner is
 * fetched afresh; pages reading one URL at once share one request), are handed to the route's
 * renderer by served key, and the page carries the markup and the same answers. No server render
 * (the page is served as it is without one) when the route's renderer is not running, a read is
 * one the proxy does not open to visitors, a read is not a 200 JSON answer within the budget, the
 * answers together are over MAX_CARRIED_READS_BYTES, or the renderer throws (reported), runs past
 * the budget or draws nothing.
 */
export function createRouteRenders(deps: RouteRenderDeps) {
  const now = deps.now ?? Date.now;
  const { stampParameter } = deps.contract.markup;

  /** The answers of these reads by served key; undefined when any cannot be had or carried. */
  async function readAll(urls: string[]): Promise<Record<string, unknown> | undefined> {
    const answers = await Promise.all(
      urls.map(async (url) => ({
        key: servedKey(url, stampParameter),
        answer: await deps.wordpress.read(url, cacheTtlOf(pathOf(url))),
      })),
    );
    const reads: Record<string, unknown> = {};
    let bytes = 0;
    for (const { key, answer } of answers) {
      bytes += answer?.body.length ?? 0;
      const body =
        answer?.status === 200 && bytes <= MAX_CARRIED_READS_BYTES
          ? deps.json(answer.body)
          : undefined;
      if (!body) return undefined;
      reads[key] = body.json;
    }
    return reads;
  }

  /**
   * What a page's server render draws: its module (a remote's, or the shell's page), with the
   * renderer of that name.
   */
  interface Drawing {
    module: string;
    name: string;
    input: Omit<ServerRenderInput, 'reads'>;
  }

  async function draw(
    renderer: RouteRenderer,
    { module, name, input }: Drawing,
    urls: string[],
  ): Promise<ServerRender | undefined> {
    const reads = await readAll(urls);
    if (!reads) return undefined;
    const html = await renderer.render(name, { ...input, reads });
    return html ? { module, html, reads } : undefined;
  }

  /**
   * The page's server render, or undefined: the page is served as it is without one. `cookies`:
   * the browser's, of which the renderer is handed those its route names.
   */
  function renderFor(
    page: PageRequest,
    renderer: RouteRenderer | undefined,
    cookies: Partial<Record<string, string>> = {},
  ): Promise<ServerRender | undefined> {
    const route = page.shows;
    // A remote's page, or one of the shell's own.
    const module = route?.remote ?? route?.page;
    if (!renderer || !route?.serverRender || !module) return Promise.resolve(undefined);
    const drawing: Drawing = {
      module,
      name: route.serverRender,
      input: {
        path: page.route,
        pattern: route.path,
        ...(page.query ? { search: page.query } : {}),
        ...(route.serverRenderCookies
          ? { cookies: renderedCookies(route.serverRenderCookies, cookies) }
          : {}),
      },
    };
    const at = {
      path: page.route,
      pattern: route.path,
      search: page.query,
      now: now(),
      stampParameter,
    };
    const urls = (route.data ?? [])
      .filter((read) => read.rendered)
      .map((read) => pageReadUrl(read, at));
    if (!urls.every((url): url is string => url !== undefined && openToVisitors(url))) {
      return Promise.resolve(undefined);
    }
    // Never a failed page for its server render.
    const drawn = draw(renderer, drawing, urls).catch((error: unknown) => {
      deps.warn(
        `${drawing.module} could not render ${drawing.input.pattern} (${drawing.name}): the page is served without its server render.`,
        error,
      );
      return undefined;
    });
    return within(drawn, deps.budgetMs);
  }

  return { renderFor };
}
