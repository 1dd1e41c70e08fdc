import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import { makeAppsRoot, testGatewayOptions } from '../test-support/contract';
import { templateHead } from './headMarkup';

/** The shell's public files, which its build puts beside its page as they are. */
const SHELL_PUBLIC = path.join(__dirname, '..', '..', '..', 'shell', 'public');
const TEMPLATE = fs.readFileSync(path.join(SHELL_PUBLIC, 'index.html'), 'utf8');

/** A PNG's width and height, from its header. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

describe('the favicon set, the web manifest and the share image the shell ships', () => {
  let gateway: FastifyInstance;

  beforeAll(async () => {
    const appsRoot = makeAppsRoot();
    const dist = path.join(appsRoot, 'shell', 'dist');
    for (const file of fs.readdirSync(SHELL_PUBLIC)) {
      if (file !== 'index.html')
        fs.copyFileSync(path.join(SHELL_PUBLIC, file), path.join(dist, file));
    }
    gateway = await buildGateway(testGatewayOptions(appsRoot, 'http://127.0.0.1:9'));
  });
  afterAll(() => gateway.close());

  const get = (url: string) => gateway.inject({ url });

  it('the manifest is served as a web manifest, with the brand’s name and colours', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json\b/);
    const manifest = response.json<WebManifest>();
    expect(manifest).toMatchObject({
      name: 'Arora Medical Education',
      short_name: 'Arora',
      start_url: '/',
      display: 'standalone',
      // The header's navy, and the page's white.
      theme_color: '#0b3d6e',
      background_color: '#ffffff',
    });
    expect(TEMPLATE).toContain('<meta name="theme-color" content="#0b3d6e" />');
  });

  it('each icon it names is served at the size it says; none is kept long under its own name', async () => {
    const manifest = (await get('/manifest.webmanifest')).json<WebManifest>();
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const response = await get(icon.src);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain(icon.type);
      // Not content-hashed: a new icon reaches browsers at their next look.
      expect(response.headers['cache-control']).toBe('no-cache');
      if (icon.type === 'image/png') {
        const { width, height } = pngSize(response.rawPayload);
        expect(`${String(width)}x${String(height)}`).toBe(icon.sizes);
      }
    }
  });

  it('the page names the manifest and a 180 px touch icon; its share image is 1200 by 630', async () => {
    expect(TEMPLATE).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(TEMPLATE).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    expect(pngSize((await get('/apple-touch-icon.png')).rawPayload)).toEqual({
      width: 180,
      height: 180,
    });
    const image = templateHead(TEMPLATE).image;
    expect(image).toBe('/og-image.png');
    expect(pngSize((await get(image ?? '')).rawPayload)).toEqual({ width: 1200, height: 630 });
  });
});
