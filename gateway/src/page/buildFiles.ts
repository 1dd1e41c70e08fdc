import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createAssetCache, isServerOnly, type AssetCache, type Mount } from './assetCache';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What the browser revalidates on every use: pages, manifests, entries, remotes.json. */
export const REVALIDATE = 'no-cache';

/** Hashed build output ([name].[contenthash:8].ext) never changes under its name. */
export function cacheControlFor(filePath: string): string {
  // A precompressed copy (x.js.br, x.js.gz) is cached as the file it compresses.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  return /\.[0-9a-f]{8}\.[a-z0-9]+$/i.test(name) ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the builds' files, one list of mounts for all: a hashed file (which never changes under
 * its name) from memory after its first request, in the encoding the browser prefers; any other
 * file from disk (@fastify/static, with its precompressed copies and conditional requests),
 * revalidated. The memory cache is returned for the page, which carries some sheets inline. A
 * build's server renderer (its `server/` folder) is not found, as any unknown file.
 */
export async function registerBuildFiles(
  app: FastifyInstance,
  mounts: readonly Mount[],
): Promise<AssetCache> {
  const assets = createAssetCache(mounts);
  app.addHook('onRequest', (request, reply, done) => {
    const hit =
      request.method === 'GET'
        ? assets.lookup(request.url.split('?')[0] ?? '', request.headers['accept-encoding'] ?? '')
        : undefined;
    if (!hit) {
      done();
      return;
    }
    void reply
      .header('Cache-Control', IMMUTABLE)
      .header('Content-Type', hit.type)
      .header('Vary', 'Accept-Encoding');
    if (hit.encoding) void reply.header('Content-Encoding', hit.encoding);
    void reply.send(hit.body);
  });
  const setHeaders = (res: { setHeader(name: string, value: string): void }, file: string) => {
    res.setHeader('Cache-Control', cacheControlFor(file));
  };
  for (const [index, mount] of mounts.entries()) {
    const { prefix, root } = mount;
    await app.register(fastifyStatic, {
      root,
      prefix,
      allowedPath: (pathName) => !isServerOnly(mount, path.join(root, pathName)),
      // The reply's sendFile is decorated once.
      decorateReply: index === 0,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders,
    });
  }
  return assets;
}
