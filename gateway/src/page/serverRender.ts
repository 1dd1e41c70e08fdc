import fs from 'node:fs';
import { type ChildProcess, fork } from 'node:child_process';
import { Socket } from 'node:net';
import path from 'node:path';
import {
  pageReadUrl,
  servedKey,
  type HeadInput,
  type PageContract,
  type ServerDrawing,
  type ServerRenderInput,
} from 'shared-store/server';
import { nonCanonicalReason, pathOf } from '../plugins/canonicalPaths';
import { cacheTtlOf, isPrivateAnswer, paramsOf, routeOf } from '../proxy/routeTable';
import type { WordPressReads } from '../proxy/wordpressReads';
import { basisOf, createDrawnPages, pageOf } from './drawnPages';
import type { PageRequest } from './remoteHints';
import { type AnswerJson, within } from './wordpressAnswers';

/**
 * A build's server renderers (a remote's or the shell's src/server/pages.tsx, built to
 * dist/server/pages.js, exporting `renderers`, and `heads` where it reads pages' heads), running
 * in their process.
 */
export interface RouteRenderer {
  /**
   * What the renderer named `renderer` (a route's `serverRender`) draws for one page: its markup
   * and the reads it wanted beyond those it was handed (as the renderer tells them: unchecked);
   * rejects when it throws or the file has no renderer by that name.
   */
  render(renderer: string, input: ServerRenderInput): Promise<ServerDrawing | undefined>;
  /**
   * What the head reader named `reader` (a route's `heads[path].read`) says of one page, exactly
   * as the process sent it: untrusted, for the caller to check (shared-store `HeadOutcome`);
   * rejects when it throws or the file has no reader by that name. Absent when the file exports
   * no `heads` (a release from before them).
   */
  head?: (reader: string, input: HeadInput) => Promise<unknown>;
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
 * The most a page carries of its rendered reads' answers, together (their bytes as WordPress sent
 * them, sanitized). The sample's course list is 3.2 KB, its events 2.2 KB, a location 0.4 KB, the
 * banner 0.8 KB; a catalogue ten times the sample's fits with room. Past it the page is served as
 * it is without its server render: the HTML a phone downloads before its first paint stays small
 * (128 KB of JSON is about 25 KB gzipped on the line, a tenth of a second on slow 4G).
 */
export const MAX_CARRIED_READS_BYTES = 128 * 1024;

/**
 * How long a remote's server code may take before it is stopped: loading it (its process
 * started, about 0.1 s), and one render or one head read (1-3 ms, 10-20 ms the first time; the
 * limit is wall time, so it leaves room for a busy machine). A page waits for its render no longer than its
 * budget (the setting SERVER_RENDER_BUDGET_MS) in any case.
 */
const RENDERER_TIME_LIMITS_MS = { load: 5000, render: 1000 };

/**
 * The memory the renderer's JavaScript heap may use (measured loaded and after 50 renders: 27 MB
 * in use, 59 MB held). It bounds V8's heap, as a thread's limit did; memory outside it (a
 * Buffer's) is bounded by the machine only.
 */
const RENDERER_MEMORY_MB = 256;

/**
 * How long pages go without their server render after the renderers' process was stopped, before
 * a fresh copy of it is tried: a renderer that always loops costs one stop a minute, not one a page.
 */
const RENDERER_PAUSE_MS = 60_000;

/**
 * How far a page's server render looks for what its first screen shows beyond its route's
 * `rendered` reads (a list's prices, which depend on the list's answer; a course's description,
 * on the course's id): after the first render, at most `rounds` more, each with the answers of at
 * most `readsPerRound` of the reads the render before wanted (in the order the page asked for
 * them). Each round's reads wait until the page's budget less `renderMs`, which is left for its
 * render (1-3 ms, 10-20 ms the first time). The sample's course page needs two rounds: its
 * variations and description, then a simple product's price.
 */
export const DISCOVERY_LIMITS = { rounds: 2, readsPerRound: 8, renderMs: 50 };

