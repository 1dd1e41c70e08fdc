import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { routeOf, type PageContract, type PageRoute } from 'shared-store/server';
import { objectOf, recordOf } from '../validation';
import type { RemotesConfig } from './remotesConfig';

/**
 * A page as the shell will lay it out: its route, whether the company's app shows it bare, and
 * its query string (without the `?`).
 */
export interface PageRequest {
  route: string;
  bare: boolean;
  query: string;
  /** The page contract's route it matches, if any (else the shell shows page not found). */
  shows: PageRoute | undefined;
}

/**
 * Reads a page request the way the shell will: app mode comes from `isMobileApp=true` (later
 * pages of an app session carry it in session storage, which only the browser sees).
 */
export function pageRequest(contract: PageContract, url: string): PageRequest {
  const [pathname = '/', query = ''] = url.split('?');
  const route = pathname.replace(/\/+$/, '') || '/';
  const inApp = new URLSearchParams(query).get('isMobileApp') === 'true';
  const shows = routeOf(contract, route);
  return { route, bare: inApp && shows?.bareInApp === true, query, shows };
}

const pageFilesSchema = recordOf(v.string(), v.array(v.string()));

/**
 * The code of a shell page beyond what runs at start, from the shell build's `pages.json`
 * (tooling/startupPreload.js PageCodePlugin), as URLs: `/search` gives its page's script and style
 * sheet. Read once, with the rest of the shell's build; a missing or malformed file gives none.
 */
export function readShellPageCode(shellDir: string): (page: PageRequest) => PageCode {
  let files: Record<string, string[]> = {};
  try {
    const parsed = v.safeParse(
      pageFilesSchema,
      JSON.parse(fs.readFileSync(path.join(shellDir, 'pages.json'), 'utf8')),
    );
    if (parsed.success) files = parsed.output;
  } catch {
    // No hints for the shell's pages: they load as before, when the page asks for them.
  }
  return ({ shows }) => {
    const page = shows?.page;
    const urls = (page ? (files[page] ?? []) : [])
      .filter((file) => SAFE_FILE.test(file))
      .map((file) => `/${file}`);
    return {
      scripts: urls.filter((url) => url.endsWith('.js')),
      styles: urls.filter((url) => url.endsWith('.css')),
    };
  };
}

const manifestSchema = objectOf({
  metaData: objectOf({
    remoteEntry: objectOf({ name: v.pipe(v.string(), v.minLength(1)), path: v.string() }),
  }),
  exposes: v.array(
    objectOf({
      name: v.string(),
      assets: objectOf({
        js: objectOf({ sync: v.array(v.string()) }),
        css: objectOf({ sync: v.array(v.string()) }),
      }),
    }),
  ),
});

type Manifest = v.InferOutput<typeof manifestSchema>;

/** Code a page needs first, as URLs. */
export interface PageCode {
  scripts: string[];
  styles: string[];
}

/**
 * What a page needs first from the remotes it shows: their manifests, and from each its entry,
 * then its modules' own code and styles.
 */
export interface RemoteCode extends PageCode {
  /**
   * The scripts of what the shell loads once the page has (the contract's `afterLoad`): not hinted,
   * but the page's all the same (the size budget counts them).
   */
  later: string[];
  /** The manifests the page carries, by URL as configured: those this gateway serves itself. */
  carried: Record<string, unknown>;
  /** The manifests it cannot carry (on another origin, unreadable or too large), to preload. */
  manifests: string[];
}

/** A manifest as read: what the hints use of it, and the whole of it, for a page to carry. */
export interface ReadManifest {
  manifest: Manifest;
  json: unknown;
}

/** A remote's file name is a plain relative path: no scheme, no way up, nothing to escape. */
const SAFE_FILE = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(?:js|css)$/;

/**
 * The folder a manifest this gateway serves itself (under /remotes/ or /releases/) lives in on
 * disk, with the rest of that remote's build; undefined for a manifest on another origin.
 */
export function localFolderOf(remoteNames: string[], appsRoot: string, releasesDir: string) {
  return (url: string): string | undefined => {
    const local = /^\/remotes\/([a-z]+)\/mf-manifest\.json$/.exec(url);
    if (local?.[1] && remoteNames.includes(local[1])) {
      return path.join(appsRoot, `remote-${local[1]}`, 'dist');
    }
    const released = /^\/releases\/([a-z]+\/[\w.-]+)\/mf-manifest\.json$/.exec(url);
    if (released?.[1] && !released[1].includes('..')) {
      return path.join(releasesDir, released[1]);
    }
    return undefined;
  };
}

