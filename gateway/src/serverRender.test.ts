import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
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

  it('is not ready until its thread has loaded it; loads a new version of the file once, when it changes', async () => {
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
    // The old version's thread is gone: it renders nothing any more.
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
    const started = Date.now();
    await expect(renderer?.renderHero({ loop: true })).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
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
  afterAll(() => upstream.close());

  const page = { budgetMs: 2000, host: 'shop.example', protocol: 'https' };

  it('is never cached: each page reads it with its own timestamp, for the page’s host', async () => {
    await expect(readHomeBanner(url, page, 1000)).resolves.toEqual([{ title: 'Hi' }]);
    await readHomeBanner(url, page, 2000);
    expect(seen).toEqual([
      { url: '/wp-json/wp/v2/home_banner?t=1000', host: 'shop.example', proto: 'https' },
      { url: '/wp-json/wp/v2/home_banner?t=2000', host: 'shop.example', proto: 'https' },
    ]);
  });

  it('is given up on after the budget, so a slow WordPress delays the page by that at most', async () => {
    answer = async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return [];
    };
    const started = Date.now();
    await expect(readHomeBanner(url, { ...page, budgetMs: 50 })).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(300);
  });

  it('is nothing when WordPress fails or is not there', async () => {
    answer = () => Promise.reject(new Error('down'));
    await expect(readHomeBanner(url, page)).resolves.toBeUndefined();
    await expect(readHomeBanner('http://127.0.0.1:1', page)).resolves.toBeUndefined();
  });
});