/** The most reads a page's renders are handed beyond its rendered reads. */
const MAX_WANTED_READS = DISCOVERY_LIMITS.rounds * DISCOVERY_LIMITS.readsPerRound;

/** The most reads a renderer may tell it wanted, and the longest URL of one: the rest are left. */
const MAX_WANTED = 64;
const MAX_WANTED_URL_LENGTH = 2048;

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
 * What the renderer's process says: { type: 'ready', heads } | { type: 'invalid' },
 * { type: 'failed', error }, { id, html?, wanted?, error? } for a render, or { id, head?, error? }
 * for a head. Its code may send anything, so every field is checked.
 */
interface WorkerMessage {
  type?: unknown;
  heads?: unknown;
  id?: unknown;
  html?: unknown;
  wanted?: unknown;
  head?: unknown;
  error?: unknown;
}

/** The reads a renderer's process says a page wanted: strings only, a bounded number of them. */
function wantedOf(told: unknown): string[] {
  if (!Array.isArray(told)) return [];
  return told
    .filter((url): url is string => typeof url === 'string' && url.length <= MAX_WANTED_URL_LENGTH)
    .slice(0, MAX_WANTED);
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
    /** Each request's reply by id: the process's message, or none when it ended first. */
    const pending = new Map<number, (message: WorkerMessage | undefined) => void>();
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
    /**
     * Sends one request and waits for its reply, within the time limit (past it the process is
     * stopped): what `answer` takes of the reply, or undefined when the process ended first;
     * rejects with the error the process reported.
     */
    function ask<T>(
      request: object,
      answer: (message: WorkerMessage) => T | undefined,
    ): Promise<T | undefined> {
      return new Promise((resolve, reject) => {
        if (!version.child) {
          resolve(undefined);
          return;
        }
        const id = (sent += 1);
        const timer = setTimeout(() => {
          stop('ran past its time limit');
        }, limitsMs.render);
        pending.set(id, (message) => {
          clearTimeout(timer);
          pending.delete(id);
          if (typeof message?.error === 'string') reject(new Error(message.error));
          else resolve(message === undefined ? undefined : answer(message));
        });
        send({ id, ...request });
      });
    }
    const render: RouteRenderer['render'] = (name, input) =>
      ask({ renderer: name, input }, (message) =>
        typeof message.html === 'string'
          ? { html: message.html, wanted: wantedOf(message.wanted) }
          : undefined,
      );
    const head: NonNullable<RouteRenderer['head']> = (reader, input) =>
      ask({ type: 'head', reader, input }, (message) => message.head);
    child.on('message', (message: WorkerMessage | null) => {
      if (typeof message !== 'object' || message === null) return;
      if (typeof message.id === 'number') {
        pending.get(message.id)?.(message);
        return;
      }
      if (version.renderer || !version.child) return;
      if (message.type === 'ready') {
        clearTimeout(loadTimer);
        const renderer: RouteRenderer = message.heads === true ? { render, head } : { render };
        version.renderer = renderer;
        settleLoad(renderer);
      } else if (message.type === 'failed') {
        failed(new Error(typeof message.error === 'string' ? message.error : undefined));
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

/** The origin a wanted read's URL is resolved against: a URL naming any other is not a read. */
const OWN_ORIGIN = 'http://gateway.invalid';

/**
 * Whether a URL a render wanted is written as a page's read writes it, and as nothing else: a path
 * of this origin with its query (no fragment), canonical as the gateway requires of any request
 * (canonicalPaths), its query as URLSearchParams writes it, without the page's stamp: so it is its
 * own served key, and one read is carried under one key only.
 */
function writtenAsRead(url: string, stampParameter: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  let parsed: URL;
  try {
    parsed = new URL(url, OWN_ORIGIN);
  } catch {
    return false;
  }
  return (
    parsed.origin === OWN_ORIGIN &&
    `${parsed.pathname}${parsed.search}` === url &&
    servedKey(url, stampParameter) === url &&
    nonCanonicalReason('GET', url, {}) === undefined
  );
}

/**
 * Whether the query of a WordPress read names only parameters its route lists, each once: a
 * render cannot make the gateway read (and keep) WordPress's answer to a query no page sends.
 */
function onlyOwnParameters(url: string): boolean {
  const names = [...new URLSearchParams(url.slice(pathOf(url).length)).keys()];
  const listed = paramsOf('GET', pathOf(url)) ?? [];
  return new Set(names).size === names.length && names.every((name) => listed.includes(name));
}

/**
 * Whether the gateway may read this WordPress URL for a remote's code that asked for it (a
 * render's wanted read, a head reader's): written as a page's read writes it, a read the proxy
 * opens to any visitor, with only its route's parameters.
 */
export function isOpenWordPressRead(url: string, stampParameter: string): boolean {
  return writtenAsRead(url, stampParameter) && openToVisitors(url) && onlyOwnParameters(url);
}

export interface RouteRenderDeps {
  contract: PageContract;
  /** The proxy's reads of WordPress, through its cache (the page's head reads the same). */
  wordpress: WordPressReads;
  json: AnswerJson;
  /**
   * The gateway's own reads that answer every visitor alike (the shop's prices: commerce's
   * publicRead): the answer's JSON for a URL it answers, or undefined for any other URL. A render
   * that wants one is handed its answer.
   */
  ownReads?: (url: string) => Promise<unknown> | undefined;
  /** How long a page waits for its reads and its render together. */
  budgetMs: number;
  warn: (message: string, error?: unknown) => void;
  now?: () => number;
}

/** Answers by served key, and their bytes together. */
interface Carried {
  reads: Record<string, unknown>;
  bytes: number;
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
 *
 * The renderer tells the reads its page asked for that it was not handed (a list's prices, a
 * course's description: reads that depend on another's answer). Of those, the ones any visitor
 * may make alike are read (a WordPress read the proxy opens to visitors, with only its route's
 * parameters; one of the gateway's `ownReads`), and the page is drawn again with their answers,
 * within DISCOVERY_LIMITS and the budget. The page is served with its last render drawn in time
 * (the first still counts: what it lacks shows as loading, and the browser reads it); a wanted
 * read that fails, comes too late or would take the page over MAX_CARRIED_READS_BYTES is left to
 * the browser. A page viewed again costs one render at most (drawnPages.ts): what its last view
 * wanted is read before its first render, and a render of answers drawn before is not drawn again.
 */
export function createRouteRenders(deps: RouteRenderDeps) {
  const now = deps.now ?? Date.now;
  const { stampParameter } = deps.contract.markup;
  const drawnPages = createDrawnPages();

  /** The answers of these reads by served key; undefined when any cannot be had or carried. */
  async function readAll(urls: string[]): Promise<Carried | undefined> {
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
    return { reads, bytes };
  }

  /**
   * The answer to a read a render wanted (written as a page's read) and its bytes, when any
   * visitor may make it alike and it answers (a WordPress read: 200 and JSON); undefined for
   * anything else.
   */
  async function wantedAnswer(url: string): Promise<{ json: unknown; bytes: number } | undefined> {
    if (openToVisitors(url)) {
      const answer = await deps.wordpress.read(url, cacheTtlOf(pathOf(url)));
      const body = answer?.status === 200 ? deps.json(answer.body) : undefined;
      return body && answer ? { json: body.json, bytes: answer.body.length } : undefined;
    }
    const own = deps.ownReads?.(url);
    if (!own) return undefined;
    const json = await own.catch(() => undefined);
    return json === undefined
      ? undefined
      : { json, bytes: Buffer.byteLength(JSON.stringify(json)) };
  }

  /**
   * The answers of the reads a render wanted that it may be handed, at most `limit` of those
   * written as a page's read, WordPress's with their route's parameters only, each that comes
   * within `waitMs` and fits in what the page carries (`carried`, which it adds to); the
   * URLs tried are added to `tried`, so no round tries one twice.
   */
  async function readWanted(
    wanted: readonly string[],
    tried: Set<string>,
    carried: Carried,
    waitMs: number,
    limit: number,
  ): Promise<Carried> {
    const urls = [...new Set(wanted)]
      .filter(
        (url) =>
          !tried.has(url) &&
          writtenAsRead(url, stampParameter) &&
          (!openToVisitors(url) || onlyOwnParameters(url)),
      )
      .slice(0, limit);
    for (const url of urls) tried.add(url);
    const answers = await Promise.all(urls.map((url) => within(wantedAnswer(url), waitMs)));
    const reads = { ...carried.reads };
    let { bytes } = carried;
    urls.forEach((url, index) => {
      const answer = answers[index];
      if (!answer || bytes + answer.bytes > MAX_CARRIED_READS_BYTES) return;
      bytes += answer.bytes;
      reads[url] = answer.json;
    });
    return { reads, bytes };
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

  /**
   * Draws the page from its rendered reads and what its last view wanted beyond them (when its
   * rendered reads' answers are those that view had: the rest were found from them), then again
   * with what each render wanted, while the budget allows (`ended()`: the page has been served);
   * `drawn` is told of each render. A render of the same reads' answers as one before is that
   * one's drawing (drawnPages): a page viewed again with its reads cached is not drawn at all.
   */
  async function draw(
    renderer: RouteRenderer,
    { module, name, input }: Drawing,
    urls: string[],
    ended: () => boolean,
    drawn: (render: ServerRender) => void,
  ): Promise<void> {
    const startedAt = performance.now();
    const waitMs = () =>
      deps.budgetMs - (performance.now() - startedAt) - DISCOVERY_LIMITS.renderMs;
    const rendered = await readAll(urls);
    if (!rendered) return;
    const page = pageOf(name, input);
    const basis = basisOf(rendered.reads);
    const before = drawnPages.wantedBefore(renderer, page);
    // Half the wait at most: a read that comes later is found again by the render, which is then
    // drawn in time for the read's round.
    let carried: Carried | undefined =
      before?.basis === basis
        ? await readWanted(
            before.urls,
            new Set(Object.keys(rendered.reads)),
            rendered,
            waitMs() / 2,
            MAX_WANTED_READS,
          )
        : rendered;
    const tried = new Set<string>(Object.keys(carried.reads));
    for (let round = 0; carried && !ended(); round += 1) {
      const { reads }: Carried = carried;
      const render = await drawnPages.draw(renderer, name, { ...input, reads });
      if (!render?.html || ended()) return;
      drawn({ module, html: render.html, reads });
      drawnPages.remember(renderer, page, {
        basis,
        urls: Object.keys(reads).filter((url) => !Object.hasOwn(rendered.reads, url)),
      });
      const wait = waitMs();
      if (round === DISCOVERY_LIMITS.rounds || render.wanted.length === 0 || wait <= 0) return;
      const more = await readWanted(
        render.wanted,
        tried,
        carried,
        wait,
        DISCOVERY_LIMITS.readsPerRound,
      );
      // Nothing new to draw with: the next render would be this one.
      carried = Object.keys(more.reads).length > Object.keys(reads).length ? more : undefined;
    }
  }

  /**
   * The page's server render, or undefined: the page is served as it is without one. `cookies`:
   * the browser's, of which the renderer is handed those its route names.
   */
  async function renderFor(
    page: PageRequest,
    renderer: RouteRenderer | undefined,
    cookies: Partial<Record<string, string>> = {},
  ): Promise<ServerRender | undefined> {
    const route = page.shows;
    // A remote's page, or one of the shell's own.
    const module = route?.remote ?? route?.page;
    if (!renderer || !route?.serverRender || !module) return undefined;
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
      return undefined;
    }
    let latest: ServerRender | undefined;
    let ended = false;
    // Never a failed page for its server render: a render that throws leaves the one before.
    const rendering = draw(
      renderer,
      drawing,
      urls,
      () => ended,
      (render) => {
        latest = render;
      },
    ).catch((error: unknown) => {
      deps.warn(
        `${drawing.module} could not render ${drawing.input.pattern} (${drawing.name}): the page is served ${latest ? 'with its render before' : 'without its server render'}.`,
        error,
      );
    });
    await within(rendering, deps.budgetMs);
    ended = true;
    return latest;
  }

  return { renderFor };
}