/** The largest manifest a page carries (ours are about 5 KB); a larger one is preloaded. */
export const MAX_CARRIED_MANIFEST_CHARS = 32 * 1024;

/**
 * Reads the manifests this gateway serves itself from disk, again only when a file changes.
 * Manifests on another origin, or too large to carry, give no hints.
 */
export function createManifestReader(folderOf: (manifestUrl: string) => string | undefined) {
  const cache = new Map<string, { mtimeMs: number; read: ReadManifest | undefined }>();

  function fileFor(url: string): string | undefined {
    const folder = folderOf(url);
    return folder && path.join(folder, 'mf-manifest.json');
  }

  return (url: string): ReadManifest | undefined => {
    const file = fileFor(url);
    if (!file) return undefined;
    try {
      const { mtimeMs } = fs.statSync(file);
      const seen = cache.get(file);
      if (seen?.mtimeMs === mtimeMs) return seen.read;
      const text = fs.readFileSync(file, 'utf8');
      const json: unknown = JSON.parse(text);
      const parsed =
        text.length <= MAX_CARRIED_MANIFEST_CHARS ? v.safeParse(manifestSchema, json) : undefined;
      const read = parsed?.success ? { manifest: parsed.output, json } : undefined;
      cache.set(file, { mtimeMs, read });
      return read;
    } catch {
      return undefined;
    }
  };
}

export type ManifestReader = ReturnType<typeof createManifestReader>;

/**
 * The remote modules a page loads first, by remote: { header: ['Header', …], … }: the teams'
 * models (every page, bare ones too), the layout's and the route's.
 */
export function modulesOnPage(
  contract: PageContract,
  { shows, bare }: PageRequest,
): Record<string, string[]> {
  const byRemote: Record<string, string[]> = {};
  const layout = bare ? [] : contract.layout.map((part) => part.module);
  const models = Object.values(contract.models);
  for (const id of [...models, ...layout, ...(shows?.remote ? [shows.remote] : [])]) {
    const [remote = '', name = ''] = id.split('/');
    (byRemote[remote] ??= []).push(name);
  }
  return byRemote;
}

/** Where a remote's files are served: its manifest's folder, ending in a slash. */
export function remoteBase(manifestUrl: string): string {
  return manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
}

/** What a page loads from the remotes, first and once it has loaded, as URLs. */
export function remoteCodeFor(
  contract: PageContract,
  remotes: RemotesConfig,
  page: PageRequest,
  readManifest: ManifestReader,
): RemoteCode {
  const onPage = modulesOnPage(contract, page);
  const afterLoad = contract.layout.filter((part) => part.afterLoad).map((part) => part.module);
  const code: RemoteCode = { carried: {}, manifests: [], scripts: [], later: [], styles: [] };
  for (const [remote, manifestUrl] of Object.entries(remotes)) {
    const names = onPage[remote];
    if (!names) continue;
    const read = readManifest(manifestUrl);
    if (!read) {
      code.manifests.push(manifestUrl);
      continue;
    }
    code.carried[manifestUrl] = read.json;
    const { manifest } = read;
    const base = remoteBase(manifestUrl);
    const { name, path: entryPath } = manifest.metaData.remoteEntry;
    const firstScreen = names.filter((n) => !afterLoad.includes(`${remote}/${n}`));
    const files = { scripts: [] as string[], later: [] as string[], styles: [] as string[] };
    (firstScreen.length > 0 ? files.scripts : files.later).push(
      entryPath ? `${entryPath}/${name}` : name,
    );
    for (const expose of manifest.exposes.filter((e) => names.includes(e.name))) {
      (firstScreen.includes(expose.name) ? files.scripts : files.later).push(
        ...expose.assets.js.sync,
      );
      files.styles.push(...expose.assets.css.sync);
    }
    const urls = (list: string[]) =>
      [...new Set(list)].filter((file) => SAFE_FILE.test(file)).map((file) => `${base}${file}`);
    code.scripts.push(...urls(files.scripts));
    code.later.push(...urls(files.later));
    code.styles.push(...urls(files.styles));
  }
  return code;
}

/**
 * Preload hints for a page's code (its manifests come with the configuration), so it downloads
 * alongside the shell's own. Styles `linked` says so of are linked as style sheets
 * instead (the page carries them inline, or its first paint must wait for them).
 */
export function codeHints(
  { scripts, styles }: PageCode,
  linked: (url: string) => boolean = () => false,
): string {
  return [
    ...styles.map((url) =>
      linked(url)
        ? `<link rel="stylesheet" href="${url}">`
        : `<link rel="preload" as="style" href="${url}">`,
    ),
    ...scripts.map((url) => `<link rel="preload" as="script" href="${url}">`),
  ].join('');
}
