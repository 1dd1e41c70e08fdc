import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import type { HeadInput, ServerDrawing, ServerRenderInput } from 'shared-store/server';
import { createBackendHtml } from '../plugins/backendHtml';
import { pathOf } from '../plugins/canonicalPaths';
import { createResponseCache } from '../proxy/responseCache';
import { createWordPressReads } from '../proxy/wordpressReads';
import { STOREFRONT_CONTRACT } from '../test-support/contract';
import { eventually } from '../test-support/eventually';
import { pageRequest } from './remoteHints';
import {
  DISCOVERY_LIMITS,
  MAX_CARRIED_READS_BYTES,
  createRouteRenders,
  createServerRenderers,
  type RouteRenderer,
  type ServerRenderers,
} from './serverRender';
import { createAnswerJson } from './wordpressAnswers';
import {
  COURSES,
  EVENTS,
  LOCATION,
  POSTS,
  CATEGORIES,
  RESULTS,
  ANSWERS,
} from '../test-support/renderedReads';

function folderWith(files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'server-renderer-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
  return folder;
}

/** The markup of a render. */
const htmlOf = async (drawn: Promise<ServerDrawing | undefined> | undefined) => (await drawn)?.html;

/** What a page hands a renderer, with these reads. */
const input = (reads: Record<string, unknown> = {}): ServerRenderInput => ({
  path: '/',
  pattern: '/',
  reads,
});

