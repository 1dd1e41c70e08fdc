import { escapeHtml } from '../domain/text';
import { motifFor, person } from './motifs';
import type { Palette } from './palette';
import { paletteFor, seedOf } from './palette';

/**
 * Generated SVG artwork for the images the content names, so the sample shop looks like a shop
 * without binary files in the repository. The picture depends only on the file name: the site's
 * logo is a wordmark (the only image with text), `home-banner-*` a hero illustration whose left
 * and centre stay dark and calm for a white heading, `partner-*` an emblem in the partner's hue,
 * anything else a card illustration in the palette of its exam.
 */

/** What an image shows, as the content describes it, and the size the content gives it. */
export interface ArtworkRequest {
  /** The file name, e.g. `plab-1-online-course.svg` or `plab-exam-hall-300x158.png`. */
  file: string;
  /** The subject, read to assistive technology (the content's alt text). */
  label: string;
  width?: number;
  height?: number;
}

type Kind = 'logo' | 'logo-light' | 'hero' | 'partner' | 'card';

const DEFAULT_SIZES: Record<Kind, readonly [number, number]> = {
  logo: [190, 79],
  'logo-light': [190, 79],
  hero: [1600, 640],
  partner: [240, 96],
  card: [800, 450],
};

const FONT = `system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif`;

/** The file name without its extension and WordPress's `-300x158` size suffix. */
function baseName(file: string): string {
  return file.replace(/\.[a-z0-9]+$/i, '').replace(/-\d+x\d+$/, '');
}

function kindOf(name: string): Kind {
  if (name.startsWith('partner-')) return 'partner';
  if (name.startsWith('home-banner-')) return 'hero';
  if (name.endsWith('-logo-white')) return 'logo-light';
  if (name.endsWith('-logo')) return 'logo';
  return 'card';
}

interface Frame {
  width: number;
  height: number;
  label: string;
  /** The drawing's own coordinates; it covers the frame, centred, when the ratio differs. */
  viewBox: readonly [number, number];
}

function svg(frame: Frame, body: string): string {
  const [w, h] = frame.viewBox;
  const fit =
    w === frame.width && h === frame.height ? '' : ' preserveAspectRatio="xMidYMid slice"';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}" viewBox="0 0 ${w} ${h}"${fit}` +
    ` role="img" aria-label="${escapeHtml(frame.label)}">${body}</svg>`
  );
}

/** The site's wordmark: a round emblem with a medical cross, then "Arora" / "Medical Education". */
function logo(light: boolean): string {
  const [disc, ring, cross, word, strap] = light
    ? ['#ffffff', '#5eead4', '#0b2f4e', '#ffffff', '#a5f3e4']
    : ['#0b2f4e', '#1f9aa8', '#ffffff', '#0b2f4e', '#0f6e78'];
  return (
    `<circle cx="26" cy="39.5" r="22.5" fill="${disc}" stroke="${ring}" stroke-width="3"/>` +
    `<path d="M22 26h8v9.5h9.5v8H30V53h-8v-9.5h-9.5v-8H22z" fill="${cross}"/>` +
    `<text x="56" y="38" font-family="${FONT}" font-size="31" font-weight="700" fill="${word}">Arora</text>` +
    `<text x="57" y="62" font-family="${FONT}" font-size="16" font-weight="600" fill="${strap}" textLength="129" lengthAdjust="spacingAndGlyphs">Medical Education</text>`
  );
}

/** A heartbeat line across `width` at height `y`, the spike starting at `x`. */
function heartbeatLine(width: number, y: number, x: number): string {
  return `M0 ${y}H${x}l18-46 22 92 18-70 12 24H${width}`;
}

/**
 * A hero, 1600 x 640: a dark gradient with nothing but a soft glow left of x = 1040, where the
 * heading sits, and a scene of doctors (or a PLAB-style station) on the right.
 */
function hero(name: string, p: Palette): string {
  const seed = seedOf(name);
  const tone = seed(3);
  const scene = /\bdoctors?\b/.test(name)
    ? `<path d="M462 40h28v28h28v28h-28v28h-28V96h-28V68h28z" fill="${p.accent}" opacity=".9"/>` +
      person(130, 220, 1, { coat: p.soft, collar: p.base, tone: tone + 1 }) +
      person(410, 200, 1, { coat: '#ffffff', collar: p.deep, tone: tone + 2 }) +
      person(270, 270, 1.2, { coat: '#ffffff', collar: p.base, tone, stethoscope: p.accent })
    : `<rect x="250" y="90" width="270" height="460" rx="24" fill="none" stroke="${p.soft}" stroke-width="4" opacity=".3"/>` +
      person(160, 220, 1.15, { coat: '#ffffff', collar: p.base, tone, stethoscope: p.accent }) +
      person(400, 320, 0.95, { coat: p.base, collar: p.soft, tone: tone + 1 }) +
      `<circle cx="470" cy="140" r="42" fill="#ffffff"/><circle cx="470" cy="140" r="32" fill="${p.soft}"/>` +
      `<path d="M470 140v-20m0 20 14 8" stroke="${p.deep}" stroke-width="6" stroke-linecap="round"/>`;
  return (
    `<defs><linearGradient id="bg" x2="1"><stop offset="0" stop-color="${p.night}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${p.base}" stop-opacity=".55"/><stop offset="1" stop-color="${p.base}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="1600" height="640" fill="url(#bg)"/><circle cx="1310" cy="330" r="${seed(60, 380)}" fill="url(#glow)"/>` +
    `<g transform="translate(1040 0)"><path d="${heartbeatLine(540, seed(80, 380), seed(200, 40))}" fill="none" stroke="${p.soft}" stroke-width="5" opacity=".3"/>` +
    `${scene}</g>`
  );
}

