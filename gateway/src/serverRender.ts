import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** The home remote's server renderer (remote-home/src/server/hero.tsx, built to dist/server/hero.js). */
export interface HeroRenderer {
  renderHero(answer: unknown): string | undefined;
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
 * How long the home remote's code may run in one go before it is stopped: loading it (jsdom
 * included, about 0.4 s), and one render (1-3 ms, 20 ms the first time; the limit is wall time,
 * so it leaves room for a busy machine). The gateway serves every visitor from one thread; a
 * renderer that never returned would stop them all.
 */
export const RENDERER_TIME_LIMITS_MS = { load: 5000, render: 1000 };

/**
 * How long the home page goes without its hero after the renderer was stopped, before a fresh
 * copy of it is tried: a renderer that always loops costs one stop a minute, not one a page.
 */
export const RENDERER_PAUSE_MS = 60_000;

// What the renderer may require: Node's own modules and jsdom, which the gateway lends it.
const lend = createRequire(__filename);

// A context whose only use is vm's time limit: it stops whatever JavaScript runs during the call,
// whichever context the functions come from.
const timed: { task?: () => unknown } = {};
vm.createContext(timed);
const runTask = new vm.Script('task()');

/** Runs `task`, stopping it after `limitMs` (a vm ERR_SCRIPT_EXECUTION_TIMEOUT error then). */
function runWithin<T>(limitMs: number, task: () => T): T {
  timed.task = task;
  try {
    return runTask.runInContext(timed, { timeout: limitMs }) as T;
  } finally {
    delete timed.task;
  }
}

// Node's own error, from another realm than this module's Error under a test runner: by its code.
const timedOut = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';

function isHeroRenderer(value: unknown): value is HeroRenderer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<HeroRenderer>).renderHero === 'function'
  );
}

/** Runs a CommonJS file with the gateway's require, whatever folder it was deployed to. */
function loadCommonJs(file: string): unknown {
  const run = vm.compileFunction(
    fs.readFileSync(file, 'utf8'),
    ['exports', 'require', 'module', '__filename', '__dirname'],
    { filename: file },
  ) as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  run(module.exports, lend, module, file, path.dirname(file));
  return module.exports;
}

/**
 * The hero renderer deployed beside a home manifest this gateway serves itself
 * (`folderOf(manifestUrl)`/server/hero.js): the home remote's own code, so the hero in the page
 * is the one its release renders. Loaded once per file version; a missing or broken file means
 * no server render (reported once), never a failed page. Loading and each render are stopped
 * after RENDERER_TIME_LIMITS_MS; the stopped copy (its state may be half-changed) is dropped, and
 * a fresh one is loaded after RENDERER_PAUSE_MS.
 */
export function createHeroRendererLoader(
  folderOf: (manifestUrl: string) => string | undefined,
  warn: (message: string, error?: unknown) => void,
  {
    limitsMs = RENDERER_TIME_LIMITS_MS,
    pauseMs = RENDERER_PAUSE_MS,
    now = Date.now,
  }: {
    limitsMs?: { load: number; render: number };
    pauseMs?: number;
    now?: () => number;
  } = {},
) {
  interface Loaded {
    mtimeMs: number;
    renderer: HeroRenderer | undefined;
    /** Set when it was stopped: until then the page goes without the hero. */
    retryAt?: number;
  }
  const loaded = new Map<string, Loaded>();
  return (manifestUrl: string): HeroRenderer | undefined => {
    const folder = folderOf(manifestUrl);
    if (!folder) return undefined;
    const file = path.join(folder, 'server', 'hero.js');
    let mtimeMs: number;
    try {
      ({ mtimeMs } = fs.statSync(file));
    } catch {
      return undefined;
    }
    const seen = loaded.get(file);
    if (seen?.mtimeMs === mtimeMs && (seen.retryAt === undefined || now() < seen.retryAt)) {
      return seen.renderer;
    }
    const version: Loaded = { mtimeMs, renderer: undefined };
    const stop = () => {
      version.renderer = undefined;
      version.retryAt = now() + pauseMs;
      warn(
        `${file} ran past its time limit and was stopped: the home page is served without its hero for ${String(Math.round(pauseMs / 1000))} s, then a fresh copy is tried.`,
      );
    };
    try {
      const exported = runWithin(limitsMs.load, () => loadCommonJs(file));
      if (isHeroRenderer(exported)) {
        version.renderer = {
          renderHero(answer) {
            try {
              return runWithin(limitsMs.render, () => exported.renderHero(answer));
            } catch (error) {
              if (!timedOut(error)) throw error;
              stop();
              return undefined;
            }
          },
        };
      } else {
        warn(`${file} exports no renderHero: the home page is served without its hero.`);
      }
    } catch (error) {
      if (timedOut(error)) stop();
      else warn(`${file} could not be loaded: the home page is served without its hero.`, error);
    }
    loaded.set(file, version);
    return version.renderer;
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
    const html = renderer.renderHero(answer);
    return html ? { module: 'home/HomePage', html, data: answer } : undefined;
  } catch (error) {
    warn('The home remote could not render the hero: the page is served without it.', error);
    return undefined;
  }
}