describe('a remote’s server renderers, in their own process', () => {
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
  };
  const opened: ServerRenderers[] = [];
  /** Renderers for these folders by manifest URL, closed after the test. */
  const renderersFor = (
    folderOf: (url: string) => string | undefined,
    options?: Parameters<typeof createServerRenderers>[2],
  ) => {
    const renderers = createServerRenderers(folderOf, warn, options);
    opened.push(renderers);
    return renderers;
  };
  beforeEach(() => {
    warnings.length = 0;
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((renderers) => renderers.close()));
  });

  it('runs the renderer the page names among those the file deployed beside the manifest exports, with what the gateway lends it', async () => {
    const folder = folderWith({
      'server/pages.js':
        "const { sep } = require('node:path');\n" +
        'exports.renderers = {\n' +
        '  hero: ({ reads }) => `<h1>${reads.banner[0].title}${sep}</h1>`,\n' +
        '  courseList: ({ path, pattern }) => `<h1>${path} ${pattern}</h1>`,\n' +
        '};',
    });
    const renderers = renderersFor(() => folder);
    const renderer = await renderers.load('/remotes/home/mf-manifest.json');
    await expect(
      htmlOf(renderer?.render('hero', input({ banner: [{ title: 'Hi' }] }))),
    ).resolves.toBe(`<h1>Hi${path.sep}</h1>`);
    await expect(
      htmlOf(renderer?.render('courseList', { path: '/courses', pattern: '/courses', reads: {} })),
    ).resolves.toBe('<h1>/courses /courses</h1>');
    expect(renderers.readyFor('/remotes/home/mf-manifest.json')).toBe(renderer);
  });

  it('passes on the reads a renderer tells it wanted, strings only, with its markup; none from a renderer that tells none', async () => {
    const folder = folderWith({
      'server/pages.js':
        'exports.renderers = {\n' +
        '  course: () => ({ html: "<h1>PLAB</h1>", wanted: ["/api/shop/prices?ids=3103", 7, null, {}] }),\n' +
        '  hero: () => "<h1>Hi</h1>",\n' +
        '};',
    });
    const renderer = await renderersFor(() => folder).load('/m.json');
    await expect(renderer?.render('course', input())).resolves.toEqual({
      html: '<h1>PLAB</h1>',
      wanted: ['/api/shop/prices?ids=3103'],
    });
    await expect(renderer?.render('hero', input())).resolves.toEqual({
      html: '<h1>Hi</h1>',
      wanted: [],
    });
  });

  it('a name the file has no renderer for is an error for that render alone: the next one is drawn', async () => {
    const folder = folderWith({
      'server/pages.js': 'exports.renderers = { hero: () => "<h1>Hi</h1>" };',
    });
    const renderer = await renderersFor(() => folder).load('/m.json');
    for (const name of ['event', 'constructor', '__proto__', 'toString']) {
      await expect(htmlOf(renderer?.render(name, input()))).rejects.toThrow(
        `The file has no renderer named ${name}.`,
      );
    }
    await expect(htmlOf(renderer?.render('hero', input()))).resolves.toBe('<h1>Hi</h1>');
    expect(warnings).toEqual([]);
  });

  it('runs a head reader the file exports beside its renderers, and passes on what it says as it says it, for the caller to check', async () => {
    const folder = folderWith({
      'server/pages.js':
        'exports.renderers = { hero: () => "<h1>Hi</h1>" };\n' +
        'exports.heads = {\n' +
        '  course: ({ path, url, reads }) => ({ about: { name: path, description: url, reads } }),\n' +
        '  event: () => ({ wanted: 7 }),\n' +
        '  location: () => { throw new Error("no centre"); },\n' +
        '};',
    });
    const renderer = await renderersFor(() => folder).load('/m.json');
    const head = renderer?.head;
    const reads: HeadInput['reads'] = {
      '/wp-json/wp/v2/courseList': { json: [] },
      '/wp-json/wp/v2/course/1': 'absent',
    };
    await expect(
      head?.('course', { path: '/courses/a', pattern: '/courses/:slug', url: 'https://x/', reads }),
    ).resolves.toEqual({ about: { name: '/courses/a', description: 'https://x/', reads } });
    await expect(
      head?.('event', {
        path: '/events/a',
        pattern: '/events/:slug',
        url: 'https://x/',
        reads: {},
      }),
    ).resolves.toEqual({ wanted: 7 });
    await expect(
      head?.('location', { path: '/locations/1', pattern: '/locations/:id', url: '', reads: {} }),
    ).rejects.toThrow('no centre');
    await expect(
      head?.('post', { path: '/blogs/a', pattern: '/blogs/:slug', url: '', reads: {} }),
    ).rejects.toThrow('The file has no head reader named post.');
    await expect(htmlOf(renderer?.render('hero', input()))).resolves.toBe('<h1>Hi</h1>');
  });

  it.each([
    ['no head readers (a release from before them)', ''],
    ['head readers that are not functions', 'exports.heads = { course: "x" };'],
  ])('a file with %s has its renderers, and no head reader', async (_what, heads) => {
    const folder = folderWith({
      'server/pages.js': `exports.renderers = { hero: () => "<h1>Hi</h1>" };\n${heads}`,
    });
    const renderer = await renderersFor(() => folder).load('/m.json');
    expect(renderer?.head).toBeUndefined();
    await expect(htmlOf(renderer?.render('hero', input()))).resolves.toBe('<h1>Hi</h1>');
    expect(warnings).toEqual([]);
  });

  it('a head reader that runs past its time is stopped with its process, as a renderer is', async () => {
    const folder = folderWith({
      'server/pages.js':
        'exports.renderers = { hero: () => "<h1>Hi</h1>" };\n' +
        'exports.heads = { course: () => { for (;;) {} } };',
    });
    const renderers = renderersFor(() => folder, { limitsMs: { load: 5000, render: 300 } });
    const renderer = await renderers.load('/m.json');
    await expect(
      renderer?.head?.('course', {
        path: '/courses/a',
        pattern: '/courses/:slug',
        url: '',
        reads: {},
      }),
    ).resolves.toBeUndefined();
    expect(warnings.some((warning) => warning.includes('ran past its time limit'))).toBe(true);
    expect(renderers.readyFor('/m.json')).toBeUndefined();
  });

  it('is not ready until its process has loaded it; loads a new version of the file once, when it changes', async () => {
    const folder = folderWith({ 'server/pages.js': 'exports.renderers = { hero: () => "one" };' });
    const renderers = renderersFor(() => folder);
    // The page that finds it loading goes without it: the gateway does not wait for it.
    expect(renderers.readyFor('/m.json')).toBeUndefined();
    const first = await renderers.load('/m.json');
    expect(await renderers.load('/m.json')).toBe(first);
    const file = path.join(folder, 'server', 'pages.js');
    fs.writeFileSync(file, 'exports.renderers = { hero: () => "two" };');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await expect(htmlOf((await renderers.load('/m.json'))?.render('hero', input()))).resolves.toBe(
      'two',
    );
    // The old version's process is gone: it renders nothing any more.
    await expect(htmlOf(first?.render('hero', input()))).resolves.toBeUndefined();
  });

  it('gives no renderer for a manifest on another origin, a missing file or a broken one, and says why once', async () => {
    const broken = folderWith({ 'server/pages.js': 'throw new Error("boom");' });
    // A release from before every route's first screen was rendered: its one file is the hero's.
    const heroOnly = folderWith({ 'server/hero.js': 'exports.renderHero = () => "<h1>Hi</h1>";' });
    const folders: Record<string, string | undefined> = {
      '/broken.json': broken,
      '/hero-only.json': heroOnly,
      '/missing.json': folderWith({}),
    };
    const renderers = renderersFor((url) => folders[url]);
    await expect(renderers.load('https://cdn.example/home/mf-manifest.json')).resolves.toBe(
      undefined,
    );
    await expect(renderers.load('/missing.json')).resolves.toBeUndefined();
    await expect(renderers.load('/broken.json')).resolves.toBeUndefined();
    await expect(renderers.load('/broken.json')).resolves.toBeUndefined();
    await expect(renderers.load('/hero-only.json')).resolves.toBeUndefined();
    expect(warnings).toEqual([
      expect.stringContaining(
        'could not be loaded: its pages are served without their server render.',
      ),
    ]);
  });

  it.each([
    ['no renderers', 'exports.renderHero = () => "<h1>Hi</h1>";'],
    ['renderers that are a function', 'exports.renderers = () => "<h1>Hi</h1>";'],
    ['renderers that are a list', 'exports.renderers = [() => "<h1>Hi</h1>"];'],
    ['a renderer that is not a function', 'exports.renderers = { hero: () => "", course: "x" };'],
    ['renderers that are null', 'exports.renderers = null;'],
  ])('a file exporting %s is invalid: no renderer, said once', async (_what, code) => {
    const folder = folderWith({ 'server/pages.js': code });
    const renderers = renderersFor(() => folder);
    await expect(renderers.load('/m.json')).resolves.toBeUndefined();
    await expect(renderers.load('/m.json')).resolves.toBeUndefined();
    expect(warnings).toEqual([
      expect.stringContaining(
        'exports no renderers (an object of functions): its pages are served without their server render.',
      ),
    ]);
  });

  it('stops a renderer that runs past its time limit, goes without it for a while, then tries a fresh copy', async () => {
    const folder = folderWith({
      'server/pages.js':
        'let renders = 0;\n' +
        'exports.renderers = {\n' +
        '  hero: ({ reads }) => { renders += 1; while (reads.loop) {} return `<h1>${renders}</h1>`; },\n' +
        '};',
    });
    let clock = 1000;
    const renderers = renderersFor(() => folder, {
      limitsMs: { load: 5000, render: 100 },
      pauseMs: 60_000,
      now: () => clock,
    });
    const renderer = await renderers.load('/m.json');
    await expect(htmlOf(renderer?.render('hero', input({ loop: false })))).resolves.toBe(
      '<h1>1</h1>',
    );
    // A render that never ends would never resolve: only the time limit can end it.
    await expect(htmlOf(renderer?.render('hero', input({ loop: true })))).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('ran past its time limit')]);
    clock += 59_000;
    await expect(renderers.load('/m.json')).resolves.toBeUndefined();
    clock += 1000;
    // A fresh copy: nothing of the stopped one's state is left.
    await expect(
      htmlOf((await renderers.load('/m.json'))?.render('hero', input({ loop: false }))),
    ).resolves.toBe('<h1>1</h1>');
  });

  it('while a renderer loops, the gateway’s own thread goes on', async () => {
    const folder = folderWith({
      'server/pages.js': 'exports.renderers = { hero: () => { for (;;) {} } };',
    });
    const renderers = renderersFor(() => folder, { limitsMs: { load: 5000, render: 500 } });
    const renderer = await renderers.load('/m.json');
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    await expect(htmlOf(renderer?.render('hero', input()))).resolves.toBeUndefined();
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(10);
  });

  it('stops a renderer whose loading never ends, and serves without it', async () => {
    const folder = folderWith({
      'server/pages.js': 'for (;;) {}\nexports.renderers = { hero: () => "<h1>Hi</h1>" };',
    });
    const renderers = renderersFor(() => folder, { limitsMs: { load: 300, render: 50 } });
    await expect(renderers.load('/m.json')).resolves.toBeUndefined();
    await expect(renderers.load('/m.json')).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('ran past its time limit')]);
  });

  it('stops a renderer that runs out of memory, and the gateway goes on', async () => {
    const folder = folderWith({
      'server/pages.js':
        'const kept = [];\n' +
        'exports.renderers = { hero: () => { for (;;) kept.push(new Array(1e5).fill(kept.length)); } };',
    });
    const renderers = renderersFor(() => folder, {
      limitsMs: { load: 5000, render: 20_000 },
      memoryMb: 32,
    });
    const renderer = await renderers.load('/m.json');
    await expect(htmlOf(renderer?.render('hero', input()))).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('ran out of memory (32 MB)')]);
    expect(renderers.readyFor('/m.json')).toBeUndefined();
  });

  it('a renderer may require Node’s own modules, and no package: its build carries them', async () => {
    const folder = folderWith({
      'server/pages.js':
        "const { escape } = require('node:querystring');\n" +
        'exports.renderers = {\n' +
        '  hero: ({ reads }) => {\n' +
        '    try { require("react"); } catch (error) { return `${escape(reads.text)} ${error.code}`; }\n' +
        '    return "react was found";\n' +
        '  },\n' +
        '};',
    });
    const renderer = await renderersFor(() => folder).load('/m.json');
    await expect(htmlOf(renderer?.render('hero', input({ text: 'a b' })))).resolves.toBe(
      'a%20b MODULE_NOT_FOUND',
    );
  });

  describe('release code on the server holds no secret', () => {
    const secret = 'cs_test_4f1d9a_secret';
    const saved = process.env.WC_CONSUMER_SECRET;
    beforeEach(() => {
      // As in a gateway started with its secrets in the environment.
      process.env.WC_CONSUMER_SECRET = secret;
    });
    afterEach(() => {
      if (saved === undefined) delete process.env.WC_CONSUMER_SECRET;
      else process.env.WC_CONSUMER_SECRET = saved;
    });
    /** A renderer file of this code, which defines its renderer `hero`, loaded. */
    const load = async (code: string) => {
      const folder = folderWith({ 'server/pages.js': `${code}\nexports.renderers = { hero };` });
      const renderer = await renderersFor(() => folder).load('/m.json');
      expect(renderer).toBeDefined();
      return renderer;
    };
    /** Release code's way to try things: each attempt's result, or the code of its error. */
    const attempt =
      'const attempt = (f) => { try { return String(f()); } catch (error) { return error.code ?? error.message; } };\n';

    it('release code sees an empty environment', async () => {
      const renderer = await load(
        'const atLoad = JSON.stringify(process.env);\n' +
          'const hero = () => atLoad + JSON.stringify(process.env);',
      );
      await expect(htmlOf(renderer?.render('hero', input()))).resolves.toBe('{}{}');
    });

    it('release code cannot read the process environment from /proc', async () => {
      // The gateway's own starting environment is there, for any reader the model does not stop.
      expect(fs.readFileSync('/proc/self/environ', 'utf8')).toContain('PATH=');
      const renderer = await load(
        attempt +
          "const fs = require('node:fs');\n" +
          'const hero = () => [\n' +
          "  attempt(() => fs.readFileSync('/proc/self/environ', 'utf8')),\n" +
          '  attempt(() => fs.readFileSync(`/proc/${process.ppid}/environ`, "utf8")),\n' +
          "  attempt(() => fs.readdirSync('/proc').length),\n" +
          "].join(' ');",
      );
      const seen = await htmlOf(renderer?.render('hero', input()));
      expect(seen).toBe('ERR_ACCESS_DENIED ERR_ACCESS_DENIED ERR_ACCESS_DENIED');
      expect(seen).not.toContain(secret);
    });

    it('release code cannot read files outside its release', async () => {
      const config = folderWith({ '.env': `WC_CONSUMER_SECRET=${secret}\n` });
      const release = folderWith({
        'server/pages.js':
          attempt +
          "const fs = require('node:fs');\n" +
          "const { createRequire } = require('node:module');\n" +
          'exports.renderers = { hero: ({ reads: { files } }) => [\n' +
          "  ...files.map((file) => attempt(() => fs.readFileSync(file, 'utf8'))),\n" +
          '  attempt(() => require(files[0])),\n' +
          '  attempt(() => createRequire(__filename)(files[0])),\n' +
          "].join(' ') };",
      });
      // The permission model follows links, so the release's folder is not readable either.
      fs.symlinkSync(path.join(config, '.env'), path.join(release, 'server', 'env'));
      const renderer = await renderersFor(() => release).load('/m.json');
      const files = [
        path.join(__dirname, '..', '..', 'package.json'),
        path.join(config, '.env'),
        path.join(release, 'server', 'env'),
        path.join(release, 'server', 'pages.js'),
        __filename,
      ];
      const seen = await htmlOf(renderer?.render('hero', input({ files })));
      expect(seen?.split(' ')).toEqual([
        ...files.map(() => 'ERR_ACCESS_DENIED'),
        // Not one of Node's modules; and Node's own require, which release code can make, is
        // denied the file.
        'MODULE_NOT_FOUND',
        'ERR_ACCESS_DENIED',
      ]);
      expect(seen).not.toContain(secret);
    });

    it('a renderer file that is a link is not loaded: it could lead to any file', async () => {
      const real = folderWith({ 'pages.js': 'exports.renderers = { hero: () => "<h1>Hi</h1>" };' });
      const release = folderWith({});
      fs.mkdirSync(path.join(release, 'server'));
      fs.symlinkSync(path.join(real, 'pages.js'), path.join(release, 'server', 'pages.js'));
      await expect(renderersFor(() => release).load('/m.json')).resolves.toBeUndefined();
      expect(warnings).toEqual([expect.stringContaining('could not be loaded')]);
    });

    it('process.binding is not a way around, nor child processes, threads, addons, the inspector or writes', async () => {
      const renderer = await load(
        attempt +
          'const hero = () => JSON.stringify({\n' +
          "  binding: attempt(() => process.binding('fs')),\n" +
          "  spawnBinding: attempt(() => process.binding('spawn_sync')),\n" +
          "  childProcess: attempt(() => require('node:child_process').execSync('env')),\n" +
          "  thread: attempt(() => new (require('node:worker_threads').Worker)('1', { eval: true })),\n" +
          "  addon: attempt(() => process.dlopen({ exports: {} }, '/nonexistent.node')),\n" +
          "  inspector: attempt(() => require('node:inspector').open(0)),\n" +
          "  wasi: attempt(() => new (require('node:wasi').WASI)({ version: 'preview1', preopens: { '/': '/' } })),\n" +
          "  write: attempt(() => require('node:fs').writeFileSync(require('node:os').tmpdir() + '/hero-was-here', 'x')),\n" +
          '  report: attempt(() => process.report.writeReport()),\n' +
          '});',
      );
      expect(JSON.parse((await htmlOf(renderer?.render('hero', input()))) ?? '')).toEqual({
        binding: 'ERR_ACCESS_DENIED',
        spawnBinding: 'ERR_ACCESS_DENIED',
        childProcess: 'ERR_ACCESS_DENIED',
        thread: 'ERR_ACCESS_DENIED',
        addon: 'ERR_DLOPEN_DISABLED',
        inspector: 'ERR_ACCESS_DENIED',
        wasi: 'ERR_ACCESS_DENIED',
        write: 'ERR_ACCESS_DENIED',
        report: 'ERR_ACCESS_DENIED',
      });
    });

    it('release code cannot signal the gateway (SIGUSR1 would open its inspector) or reprioritize it', async () => {
      const renderer = await load(
        attempt +
          'const hero = () => [\n' +
          "  attempt(() => process.kill(process.ppid, 'SIGUSR1')),\n" +
          "  attempt(() => require('node:os').setPriority(process.ppid, 19)),\n" +
          "].join(' | ');",
      );
      await expect(htmlOf(renderer?.render('hero', input()))).resolves.toBe(
        [
          'A server renderer may not signal or reprioritize a process.',
          'A server renderer may not signal or reprioritize a process.',
        ].join(' | '),
      );
    });

    it('release code can still open network connections: Node 20’s permission model does not restrict them', async () => {
      // A documented limit, not a wish: what it could send is what any visitor could.
      const server = net.createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const connected = new Promise((resolve) => server.once('connection', resolve));
      const renderer = await load(
        "const hero = ({ reads }) => { require('node:net').connect(reads.port, '127.0.0.1').on('error', () => {}); return 'sent'; };",
      );
      const { port } = server.address() as net.AddressInfo;
      await expect(htmlOf(renderer?.render('hero', input({ port })))).resolves.toBe('sent');
      await connected;
      await new Promise((resolve) => server.close(resolve));
    });

    it('a renderer’s process is gone once it is stopped or the renderers are closed', async () => {
      const folder = folderWith({
        'server/pages.js':
          'exports.renderers = { hero: ({ reads }) => { while (reads.loop) {} return String(process.pid); } };',
      });
      const renderers = createServerRenderers(() => folder, warn, {
        limitsMs: { load: 5000, render: 100 },
      });
      const gone = (pid: number) => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      };
      const pid = Number(
        await htmlOf((await renderers.load('/m.json'))?.render('hero', input({ loop: false }))),
      );
      expect(pid).not.toBe(process.pid);
      expect(gone(pid)).toBe(false);
      await expect(
        htmlOf(renderers.readyFor('/m.json')?.render('hero', input({ loop: true }))),
      ).resolves.toBeUndefined();
      await renderers.close();
      expect(gone(pid)).toBe(true);
    });
  });
});