const CORNERS = [
  [90, 80],
  [710, 80],
  [710, 370],
  [90, 370],
] as const;

/** A card, 800 x 450: a diagonal gradient, soft circles, a dot grid, a heartbeat, the motif. */
function card(name: string, p: Palette): string {
  const seed = seedOf(name);
  const corner = seed(4);
  const at = (offset: number): readonly [number, number] =>
    CORNERS[(corner + offset) % 4] ?? [0, 0];
  const [bigX, bigY] = at(0);
  const [smallX, smallY] = at(2);
  const [dotsX, dotsY] = at(1);
  return (
    `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${p.base}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>` +
    `<pattern id="d" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="2.5" fill="${p.soft}"/></pattern></defs>` +
    `<rect width="800" height="450" fill="url(#g)"/>` +
    `<circle cx="${bigX}" cy="${bigY}" r="${seed(60, 150)}" fill="${p.soft}" opacity=".12"/>` +
    `<circle cx="${smallX}" cy="${smallY}" r="${seed(40, 80)}" fill="${p.accent}" opacity=".2"/>` +
    `<rect x="${dotsX - 88}" y="${dotsY - 55}" width="176" height="110" fill="url(#d)" opacity=".3"/>` +
    `<path d="${heartbeatLine(800, seed(60, 330), seed(400, 60))}" fill="none" stroke="${p.soft}" stroke-width="5" opacity=".4" stroke-linejoin="round"/>` +
    `<g transform="translate(270 95) scale(1.3)">${motifFor(name, p)}</g>`
  );
}

/** A partner's emblem, 240 x 96: a shield, hexagon, disc or tile with a symbol, in its hue. */
function partner(name: string): string {
  const seed = seedOf(name);
  const [shape, symbol] = [seed(4), seed(4)];
  const hue = Math.floor((seed(256) * 360) / 256);
  const dark = `hsl(${hue}, 60%, 34%)`;
  const light = `hsl(${hue}, 70%, 88%)`;
  const accent = `hsl(${(hue + 40) % 360}, 75%, 58%)`;
  const shapes = [
    `<path d="M36 2l31 11v22c0 20-13 32-31 38C18 67 5 55 5 35V13z" fill="${dark}"/>`,
    `<path d="M36 2l31 18v32L36 70 5 52V20z" fill="${dark}"/>`,
    `<circle cx="36" cy="36" r="34" fill="${dark}"/>`,
    `<rect x="3" y="3" width="66" height="66" rx="16" fill="${dark}"/>`,
  ];
  const symbols = [
    `<path d="M30 18h12v12h12v12H42v12H30V42H18V30h12z" fill="${light}"/>`,
    `<path d="M20 52c0-20 14-32 34-32 0 20-12 34-34 32z" fill="${light}"/><path d="M22 50l22-22" stroke="${accent}" stroke-width="4"/>`,
    `<circle cx="36" cy="36" r="16" fill="none" stroke="${light}" stroke-width="6"/><circle cx="36" cy="36" r="6" fill="${accent}"/>`,
    `<path d="M18 28l18 10 18-10M18 42l18 10 18-10" stroke="${light}" stroke-width="6" fill="none" stroke-linejoin="round"/>`,
  ];
  return `<g transform="translate(80 8) scale(1.11)">${shapes[shape] ?? ''}${symbols[symbol] ?? ''}</g>`;
}

/** The SVG for one uploaded image. */
export function artworkSvg(request: ArtworkRequest): string {
  const name = baseName(request.file);
  const kind = kindOf(name);
  const [defaultWidth, defaultHeight] = DEFAULT_SIZES[kind];
  const width = request.width ?? defaultWidth;
  const height = request.height ?? defaultHeight;
  const frame = { width, height, label: request.label };
  switch (kind) {
    case 'logo':
    case 'logo-light':
      return svg({ ...frame, viewBox: [190, 79] }, logo(kind === 'logo-light'));
    case 'hero':
      return svg({ ...frame, viewBox: [1600, 640] }, hero(name, paletteFor(name)));
    case 'partner':
      return svg({ ...frame, viewBox: [240, 96] }, partner(name));
    case 'card':
      return svg({ ...frame, viewBox: [800, 450] }, card(name, paletteFor(name)));
  }
}
