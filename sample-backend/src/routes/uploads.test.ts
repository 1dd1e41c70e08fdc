import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { resolveOptions } from '../config';
import { testBackend } from '../test-support/backend';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
/** Every uploads path the data files name, read from their text. */
let paths: string[];

const { DOMParser } = new JSDOM('').window;
const SVG_NS = 'http://www.w3.org/2000/svg';
const LOGOS = ['arora-medical-education-logo.svg', 'arora-medical-education-logo-white.svg'];

beforeAll(async () => {
  ({ app, cleanup } = await testBackend());
  const dataDir = resolveOptions().dataDir;
  const found = new Set<string>();
  for (const file of await readdir(dataDir)) {
    const text = await readFile(path.join(dataDir, file), 'utf8');
    for (const [match] of text.matchAll(/\/wp-content\/uploads\/[^\s"'<>()?#\\]+/g)) {
      found.add(match);
    }
  }
  paths = [...found].sort();
});
afterAll(() => cleanup());

const fileOf = (uploadPath: string): string => uploadPath.slice(uploadPath.lastIndexOf('/') + 1);
const named = (file: string): string => {
  const found = paths.find((uploadPath) => fileOf(uploadPath) === file);
  if (!found) throw new Error(`the data names no ${file}`);
  return found;
};

/** Fetches an image and parses it as XML; a document that is not well formed fails the test. */
async function image(uploadPath: string): Promise<{ body: string; svg: Element }> {
  const response = await app.inject(uploadPath);
  expect(response.statusCode).toBe(200);
  const doc = new DOMParser().parseFromString(response.body, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.namespaceURI).toBe(SVG_NS);
  expect(doc.documentElement.localName).toBe('svg');
  return { body: response.body, svg: doc.documentElement };
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const stopColours = (svg: Element, gradientId: string): string[] =>
  [...svg.querySelectorAll(`[id="${gradientId}"] stop`)].map(
    (stop) => stop.getAttribute('stop-color') ?? '',
  );

describe('uploaded images', () => {
  it('the data names images of every kind', () => {
    expect(paths.length).toBeGreaterThanOrEqual(30);
    for (const prefix of ['home-banner-', 'partner-', 'arora-medical-education-logo', 'plab-']) {
      expect(paths.some((uploadPath) => fileOf(uploadPath).startsWith(prefix))).toBe(true);
    }
  });

  it('every image the data names is a well-formed SVG under 4 KB, labelled with its subject', async () => {
    for (const uploadPath of paths) {
      const response = await app.inject(uploadPath);
      expect(response.headers).toMatchObject({
        'content-type': 'image/svg+xml',
        'content-security-policy': "default-src 'none'",
        'x-content-type-options': 'nosniff',
      });
      expect(Buffer.byteLength(response.body)).toBeLessThan(4096);
      const { svg } = await image(uploadPath);
      expect(svg.getAttribute('role')).toBe('img');
      const label = svg.getAttribute('aria-label') ?? '';
      expect(label.length).toBeGreaterThan(3);
      // The subject, in words; not the file name.
      expect(label).not.toContain(fileOf(uploadPath).replace(/\.[a-z]+$/, ''));
      expect(label).not.toMatch(/\.(svg|png)$/);
    }
  });

  it('labels an image with the alt text the content gives it', async () => {
    const { svg: partner } = await image(
      named('partner-northbridge-university-hospitals-nhs-trust.svg'),
    );
    expect(partner.getAttribute('aria-label')).toBe(
      'Northbridge University Hospitals NHS Trust logo',
    );
    const { svg: hero } = await image(named('home-banner-doctors.svg'));
    expect(hero.getAttribute('aria-label')).toBe('Doctors revising together in a hospital library');
    const { svg: size } = await image(named('plab-exam-hall-300x158.png'));
    expect(size.getAttribute('aria-label')).toBe('PLAB exam hall');
    expect(size.getAttribute('width')).toBe('300');
  });

  it('only the two logos contain text, and theirs is the wordmark', async () => {
    for (const uploadPath of paths) {
      const { svg } = await image(uploadPath);
      const texts = [...svg.getElementsByTagName('text')].map((text) => text.textContent);
      expect(texts).toEqual(
        LOGOS.includes(fileOf(uploadPath)) ? ['Arora', 'Medical Education'] : [],
      );
    }
  });

  it('the header logo reads on white and the footer logo on the footer blue (4.5:1)', async () => {
    const fills = async (file: string): Promise<string[]> => {
      const { svg } = await image(named(file));
      expect(svg.getAttribute('viewBox')).toBe('0 0 190 79');
      return [...svg.getElementsByTagName('text')].map((text) => text.getAttribute('fill') ?? '');
    };
    for (const fill of await fills('arora-medical-education-logo.svg')) {
      expect(contrast(fill, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
    for (const fill of await fills('arora-medical-education-logo-white.svg')) {
      expect(contrast(fill, '#0d4780')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('a hero keeps its left and centre to a dark background that white text reads on (4.5:1)', async () => {
    for (const file of ['home-banner-doctors.svg', 'home-banner-plab-2.svg']) {
      const { svg } = await image(named(file));
      const [defs, background, glow, scene, ...rest] = [...svg.children];
      expect(rest).toEqual([]);
      expect(defs?.localName).toBe('defs');
      expect(background?.getAttribute('fill')).toBe('url(#bg)');
      expect(glow?.getAttribute('fill')).toBe('url(#glow)');
      // Everything else is drawn right of x = 1000 of the 1600 wide picture.
      const sceneX = /^translate\((\d+) 0\)$/.exec(scene?.getAttribute('transform') ?? '')?.[1];
      expect(Number(sceneX)).toBeGreaterThanOrEqual(1000);
      for (const colour of [...stopColours(svg, 'bg'), ...stopColours(svg, 'glow')]) {
        expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('cards of one exam share a palette and cards of different exams do not', async () => {
    const palette = async (file: string): Promise<string> =>
      stopColours((await image(named(file))).svg, 'g').join(' ');
    const ukmla = await palette('ukmla-akt-online-course.svg');
    expect(await palette('ukmla-cpsa-mock-day-london-february-2027.svg')).toBe(ukmla);
    const plab = await palette('plab-1-online-course.svg');
    expect(await palette('plab-2-mock-circuit-manchester-january-2027.svg')).toBe(plab);
    const others = await Promise.all(
      ['msra-complete-course.svg', 'mrcgp-sca-consultation-skills.svg'].map(palette),
    );
    expect(new Set([ukmla, plab, ...others]).size).toBe(4);
  });

  it('draws the same picture for a file in every backend, and different ones for different files', async () => {
    const other = await testBackend();
    const draw = async (backend: FastifyInstance, file: string): Promise<string> =>
      (await backend.inject(named(file))).body;
    try {
      for (const uploadPath of paths) {
        const file = fileOf(uploadPath);
        expect(await draw(other.app, file)).toBe(await draw(app, file));
      }
    } finally {
      await other.cleanup();
    }
    const picture = async (file: string): Promise<string> =>
      (await draw(app, file)).replace(/ aria-label="[^"]*"/, '');
    expect(await picture('plab-2-online-course.svg')).not.toBe(
      await picture('plab-1-online-course.svg'),
    );
  });
});
