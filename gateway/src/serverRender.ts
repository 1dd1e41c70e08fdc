import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

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
 * How long the home remote's code may take before it is stopped: loading it (jsdom included,
 * about 0.4 s), and one render (1-3 ms, 20 ms the first time; the limit is wall time, so it
 * leaves room for a busy machine). A page waits for its render at most `render`.
 */
export const RENDERER_TIME_LIMITS_MS = { load: 5000, render: 1000 };

/**
 * The memory the renderer's thread may use (measured loaded and after 50 renders: 27 MB in use,
 * 59 MB held).
 */
export const RENDERER_MEMORY_MB = 256;

/**
 * How long the home page goes without its hero after the renderer was stopped, before a fresh
 * copy of it is tried: a renderer that always loops costs one stop a minute, not one a page.
 */
export const RENDERER_PAUSE_MS = 60_000;

/** The thread a renderer runs on (a CommonJS file beside this one, in src/ and in dist/). */
const WORKER_FILE = path.join(__dirname, 'heroWorker.cjs');

/** What the renderer's thread says. */
type WorkerMessage = { type: 'ready' | 'invalid' } | { id: number; html?: string; error?: string };

/** The renderers deployed beside the home manifests this gateway serves itself. */
export interface HeroRenderers {
  /**
   * The renderer of this manifest's current file, if it is loaded and running; undefined while
   * it loads (which this starts), when there is none, or while a stopped one is paused.
   */
  readyFor(manifestUrl: string): HeroRenderer | undefined;
  /** Loads the current file if need be, and waits until it runs or has failed. */
  load(manifestUrl: string): Promise<HeroRenderer | undefined>;
  /** Stops every renderer's thread. */
  close(): Promise<void>;
}

/**
 * The hero renderers deployed beside the home manifests this gateway serves itself
 * (`folderOf(manifestUrl)`/server/hero.js): the home remote's own code, so the hero in the page
 * is the one its release renders. Each file version runs on a thread of its own
 * (heroWorker.cjs), loaded once; a missing or broken file means no server render (reported once),
 * never a failed page. A thread that runs past RENDERER_TIME_LIMITS_MS or out of memory
 * (RENDERER_MEMORY_MB) is stopped with whatever state it had, the home page goes without its
 * hero, and a fresh copy is loaded after RENDERER_PAUSE_MS.
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
    worker?: Worker;
    /** The renderer once its thread runs; undefined before, and after a failure or a stop. */
    renderer?: HeroRenderer;
    loaded: Promise<HeroRenderer | undefined>;
    /** Stops its thread, settling whatever waits on it. */
    end: () => Promise<void>;
    /** Set when it was stopped: until then the page goes without the hero. */
    retryAt?: number;
  }
  const versions = new Map<string, Version>();

  function start(file: string, mtimeMs: number): Version {
    const worker = new Worker(WORKER_FILE, {
      workerData: { file, lendFrom: __filename },
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    // Never what keeps the gateway's process alive.
    worker.unref();
    const pending = new Map<number, (html: string | undefined, error?: string) => void>();
    let sent = 0;
    let settleLoad: (renderer: HeroRenderer | undefined) => void = () => undefined;
    const version: Version = {
      mtimeMs,
      worker,
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
      version.worker = undefined;
      for (const reply of pending.values()) reply(undefined);
      pending.clear();
      settleLoad(undefined);
      await worker.terminate();
    }
    function stop(why: string) {
      if (!version.worker) return;
      void end();
      version.retryAt = now() + pauseMs;
      warn(
        `${file} ${why} and was stopped: the home page is served without its hero for ${String(Math.round(pauseMs / 1000))} s, then a fresh copy is tried.`,
      );
    }
    const renderer: HeroRenderer = {
      renderHero(answer) {
        return new Promise((resolve, reject) => {
          if (!version.worker) {
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
          worker.postMessage({ id, answer });
        });
      },
    };
    worker.on('message', (message: WorkerMessage) => {
      if ('id' in message) {
        pending.get(message.id)?.(message.html, message.error);
        return;
      }
      clearTimeout(loadTimer);
      if (message.type === 'ready') {
        version.renderer = renderer;
        settleLoad(renderer);
      } else {
        warn(`${file} exports no renderHero: the home page is served without its hero.`);
        void end();
      }
    });
    // Each way out ends the thread through end(), which also clears the load timer.
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        stop(`ran out of memory (${String(memoryMb)} MB)`);
      } else if (!version.renderer) {
        warn(`${file} could not be loaded: the home page is served without its hero.`, error);
        void end();
      } else {
        stop(`failed (${error.message})`);
      }
    });
    worker.on('exit', () => {
      if (version.worker) stop('ended');
    });
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

/**
 * Reads home_banner from WordPress for one page, as the browser's read through the gateway would
 * (never cached: a timestamp; the page's host forwarded, as the proxy forwards it), and gives up
 * after `budgetMs` so a slow WordPress delays the page by at most that. Undefined when it is not
 * there in time or is not JSON.
 */
export async function readHomeBanner(
  wordpressUrl: string,
  { budgetMs, host, protocol }: { budgetMs: number; host: string; protocol: string },
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
    return await response.json();
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
