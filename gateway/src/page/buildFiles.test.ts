import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import { makeAppsRoot, testGatewayOptions, writeIn } from '../test-support/contract';
import { cacheControlFor } from './buildFiles';

describe('cache headers', () => {
  it.each([
    ['230.9c79ea49.js', 'public, max-age=31536000, immutable'],
    ['__federation_expose_Header.13ef2d03.css', 'public, max-age=31536000, immutable'],
    ['assets/logo.1a2b3c4d.svg', 'public, max-age=31536000, immutable'],
    ['230.9c79ea49.js.br', 'public, max-age=31536000, immutable'],
    ['remoteEntry.js', 'no-cache'],
    ['remoteEntry.js.gz', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['main.js', 'no-cache'],
    ['index.html', 'no-cache'],
  ])('%s -> %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('the server renderers, read by the gateway, never served', () => {
  let gateway: FastifyInstance;
  beforeAll(async () => {
    const appsRoot = makeAppsRoot();
    for (const build of ['shell/dist', 'remote-header/dist', 'deploy/remotes/header/2']) {
      writeIn(appsRoot, `${build}/server/pages.js`, 'var renderer;');
      writeIn(appsRoot, `${build}/server/pages.js.br`, 'renderer, compressed');
      writeIn(appsRoot, `${build}/server/230.9c79ea49.js`, 'var chunk;');
      writeIn(appsRoot, `${build}/230.9c79ea49.js`, 'var served;');
      writeIn(appsRoot, `${build}/remoteEntry.js`, 'var entry;');
    }
    gateway = await buildGateway({
      ...testGatewayOptions(appsRoot, 'http://127.0.0.1:9'),
      headReadBudgetMs: 0,
      serverRenderBudgetMs: 0,
    });
  });
  afterAll(() => gateway.close());

  it.each(['/', '/remotes/header/', '/releases/header/2/'])(
    'under %s, server/ is not found in any spelling; the build’s other files are served',
    async (base) => {
      // An encoded letter is refused as a path in no canonical spelling (canonicalPaths.ts).
      for (const [file, status] of [
        ['server/pages.js', 404],
        ['server/pages.js.br', 404],
        ['server/230.9c79ea49.js', 404],
        ['server/%70ages.js', 400],
        ['./server/pages.js', 404],
        ['x/../server/pages.js', 404],
        ['%73erver/pages.js', 400],
      ] as const) {
        for (const method of ['GET', 'HEAD'] as const) {
          const answer = await gateway.inject({
            method,
            url: `${base}${file}`,
            headers: { 'accept-encoding': 'br, gzip' },
          });
          expect({ method, file, status: answer.statusCode }).toEqual({ method, file, status });
          expect(answer.body).not.toMatch(/renderer|chunk/);
        }
      }
      expect((await gateway.inject({ url: `${base}230.9c79ea49.js` })).body).toBe('var served;');
      expect((await gateway.inject({ url: `${base}remoteEntry.js` })).statusCode).toBe(200);
    },
  );
});
