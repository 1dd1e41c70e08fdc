import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { createBackendHtml } from '../plugins/backendHtml';
import {
  MAX_CARRIED_BANNER_CHARS,
  createHeroRenderers,
  type HeroRenderers,
  readHomeBanner,
  renderHomeHero,
} from './serverRender';

function folderWith(files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hero-renderer-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
  return folder;
}

describe('the home remote’s hero renderer', () => {
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
  };
  const opened: HeroRenderers[] = [];
  /** Renderers for these folders by manifest URL, closed after the test. */
  const renderersFor = (
    folderOf: (url: string) => string | undefined,
    options?: Parameters<typeof createHeroRenderers>[2],
  ) => {
    const renderers = createHeroRenderers(folderOf, warn, options);
    opened.push(renderers);
    return renderers;
  };
  beforeEach(() => {
    warnings.length = 0;
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((renderers) => renderers.close()));
  });

  it('runs the file deployed beside the manifest, with what the gateway lends it', async () => {
    const folder = folderWith({
      'server/hero.js':
        "const { sep } = require('node:path');\n" +
        'exports.renderHero = (answer) => `<h1>${answer[0].title}${sep}</h1>`;',
    });
    const renderers = renderersFor(() => folder);
    const renderer = await renderers.load('/remotes/home/mf-manifest.json');
    await expect(renderer?.renderHero([{ title: 'Hi' }])).resolves.toBe(`<h1>Hi${path.sep}</h1>`);
    expect(renderers.readyFor('/remotes/home/mf-manifest.json')).toBe(renderer);
  });

  it('is not ready until its process has loaded it; loads a new version of the file once, when it changes', async () => {
    const folder = folderWith({ 'server/hero.js': 'exports.renderHero = () => "one";' });
    const renderers = renderersFor(() => folder);
    // The page that finds it loading goes without it: the gateway does not wait for it.
    expect(renderers.readyFor('/m.json')).toBeUndefined();
    const first = await renderers.load('/m.json');
    expect(await renderers.load('/m.json')).toBe(first);
    const file = path.join(folder, 'server', 'hero.js');
    fs.writeFileSync(file, 'exports.renderHero = () => "two";');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await expect((await renderers.load('/m.json'))?.renderHero([])).resolves.toBe('two');
    // The old version's process is gone: it renders nothing any more.
    await expect(first?.renderHero([])).resolves.toBeUndefined();
  });

  it('gives no renderer for a manifest on another origin, a missing file or a broken one, and says why once', async () => {
    const broken = folderWith({ 'server/hero.js': 'throw new Error("boom");' });
    const empty = folderWith({ 'server/hero.js': 'exports.other = 1;' });
    const folders: Record<string, string | undefined> = {
      '/broken.json': broken,
      '/empty.json': empty,
      '/missing.json': folderWith({}),
    };
    const renderers = renderersFor((url) => folders[url]);
    await expect(renderers.load('https://cdn.example/home/mf-manifest.json')).resolves.toBe(
      undefined,
    );
    await expect(renderers.load('/missing.json')).resolves.toBeUndefined();
    await expect(renderers.load('/broken.json')).resolves.toBeUndefined();
    await expect(renderers.load('/broken.json')).resolves.toBeUndefined();
    await expect(renderers.load('/empty.json')).resolves.toBeUndefined();
    expect(warnings).toEqual([
      expect.stringContaining('could not be loaded'),
      expect.stringContaining('exports no renderHero'),
    ]);
  });

  it('stops a renderer that runs past its time limit, goes without it for a while, then tries a fresh copy', async () => {
    const folder = folderWith({
      'server/hero.js':
        'let renders = 0;\n' +
        'exports.renderHero = (answer) => { renders += 1; while (answer.loop) {} return `<h1>${renders}</h1>`; };',
    });
    let clock = 1000;
    const renderers = renderersFor(() => folder, {
      limitsMs: { load: 5000, render: 100 },
      pauseMs: 60_000,
      now: () => clock,
    });
    const renderer = await renderers.load('/m.json');
    await expect(renderer?.renderHero({ loop: false })).resolves.toBe('<h1>1</h1>');
    // A render that never ends would never resolve: only the time limit can end it.
    await expect(renderer?.renderHero({ loop: true })).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('ran past its time limit')]);
    clock += 59_000;
    await expect(renderers.load('/m.json')).resolves.toBeUndefined();
    clock += 1000;
    // A fresh copy: nothing of the stopped one's state is left.
    await expect((await renderers.load('/m.json'))?.renderHero({ loop: false })).resolves.toBe(
      '<h1>1</h1>',
    );
  });

  it('while a renderer loops, the gateway’s own thread goes on', async () => {
    const folder = folderWith({
      'server/hero.js': 'exports.renderHero = () => { for (;;) {} };',
    });
    const renderers = renderersFor(() => folder, { limitsMs: { load: 5000, render: 500 } });
    const renderer = await renderers.load('/m.json');
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    await expect(renderer?.renderHero([])).resolves.toBeUndefined();
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(10);
  });

  it('stops a renderer whose loading never ends, and serves without it', async () => {
    const folder = folderWith({
      'server/hero.js': 'for (;;) {}\nexports.renderHero = () => "<h1>Hi</h1>";',
    });
    const renderers = renderersFor(() => folder, { limitsMs: { load: 300, render: 50 } });
    await expect(renderers.load('/m.json')).resolves.toBeUndefined();
    await expect(renderers.load('/m.json')).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('ran past its time limit')]);
  });

  it('stops a renderer that runs out of memory, and the gateway goes on', async () => {
    const folder = folderWith({
      'server/hero.js':
        'const kept = [];\n' +
        'exports.renderHero = () => { for (;;) kept.push(new Array(1e5).fill(kept.length)); };',
    });
    const renderers = renderersFor(() => folder, {
      limitsMs: { load: 5000, render: 20_000 },
      memoryMb: 32,
    });
    const renderer = await renderers.load('/m.json');
    await expect(renderer?.renderHero([])).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('ran out of memory (32 MB)')]);
    expect(renderers.readyFor('/m.json')).toBeUndefined();
  });

  it('a renderer may require Node’s own modules, and no package: its build carries them', async () => {
    const folder = folderWith({
      'server/hero.js':
        "const { escape } = require('node:querystring');\n" +
        'exports.renderHero = (answer) => {\n' +
        '  try { require("react"); } catch (error) { return `${escape(answer)} ${error.code}`; }\n' +
        '  return "react was found";\n' +
        '};',
    });
    const renderer = await renderersFor(() => folder).load('/m.json');
    await expect(renderer?.renderHero('a b')).resolves.toBe('a%20b MODULE_NOT_FOUND');
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
    /** A renderer of this code, loaded. */
    const load = async (code: string) => {
      const folder = folderWith({ 'server/hero.js': code });
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
          'exports.renderHero = () => atLoad + JSON.stringify(process.env);',
      );
      await expect(renderer?.renderHero([])).resolves.toBe('{}{}');
    });

    it('release code cannot read the process environment from /proc', async () => {
      // The gateway's own starting environment is there, for any reader the model does not stop.
      expect(fs.readFileSync('/proc/self/environ', 'utf8')).toContain('PATH=');
      const renderer = await load(
        attempt +
          "const fs = require('node:fs');\n" +
          'exports.renderHero = () => [\n' +
          "  attempt(() => fs.readFileSync('/proc/self/environ', 'utf8')),\n" +
          '  attempt(() => fs.readFileSync(`/proc/${process.ppid}/environ`, "utf8")),\n' +
          "  attempt(() => fs.readdirSync('/proc').length),\n" +
          "].join(' ');",
      );
      const seen = await renderer?.renderHero([]);
      expect(seen).toBe('ERR_ACCESS_DENIED ERR_ACCESS_DENIED ERR_ACCESS_DENIED');
      expect(seen).not.toContain(secret);
    });

    it('release code cannot read files outside its release', async () => {
      const config = folderWith({ '.env': `WC_CONSUMER_SECRET=${secret}\n` });
      const release = folderWith({
        'server/hero.js':
          attempt +
          "const fs = require('node:fs');\n" +
          "const { createRequire } = require('node:module');\n" +
          'exports.renderHero = (files) => [\n' +
          "  ...files.map((file) => attempt(() => fs.readFileSync(file, 'utf8'))),\n" +
          '  attempt(() => require(files[0])),\n' +
          '  attempt(() => createRequire(__filename)(files[0])),\n' +
          "].join(' ');",
      });
      // The permission model follows links, so the release's folder is not readable either.
      fs.symlinkSync(path.join(config, '.env'), path.join(release, 'server', 'env'));
      const renderer = await renderersFor(() => release).load('/m.json');
      const files = [
        path.join(__dirname, '..', '..', 'package.json'),
        path.join(config, '.env'),
        path.join(release, 'server', 'env'),
        path.join(release, 'server', 'hero.js'),
        __filename,
      ];
      const seen = await renderer?.renderHero(files);
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
      const real = folderWith({ 'hero.js': 'exports.renderHero = () => "<h1>Hi</h1>";' });
      const release = folderWith({});
      fs.mkdirSync(path.join(release, 'server'));
      fs.symlinkSync(path.join(real, 'hero.js'), path.join(release, 'server', 'hero.js'));
      await expect(renderersFor(() => release).load('/m.json')).resolves.toBeUndefined();
      expect(warnings).toEqual([expect.stringContaining('could not be loaded')]);
    });

    it('process.binding is not a way around, nor child processes, threads, addons, the inspector or writes', async () => {
      const renderer = await load(
        attempt +
          'exports.renderHero = () => JSON.stringify({\n' +
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
      expect(JSON.parse((await renderer?.renderHero([])) ?? '')).toEqual({
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
          'exports.renderHero = () => [\n' +
          "  attempt(() => process.kill(process.ppid, 'SIGUSR1')),\n" +
          "  attempt(() => require('node:os').setPriority(process.ppid, 19)),\n" +
          "].join(' | ');",
      );
      await expect(renderer?.renderHero([])).resolves.toBe(
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
        "exports.renderHero = (port) => { require('node:net').connect(port, '127.0.0.1').on('error', () => {}); return 'sent'; };",
      );
      await expect(renderer?.renderHero((server.address() as net.AddressInfo).port)).resolves.toBe(
        'sent',
      );
      await connected;
      await new Promise((resolve) => server.close(resolve));
    });

    it('a renderer’s process is gone once it is stopped or the renderers are closed', async () => {
      const folder = folderWith({
        'server/hero.js':
          'exports.renderHero = (loop) => { while (loop) {} return String(process.pid); };',
      });
      const renderers = createHeroRenderers(() => folder, warn, {
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
      const pid = Number(await (await renderers.load('/m.json'))?.renderHero(false));
      expect(pid).not.toBe(process.pid);
      expect(gone(pid)).toBe(false);
      await expect(renderers.readyFor('/m.json')?.renderHero(true)).resolves.toBeUndefined();
      await renderers.close();
      expect(gone(pid)).toBe(true);
    });
  });

  it('serves no hero when there is no renderer, no banner, an outsized one, no slide, or the renderer throws', async () => {
    const banner = () => Promise.resolve([{ title: 'Hi' }]);
    const renderer = {
      renderHero: (answer: unknown) =>
        Promise.resolve(Array.isArray(answer) ? '<h1>Hi</h1>' : undefined),
    };
    await expect(renderHomeHero(renderer, banner, warn)).resolves.toEqual({
      module: 'home/HomePage',
      html: '<h1>Hi</h1>',
      data: [{ title: 'Hi' }],
    });
    await expect(renderHomeHero(undefined, banner, warn)).resolves.toBeUndefined();
    await expect(
      renderHomeHero(renderer, () => Promise.resolve(undefined), warn),
    ).resolves.toBeUndefined();
    await expect(
      renderHomeHero(renderer, () => Promise.resolve({}), warn),
    ).resolves.toBeUndefined();
    const outsized = [{ title: 'x'.repeat(MAX_CARRIED_BANNER_CHARS) }];
    await expect(
      renderHomeHero(renderer, () => Promise.resolve(outsized), warn),
    ).resolves.toBeUndefined();
    const throwing = { renderHero: () => Promise.reject(new Error('bad slide')) };
    await expect(renderHomeHero(throwing, banner, warn)).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('could not render the hero')]);
  });
});