describe('a route’s first screen rendered on the server', () => {
  const upstream = Fastify();
  /** Each request that reached WordPress, as it arrived. */
  const hits: string[] = [];
  /** A test's own answer for a path. */
  const answers = new Map<string, (reply: FastifyReply) => unknown>();
  let url = '';
  const html = createBackendHtml({
    site: 'https://shop.example',
    wordpress: 'https://www.example-academy.test',
  });
  beforeAll(async () => {
    upstream.get('/*', (request, reply) => {
      const path = pathOf(request.url);
      hits.push(request.url);
      const answer = answers.get(path);
      if (answer) return answer(reply);
      return path in ANSWERS
        ? ANSWERS[path]
        : reply.code(404).send({ code: 'rest_no_route', message: 'No route.' });
    });
    url = await upstream.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    html.close();
    upstream.server.closeAllConnections();
    await upstream.close();
  });

  const warnings: string[] = [];
  let clock = 1000;
  /** The gateway's own reads (the shop's, commerce's publicRead) by URL, as a test sets them. */
  const ownAnswers = new Map<string, () => Promise<unknown>>();
  /** Each URL the gateway's own reads were asked about. */
  const ownAsked: string[] = [];
  const ownReads = (address: string) => {
    ownAsked.push(address);
    return ownAnswers.get(address)?.();
  };
  /** Route renders over a read cache of their own, as a fresh gateway has. */
  const rendersWithin = (budgetMs: number) =>
    createRouteRenders({
      ownReads,
      contract: STOREFRONT_CONTRACT,
      wordpress: createWordPressReads({
        cache: createResponseCache(),
        wordpressUrl: url,
        publicUrl: new URL('https://shop.example'),
        timeoutMs: 2000,
        html,
        log: () => undefined,
        upstreamFailed: () => undefined,
      }),
      json: createAnswerJson(),
      budgetMs,
      warn: (message) => warnings.push(message),
      now: () => clock,
    });
  let renders = rendersWithin(2000);
  /** What the renderer was asked to draw. */
  const drawn: { name: string; input: ServerRenderInput }[] = [];
  /** A renderer that draws the name it is given. */
  const drawing: RouteRenderer = {
    render(name, input) {
      drawn.push({ name, input });
      return Promise.resolve({ html: `<h1>${name}</h1>`, wanted: [] });
    },
  };
  const page = (address: string) => pageRequest(STOREFRONT_CONTRACT, address);
  beforeEach(() => {
    hits.length = 0;
    answers.clear();
    warnings.length = 0;
    drawn.length = 0;
    ownAnswers.clear();
    ownAsked.length = 0;
    renders = rendersWithin(2000);
  });

  it('the renderer receives exactly the route’s rendered reads’ answers, by served key, and the page carries the same', async () => {
    const course = await renders.renderFor(page('/courses/plab-1'), drawing);
    // The course page's events are read by the page itself: only the course list is rendered.
    const courseReads = { '/wp-json/wp/v2/courseList': COURSES };
    expect(course).toEqual({
      module: 'home/CoursePage',
      html: '<h1>course</h1>',
      reads: courseReads,
    });
    const place = await renders.renderFor(page('/locations/1'), drawing);
    const placeReads = {
      '/wp-json/wp/v2/page-details/location-1': LOCATION,
      '/wp-json/wp/v2/products-with-ticket': EVENTS,
    };
    expect(place).toEqual({
      module: 'home/LocationPage',
      html: '<h1>location</h1>',
      reads: placeReads,
    });
    expect(drawn).toEqual([
      {
        name: 'course',
        input: { path: '/courses/plab-1', pattern: '/courses/:slug', reads: courseReads },
      },
      {
        name: 'location',
        input: { path: '/locations/1', pattern: '/locations/:id', reads: placeReads },
      },
    ]);
    expect(hits).toEqual([
      '/wp-json/wp/v2/courseList',
      '/wp-json/wp/v2/page-details/location-1',
      '/wp-json/wp/v2/products-with-ticket',
    ]);
  });

  it('a shell page’s route is drawn as its page (its module), from exactly its rendered reads by served key, its query’s included', async () => {
    const blogs = await renders.renderFor(page('/blogs'), drawing);
    const blogReads = {
      '/wp-json/wp/v2/posts/?per_page=100': POSTS,
      '/wp-json/wp/v2/categories/?per_page=100': CATEGORIES,
    };
    expect(blogs).toEqual({
      module: 'pages/BlogsPage',
      html: '<h1>blogList</h1>',
      reads: blogReads,
    });
    const search = await renders.renderFor(page('/search?s=%20plab%20&utm_source=mail'), drawing);
    const searchReads = { '/wp-json/custom/v1/search?s=plab': RESULTS };
    expect(search).toEqual({
      module: 'pages/SearchPage',
      html: '<h1>search</h1>',
      reads: searchReads,
    });
    expect(drawn).toEqual([
      { name: 'blogList', input: { path: '/blogs', pattern: '/blogs', reads: blogReads } },
      {
        name: 'search',
        input: {
          path: '/search',
          pattern: '/search',
          search: 's=%20plab%20&utm_source=mail',
          reads: searchReads,
        },
      },
    ]);
    expect(hits).toEqual([
      // WordPress is asked for the list's fields alone (the route table's).
      '/wp-json/wp/v2/posts/?_fields=id%2Cslug%2Cdate%2Ctitle%2Cexcerpt%2Ccategories&per_page=100',
      '/wp-json/wp/v2/categories/?per_page=100',
      '/wp-json/custom/v1/search?s=plab',
    ]);
  });

  it('a renderer is handed, of the browser’s cookies, only those its route names, each only as a short token', async () => {
    const sent = { cart_lines: '2', token: 'eyJhbGciOi.secret', sf_orders: '12.s1gn' };
    await renders.renderFor(page('/cart'), drawing, sent);
    await renders.renderFor(page('/cart?cancel_order=true&order_id=7'), drawing, {
      cart_lines: '<img src=x onerror=alert(1)>',
    });
    await renders.renderFor(page('/cart'), drawing, { cart_lines: 'x'.repeat(65) });
    await renders.renderFor(page('/cart'), drawing);
    await renders.renderFor(page('/courses/plab-1'), drawing, sent);
    const cart = { path: '/cart', pattern: '/cart', reads: {} };
    expect(drawn.map(({ input }) => input)).toEqual([
      { ...cart, cookies: { cart_lines: '2' } },
      { ...cart, search: 'cancel_order=true&order_id=7', cookies: {} },
      { ...cart, cookies: {} },
      { ...cart, cookies: {} },
      {
        path: '/courses/plab-1',
        pattern: '/courses/:slug',
        reads: { '/wp-json/wp/v2/courseList': COURSES },
      },
    ]);
  });

  it('a search with no term has no server render, and reads nothing', async () => {
    for (const address of ['/search', '/search?s=%20%20']) {
      await expect(renders.renderFor(page(address), drawing)).resolves.toBeUndefined();
    }
    expect(hits).toEqual([]);
  });

  it('a never-cached read (the banner) is read afresh for each page, with the page’s stamp, sanitized as the proxy serves it, and carried without the stamp', async () => {
    clock = 1000;
    const first = await renders.renderFor(page('/'), drawing);
    clock = 2000;
    await renders.renderFor(page('/'), drawing);
    expect(first).toEqual({
      module: 'home/HomePage',
      html: '<h1>hero</h1>',
      reads: { '/wp-json/wp/v2/home_banner': [{ id: 7, title: 'Pass <img src="x">PLAB' }] },
    });
    expect(hits).toEqual([
      '/wp-json/wp/v2/home_banner?t=1000',
      '/wp-json/wp/v2/home_banner?t=2000',
    ]);
  });

  it('pages of one route at once share one upstream read', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    answers.set('/wp-json/wp/v2/courseList', async () => {
      await answered;
      return COURSES;
    });
    const pages = [1, 2, 3].map(() => renders.renderFor(page('/courses'), drawing));
    await eventually(() => hits.length > 0, 'the course list is asked for');
    answer();
    for (const served of await Promise.all(pages)) {
      expect(served?.reads).toEqual({ '/wp-json/wp/v2/courseList': COURSES });
    }
    expect(hits).toEqual(['/wp-json/wp/v2/courseList']);
  });

  it('a WordPress slower than the budget: no server render, within the budget and a margin', async () => {
    const impatient = rendersWithin(100);
    // WordPress never answers: only the budget can end the wait.
    answers.set('/wp-json/wp/v2/courseList', () => new Promise<never>(() => undefined));
    const started = Date.now();
    await expect(impatient.renderFor(page('/courses'), drawing)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(100 + 200);
    expect(drawn).toEqual([]);
  });

  it('a renderer slower than the budget: no server render, within the budget and a margin', async () => {
    const impatient = rendersWithin(100);
    const endless: RouteRenderer = { render: () => new Promise<never>(() => undefined) };
    const started = Date.now();
    await expect(impatient.renderFor(page('/courses'), endless)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(100 + 200);
  });

  it.each([
    ['garbage', (reply: FastifyReply) => reply.type('application/json').send('[{"id": 2101,')],
    ['a 500', (reply: FastifyReply) => reply.code(500).send({ code: 'internal_error' })],
    ['a 404', (reply: FastifyReply) => reply.code(404).send({ code: 'rest_no_route' })],
    ['HTML', (reply: FastifyReply) => reply.type('text/html').send('<html>maintenance</html>')],
    [
      'an answer over what a page carries',
      (reply: FastifyReply) => reply.send([{ id: 1, title: 'x'.repeat(MAX_CARRIED_READS_BYTES) }]),
    ],
  ])('WordPress answering %s: no server render', async (_what, answer) => {
    answers.set('/wp-json/wp/v2/courseList', answer);
    await expect(renders.renderFor(page('/courses'), drawing)).resolves.toBeUndefined();
    expect(drawn).toEqual([]);
  });

  it('answers each small enough, together over what a page carries: no server render', async () => {
    const half = 'x'.repeat(MAX_CARRIED_READS_BYTES / 2);
    answers.set('/wp-json/wp/v2/page-details/location-1', (reply) =>
      reply.send({ id: 1, title: half }),
    );
    answers.set('/wp-json/wp/v2/products-with-ticket', (reply) =>
      reply.send([{ id: 1, title: half }]),
    );
    await expect(renders.renderFor(page('/locations/1'), drawing)).resolves.toBeUndefined();
    // The same page, its answers as they usually are (read afresh: the large ones were kept).
    answers.clear();
    await expect(rendersWithin(2000).renderFor(page('/locations/1'), drawing)).resolves.toEqual(
      expect.objectContaining({ html: '<h1>location</h1>' }),
    );
  });

  it('a read the proxy does not open (/locations/abc) never reaches WordPress, and the page has no server render', async () => {
    for (const address of ['/locations/abc', '/locations/0', '/locations/1%2F..%2F2']) {
      await expect(renders.renderFor(page(address), drawing)).resolves.toBeUndefined();
    }
    expect(hits).toEqual([]);
    expect(drawn).toEqual([]);
  });

  it('a renderer that throws: no server render, and a warning naming the route', async () => {
    const throwing: RouteRenderer = { render: () => Promise.reject(new Error('bad course')) };
    await expect(renders.renderFor(page('/courses'), throwing)).resolves.toBeUndefined();
    expect(warnings).toEqual([
      'home/CourseListPage could not render /courses (courseList): the page is served without its server render.',
    ]);
  });

  it('a renderer that draws nothing: no server render', async () => {
    for (const nothing of [undefined, { html: '', wanted: [] }]) {
      const blank: RouteRenderer = { render: () => Promise.resolve(nothing) };
      await expect(renders.renderFor(page('/courses'), blank)).resolves.toBeUndefined();
    }
    expect(warnings).toEqual([]);
  });

  it('no renderer running, or a route with no server render: nothing is read', async () => {
    await expect(renders.renderFor(page('/courses'), undefined)).resolves.toBeUndefined();
    for (const address of ['/login', '/no-such-page']) {
      await expect(renders.renderFor(page(address), drawing)).resolves.toBeUndefined();
    }
    expect(hits).toEqual([]);
  });

  describe('what a page’s first render wanted beyond its rendered reads', () => {
    const COURSE_LIST = '/wp-json/wp/v2/courseList';
    const DESCRIPTION = '/wp-json/wp/v2/course/2101';
    const VARIATIONS = '/api/shop/products/3103/variations';
    const PRODUCT = '/api/shop/products/3103';
    const DETAILS = { id: 2101, content: '<p>All of PLAB 1.</p>', highlights: ['200 mocks'] };
    const SIMPLE = { type: 'simple', price: '99.00' };

    /**
     * A renderer that draws the keys of the reads it was handed, and wants what `wants` makes of
     * them, less those it was handed (as a page's reads ask only for what they were not served).
     */
    const wanting = (wants: (reads: Record<string, unknown>) => string[]): RouteRenderer => ({
      render(name, input) {
        drawn.push({ name, input });
        return Promise.resolve({
          html: `<h1>${Object.keys(input.reads).join(' ')}</h1>`,
          wanted: wants(input.reads).filter((address) => !(address in input.reads)),
        });
      },
    });
    /** A course page: its description and month options, then a simple product's one price. */
    const coursePage = wanting((reads) => [
      DESCRIPTION,
      VARIATIONS,
      ...(Array.isArray(reads[VARIATIONS]) && reads[VARIATIONS].length === 0 ? [PRODUCT] : []),
    ]);

    it('are read (a public WordPress read, the shop’s prices), the page drawn again with them, round after round, and carried', async () => {
      answers.set(DESCRIPTION, (reply) => reply.send(DETAILS));
      ownAnswers.set(VARIATIONS, () => Promise.resolve([]));
      ownAnswers.set(PRODUCT, () => Promise.resolve(SIMPLE));
      const served = await renders.renderFor(page('/courses/plab-1'), coursePage);
      const reads = {
        [COURSE_LIST]: COURSES,
        [DESCRIPTION]: DETAILS,
        [VARIATIONS]: [],
        [PRODUCT]: SIMPLE,
      };
      expect(served).toEqual({
        module: 'home/CoursePage',
        html: `<h1>${Object.keys(reads).join(' ')}</h1>`,
        reads,
      });
      expect(drawn.map(({ input }) => Object.keys(input.reads))).toEqual([
        [COURSE_LIST],
        [COURSE_LIST, DESCRIPTION, VARIATIONS],
        Object.keys(reads),
      ]);
      expect(hits).toEqual([COURSE_LIST, DESCRIPTION]);
      expect(ownAsked).toEqual([VARIATIONS, PRODUCT]);
    });

    it('that any visitor could not make alike, or written otherwise than a page’s read, are never read: the page is its first render', async () => {
      const refused = [
        // A parameter its route does not list; a listed one twice.
        '/wp-json/wp/v2/courseList?orderby=price',
        '/wp-json/wp/v2/pages?slug=a&slug=b',
        // Not as a page's read writes it.
        'wp-json/wp/v2/course/2101',
        '/wp-json/wp/v2/course/2101#top',
        '/wp-json/wp/v2/course/2101?',
        '/wp-json/wp/v2/course/2101?s=a b',
        '/wp-json/wp/v2/course/../users/1',
        '/wp-json/wp/v2/cours%65/2101',
        '/WP-JSON/wp/v2/course/2101',
        // Another origin.
        '//evil.example/wp-json/wp/v2/course/2101',
        'https://evil.example/api/shop/prices?ids=3103',
        // The page's stamp: a never-cached read is the page's own.
        '/wp-json/wp/v2/home_banner?t=5',
      ];
      // Written as a read, and not one WordPress is opened for (a learner's own courses are
      // private): the gateway's own reads decide, and answer none of these.
      const notOpen = [
        '/wp-json/wp/v2/usercourses/7',
        '/wp-json/wc/v3/products/3103',
        '/api/shop/orders/12',
      ];
      const served = await renders.renderFor(
        page('/courses/plab-1'),
        wanting(() => [...refused, ...notOpen]),
      );
      expect(served).toEqual({
        module: 'home/CoursePage',
        html: `<h1>${COURSE_LIST}</h1>`,
        reads: { [COURSE_LIST]: COURSES },
      });
      expect(drawn).toHaveLength(1);
      expect(hits).toEqual([COURSE_LIST]);
      expect(ownAsked).toEqual(notOpen);
    });

    it(`are read at most ${String(DISCOVERY_LIMITS.readsPerRound)} a round, in the order wanted, for at most ${String(DISCOVERY_LIMITS.rounds)} renders more`, async () => {
      const course = (id: number) => `/wp-json/wp/v2/course/${String(id)}`;
      for (let id = 1; id <= 40; id += 1) {
        answers.set(course(id), (reply) => reply.send({ id }));
      }
      // Each render wants ten courses more than it was handed: it would never be done.
      const endless = wanting((reads) => {
        const next = Object.keys(reads).length;
        return Array.from({ length: 10 }, (_, index) => course(next + index));
      });
      const served = await renders.renderFor(page('/courses'), endless);
      expect(drawn).toHaveLength(1 + DISCOVERY_LIMITS.rounds);
      const read = hits.filter((hit) => hit.startsWith('/wp-json/wp/v2/course/'));
      expect(read).toHaveLength(DISCOVERY_LIMITS.rounds * DISCOVERY_LIMITS.readsPerRound);
      expect(read.slice(0, DISCOVERY_LIMITS.readsPerRound)).toEqual(
        Array.from({ length: DISCOVERY_LIMITS.readsPerRound }, (_, index) => course(1 + index)),
      );
      expect(Object.keys(served?.reads ?? {})).toHaveLength(1 + read.length);
    });

    it('an answer that would take the page over what it carries is left to the browser; the others are carried', async () => {
      answers.set(DESCRIPTION, (reply) => reply.send(DETAILS));
      ownAnswers.set(VARIATIONS, () =>
        Promise.resolve([{ id: 1, price: 'x'.repeat(MAX_CARRIED_READS_BYTES) }]),
      );
      const served = await renders.renderFor(page('/courses/plab-1'), coursePage);
      expect(served?.reads).toEqual({ [COURSE_LIST]: COURSES, [DESCRIPTION]: DETAILS });
      expect(JSON.stringify(served?.reads).length).toBeLessThan(MAX_CARRIED_READS_BYTES);
    });

    it('a price read that does not come within the budget: the page is served with its first render, its prices left to the browser', async () => {
      // A budget the first render keeps on a busy machine; the shop never answers within it.
      const impatient = rendersWithin(1500);
      ownAnswers.set(VARIATIONS, () => new Promise<never>(() => undefined));
      const served = await impatient.renderFor(
        page('/courses/plab-1'),
        wanting(() => [VARIATIONS]),
      );
      expect(served).toEqual({
        module: 'home/CoursePage',
        html: `<h1>${COURSE_LIST}</h1>`,
        reads: { [COURSE_LIST]: COURSES },
      });
      expect(ownAsked).toEqual([VARIATIONS]);
    });

    it('a render again that does not end within the budget: the page is served with the render before', async () => {
      const impatient = rendersWithin(1500);
      ownAnswers.set(VARIATIONS, () => Promise.resolve([]));
      const stuck: RouteRenderer = {
        render: (name, input) =>
          VARIATIONS in input.reads
            ? new Promise<never>(() => undefined)
            : coursePage.render(name, input),
      };
      await expect(impatient.renderFor(page('/courses/plab-1'), stuck)).resolves.toEqual({
        module: 'home/CoursePage',
        html: `<h1>${COURSE_LIST}</h1>`,
        reads: { [COURSE_LIST]: COURSES },
      });
    });

    it('a render again that throws: the page is served with the render before, and a warning says so', async () => {
      ownAnswers.set(VARIATIONS, () => Promise.resolve([]));
      const throwing: RouteRenderer = {
        render: (name, input) =>
          VARIATIONS in input.reads
            ? Promise.reject(new Error('bad price'))
            : coursePage.render(name, input),
      };
      await expect(renders.renderFor(page('/courses/plab-1'), throwing)).resolves.toEqual({
        module: 'home/CoursePage',
        html: `<h1>${COURSE_LIST}</h1>`,
        reads: { [COURSE_LIST]: COURSES },
      });
      expect(warnings).toEqual([
        'home/CoursePage could not render /courses/:slug (course): the page is served with its render before.',
      ]);
    });

    it('a shop read that fails (an unknown product) is left to the browser', async () => {
      ownAnswers.set(VARIATIONS, () => Promise.reject(new Error('Invalid ID.')));
      const served = await renders.renderFor(page('/courses/plab-1'), coursePage);
      expect(served?.reads).toEqual({ [COURSE_LIST]: COURSES });
    });

    describe('a page viewed again', () => {
      /** The draws of each view of the page, one view after another. */
      const drawsOfViews = async (views: (() => Promise<unknown>)[]) => {
        const counts: number[] = [];
        for (const view of views) {
          const before = drawn.length;
          await view();
          counts.push(drawn.length - before);
        }
        return counts;
      };
      const viewCourse = (renderer: RouteRenderer = coursePage) =>
        renders.renderFor(page('/courses/plab-1'), renderer);

      it('with the same answers is not drawn again: it is served the markup its answers were drawn into', async () => {
        answers.set(DESCRIPTION, (reply) => reply.send(DETAILS));
        ownAnswers.set(VARIATIONS, () => Promise.resolve([]));
        ownAnswers.set(PRODUCT, () => Promise.resolve(SIMPLE));
        const first = await viewCourse();
        const draws = await drawsOfViews([viewCourse, viewCourse]);
        expect(draws).toEqual([0, 0]);
        await expect(viewCourse()).resolves.toEqual(first);
        expect(first?.reads).toEqual({
          [COURSE_LIST]: COURSES,
          [DESCRIPTION]: DETAILS,
          [VARIATIONS]: [],
          [PRODUCT]: SIMPLE,
        });
      });

      it('whose wanted answers changed (a new price) is drawn once: the reads its view before wanted are read before its first draw', async () => {
        answers.set(DESCRIPTION, (reply) => reply.send(DETAILS));
        ownAnswers.set(VARIATIONS, () => Promise.resolve([]));
        ownAnswers.set(PRODUCT, () => Promise.resolve(SIMPLE));
        expect(await drawsOfViews([viewCourse])).toEqual([3]);
        const DEARER = { type: 'simple', price: '109.00' };
        ownAnswers.set(PRODUCT, () => Promise.resolve(DEARER));
        drawn.length = 0;
        const served = await viewCourse();
        expect(drawn.map(({ input }) => input.reads)).toEqual([
          { [COURSE_LIST]: COURSES, [DESCRIPTION]: DETAILS, [VARIATIONS]: [], [PRODUCT]: DEARER },
        ]);
        expect(served?.reads[PRODUCT]).toEqual(DEARER);
      });

      it('whose rendered answers changed (another banner) is drawn from them afresh, and carries only what its render wanted', async () => {
        const HOME_BANNER = '/wp-json/wp/v2/home_banner';
        const course = (id: number) => `/wp-json/wp/v2/course/${String(id)}`;
        answers.set(course(1), (reply) => reply.send({ id: 1 }));
        answers.set(course(2), (reply) => reply.send({ id: 2 }));
        let banner = 1;
        answers.set(HOME_BANNER, (reply) => reply.send([{ id: banner, title: 'Pass PLAB' }]));
        // The home page shows the course its banner names.
        const home = wanting((reads) => {
          const shown = reads[HOME_BANNER];
          return Array.isArray(shown) ? shown.map((item: { id: number }) => course(item.id)) : [];
        });
        const viewHome = () => renders.renderFor(page('/'), home);
        expect(await drawsOfViews([viewHome, viewHome])).toEqual([2, 0]);
        banner = 2;
        drawn.length = 0;
        const served = await viewHome();
        expect(drawn.map(({ input }) => Object.keys(input.reads))).toEqual([
          [HOME_BANNER],
          [HOME_BANNER, course(2)],
        ]);
        expect(Object.keys(served?.reads ?? {})).toEqual([HOME_BANNER, course(2)]);
        expect(await drawsOfViews([viewHome])).toEqual([0]);
      });

      it('whose read its view before wanted does not come in time is drawn without it, within its budget', async () => {
        const impatient = rendersWithin(1500);
        answers.set(DESCRIPTION, (reply) => reply.send(DETAILS));
        ownAnswers.set(VARIATIONS, () => Promise.resolve([]));
        ownAnswers.set(PRODUCT, () => Promise.resolve(SIMPLE));
        await impatient.renderFor(page('/courses/plab-1'), coursePage);
        ownAnswers.set(PRODUCT, () => new Promise<never>(() => undefined));
        const started = Date.now();
        const served = await impatient.renderFor(page('/courses/plab-1'), coursePage);
        expect(Date.now() - started).toBeLessThan(1500 + 200);
        expect(served?.reads).toEqual({
          [COURSE_LIST]: COURSES,
          [DESCRIPTION]: DETAILS,
          [VARIATIONS]: [],
        });
      });

      it('at once with others is drawn once for them all', async () => {
        const views = await Promise.all(
          [1, 2, 3].map(() => renders.renderFor(page('/courses'), drawing)),
        );
        expect(drawn).toHaveLength(1);
        expect(new Set(views.map((view) => view?.html))).toEqual(new Set(['<h1>courseList</h1>']));
      });

      it('is drawn again by a new release of its renderer, and after a render that threw', async () => {
        const released: RouteRenderer = { render: (name, input) => drawing.render(name, input) };
        let throwing = true;
        const flaky: RouteRenderer = {
          render: (name, input) => {
            drawn.push({ name, input });
            return throwing
              ? Promise.reject(new Error('not yet'))
              : Promise.resolve({ html: '<h1>drawn</h1>', wanted: [] });
          },
        };
        const view = (renderer: RouteRenderer) => () =>
          renders.renderFor(page('/courses'), renderer);
        expect(await drawsOfViews([view(drawing), view(released), view(drawing)])).toEqual([
          1, 1, 0,
        ]);
        await expect(view(flaky)()).resolves.toBeUndefined();
        throwing = false;
        await expect(view(flaky)()).resolves.toMatchObject({ html: '<h1>drawn</h1>' });
        expect(await drawsOfViews([view(flaky)])).toEqual([0]);
      });

      it('drawn from a visitor’s cookies (the cart’s lines) is drawn for each view, never served from another’s', async () => {
        const lines = (cart_lines: string) => () =>
          renders.renderFor(page('/cart'), drawing, { cart_lines });
        expect(await drawsOfViews([lines('2'), lines('2'), lines('3')])).toEqual([1, 1, 1]);
      });
    });
  });
});
