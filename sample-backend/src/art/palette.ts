import { createHash } from 'node:crypto';

/**
 * The colours of the generated artwork. Every image of one exam (or membership tier) uses the
 * same palette, so cards of one family look alike; `night`, `deep` and `base` all keep white text
 * at 4.5:1 or better (relative luminance at most 0.18), since the hero puts its heading on them.
 */
export interface Palette {
  night: string;
  deep: string;
  base: string;
  soft: string;
  accent: string;
}

const PALETTES = {
  ukmla: { night: '#06263a', deep: '#0b3f5c', base: '#137a9a', soft: '#cdeff7', accent: '#f4a261' },
  plab: { night: '#15113d', deep: '#29236b', base: '#5a4fcf', soft: '#e0ddfb', accent: '#ffb703' },
  msra: { night: '#3d1206', deep: '#6e2410', base: '#b4461d', soft: '#fde3d3', accent: '#2a9d8f' },
  mrcgp: { night: '#0a2416', deep: '#123f27', base: '#237a45', soft: '#d5f1de', accent: '#e9c46a' },
  silver: {
    night: '#1b2229',
    deep: '#2f3a46',
    base: '#5b6877',
    soft: '#e8edf2',
    accent: '#1f8a9e',
  },
  gold: { night: '#2e1f00', deep: '#5a3c00', base: '#8f6512', soft: '#fbeec6', accent: '#f2c14e' },
  ultimate: {
    night: '#1c0830',
    deep: '#33104f',
    base: '#6a3299',
    soft: '#ecdff8',
    accent: '#f2b134',
  },
  brand: { night: '#071d33', deep: '#0b2f4e', base: '#1f6f80', soft: '#d6eef2', accent: '#f2b134' },
} as const satisfies Record<string, Palette>;

type Family = Exclude<keyof typeof PALETTES, 'brand'>;
const FAMILIES = Object.keys(PALETTES).filter((key) => key !== 'brand') as Family[];

/** The exam or tier a file name is about (`plab-1-online-course` is PLAB), else the brand's. */
export function paletteFor(name: string): Palette {
  const words = name.toLowerCase().split(/[^a-z0-9]+/);
  const family = FAMILIES.find((key) => words.includes(key));
  return PALETTES[family ?? 'brand'];
}

/** A deterministic source of small numbers for one file name: the same name, the same picture. */
export function seedOf(name: string): (range: number, offset?: number) => number {
  const bytes = createHash('md5').update(name).digest();
  let next = 0;
  return (range, offset = 0) => {
    const byte = bytes[next % bytes.length] ?? 0;
    next += 1;
    return offset + (byte % range);
  };
}