describe('the banner read for a server-rendered hero', () => {
  const upstream = Fastify();
  const seen: { url: string; host: unknown; proto: unknown }[] = [];
  let url = '';
  let answer: () => Promise<unknown> = () => Promise.resolve([{ title: 'Hi' }]);

  beforeAll(async () => {
    upstream.get('/wp-json/wp/v2/home_banner', (request) => {
      seen.push({
        url: request.url,
        host: request.headers['x-forwarded-host'],
        proto: request.headers['x-forwarded-proto'],
      });
      return answer();
    });
    url = await upstream.listen({ host: '127.0.0.1', port: 0 });
  });
  const html = createBackendHtml({
    site: 'https://shop.example',
    wordpress: 'https://www.example-academy.test',
  });
  afterAll(async () => {
    html.close();
    await upstream.close();
  });

  const page = { budgetMs: 2000, host: 'shop.example', protocol: 'https', html };

  it('is never cached: each page reads it with its own timestamp, for the page’s host', async () => {
    await expect(readHomeBanner(url, page, 1000)).resolves.toEqual([{ title: 'Hi' }]);
    await readHomeBanner(url, page, 2000);
    expect(seen).toEqual([
      { url: '/wp-json/wp/v2/home_banner?t=1000', host: 'shop.example', proto: 'https' },
      { url: '/wp-json/wp/v2/home_banner?t=2000', host: 'shop.example', proto: 'https' },
    ]);
  });

  it('comes with its HTML sanitized, as the proxy serves it: the hero and the page are made from it', async () => {
    answer = () =>
      Promise.resolve([
        {
          title: 'Pass <img src=x onerror="alert(1)">PLAB',
          subtitle:
            '<p onclick="steal()">Join <a href="https://www.example-academy.test/courses/plab-1">PLAB 1</a></p><script>alert(2)</script>',
          link: 'https://www.example-academy.test/courses?level=1&mode=online',
        },
      ]);
    await expect(readHomeBanner(url, page)).resolves.toEqual([
      {
        title: 'Pass <img src="x">PLAB',
        subtitle: '<p>Join <a href="/courses/plab-1">PLAB 1</a></p>',
        link: 'https://www.example-academy.test/courses?level=1&mode=online',
      },
    ]);
  });

  it('is given up on after the budget, so a slow WordPress delays the page by that at most', async () => {
    // WordPress never answers: only the budget can end the read.
    answer = () => new Promise<never>(() => undefined);
    await expect(readHomeBanner(url, { ...page, budgetMs: 50 })).resolves.toBeUndefined();
  });

  it('is nothing when WordPress fails or is not there', async () => {
    answer = () => Promise.reject(new Error('down'));
    await expect(readHomeBanner(url, page)).resolves.toBeUndefined();
    await expect(readHomeBanner('http://127.0.0.1:1', page)).resolves.toBeUndefined();
  });
});
