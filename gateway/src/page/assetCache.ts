import fs from 'node:fs';
import path from 'node:path';

/** A content-hashed file kept in memory with its precompressed copies. */
interface Asset {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const HASHED = /\.[0-9a-f]{8}\.(js|css|svg|png|webp|woff2)$/i;
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  woff2: 'font/woff2',
};
const MAX_BYTES = 128 * 1024 * 1024;

function readIfPresent(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** A folder of built files and the URL prefix it is served under. */
export interface Mount {
  prefix: string;
  root: string;
  /**
   * How many folders down the builds sit: 0 when the root is a build's dist/, 2 for released
   * remotes (<name>/<version>/). Default 0.
   */
  buildDepth?: number;
}

/**
 * Whether a file is in a build's `server/` folder: its server renderer (pages.js and its
 * chunks), which the gateway reads from disk to render pages and never serves.
 */
export function isServerOnly({ root, buildDepth = 0 }: Mount, file: string): boolean {
  const segments = path.relative(root, file).split(path.sep);
  return segments.length > buildDepth + 1 && segments[buildDepth] === 'server';
}

/**
 * Hashed build files never change under their name, so after the first request they are served
 * from memory, in the encoding the browser prefers. Anything else goes to the static handler.
 */
export function createAssetCache(mounts: readonly Mount[]) {
  const assets = new Map<string, Asset | null>();
  let bytes = 0;

  function locate(pathname: string): string | undefined {
    const mount = mounts.find((m) => pathname.startsWith(m.prefix));
    if (!mount) return undefined;
    const relative = decodeURIComponent(pathname.slice(mount.prefix.length));
    const file = path.resolve(mount.root, relative);
    const inside = file.startsWith(`${path.resolve(mount.root)}${path.sep}`);
    return inside && !isServerOnly(mount, file) ? file : undefined;
  }

  function load(pathname: string): Asset | null {
    const file = locate(pathname);
    const identity = file ? readIfPresent(file) : undefined;
    if (!file || !identity) return null;
    const extension = path.extname(file).slice(1).toLowerCase();
    const asset: Asset = { type: TYPES[extension] ?? 'application/octet-stream', identity };
    const br = readIfPresent(`${file}.br`);
    const gzip = readIfPresent(`${file}.gz`);
    if (br) asset.br = br;
    if (gzip) asset.gzip = gzip;
    return asset;
  }

  return {
    /** The cached file for a URL path and the encoding to send, if the path is a hashed asset. */
    lookup(
      pathname: string,
      acceptEncoding: string,
    ): { body: Buffer; type: string; encoding?: string } | undefined {
      if (!HASHED.test(pathname)) return undefined;
      let asset = assets.get(pathname);
      if (asset === undefined) {
        try {
          asset = load(pathname);
        } catch {
          asset = null;
        }
        // Missing files are not remembered: a release may add them later.
        if (asset && bytes < MAX_BYTES) {
          assets.set(pathname, asset);
          bytes += asset.identity.length + (asset.br?.length ?? 0) + (asset.gzip?.length ?? 0);
        }
      }
      if (!asset) return undefined;
      if (asset.br && /\bbr\b/.test(acceptEncoding))
        return { body: asset.br, type: asset.type, encoding: 'br' };
      if (asset.gzip && /\bgzip\b/.test(acceptEncoding)) {
        return { body: asset.gzip, type: asset.type, encoding: 'gzip' };
      }
      return { body: asset.identity, type: asset.type };
    },
  };
}

export type AssetCache = ReturnType<typeof createAssetCache>;
