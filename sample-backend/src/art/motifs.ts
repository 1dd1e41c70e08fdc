import type { Palette } from './palette';

/**
 * The pictures inside the generated cards and heroes, drawn from simple shapes with no text.
 * A card motif fills a 200 x 200 box; a person is drawn around (0, 0) at the top of the head.
 */

type Motif = (p: Palette) => string;

const WHITE = '#ffffff';

const book: Motif = (p) =>
  `<path d="M100 44C76 28 40 26 12 34v128c28-8 64-6 88 10z" fill="${WHITE}"/>` +
  `<path d="M100 44c24-16 60-18 88-10v128c-28-8-64-6-88 10z" fill="${p.soft}"/>` +
  `<path d="M30 66h50M30 88h50M30 110h38M120 66h50M120 88h50M120 110h36" stroke="${p.base}" stroke-width="7" stroke-linecap="round" opacity=".45"/>` +
  `<path d="M150 30v46l10-8 10 8V30z" fill="${p.accent}"/>`;

const stopwatch: Motif = (p) =>
  `<rect x="84" y="14" width="32" height="20" rx="5" fill="${p.accent}"/>` +
  `<circle cx="100" cy="112" r="74" fill="${WHITE}"/><circle cx="100" cy="112" r="58" fill="${p.soft}"/>` +
  `<path d="M100 54a58 58 0 0 1 50 29" stroke="${p.accent}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
  `<path d="M100 112V72m0 40 30 18" stroke="${p.deep}" stroke-width="9" stroke-linecap="round"/>`;

const calendar: Motif = (p) => {
  const days = [0, 1, 2, 3]
    .flatMap((col) => [0, 1, 2].map((row) => [38 + col * 34, 92 + row * 28] as const))
    .map(
      ([x, y], index) =>
        `<rect x="${x}" y="${y}" width="22" height="18" rx="4" fill="${index === 6 ? p.accent : p.soft}"/>`,
    )
    .join('');
  return (
    `<rect x="20" y="34" width="160" height="150" rx="16" fill="${WHITE}"/>` +
    `<path d="M20 50a16 16 0 0 1 16-16h128a16 16 0 0 1 16 16v26H20z" fill="${p.base}"/>` +
    `<path d="M60 22v28m80-28v28" stroke="${p.deep}" stroke-width="10" stroke-linecap="round"/>${days}`
  );
};

const questionCards: Motif = (p) => {
  const rows = [0, 1, 2]
    .map(
      (row) =>
        `<circle cx="46" cy="${74 + row * 40}" r="11" fill="${row === 0 ? p.accent : p.soft}"/>` +
        `<rect x="66" y="${68 + row * 40}" width="${row === 1 ? 56 : 74}" height="12" rx="6" fill="${p.soft}"/>`,
    )
    .join('');
  return (
    `<rect x="44" y="18" width="140" height="166" rx="14" fill="${p.soft}" opacity=".55"/>` +
    `<rect x="20" y="34" width="140" height="150" rx="14" fill="${WHITE}"/>${rows}` +
    `<path d="M40 74l5 5 9-10" stroke="${WHITE}" stroke-width="4" fill="none" stroke-linecap="round"/>`
  );
};

const medal: Motif = (p) =>
  `<path d="M62 8h28l20 70H82zm76 0h-28L90 78h28z" fill="${p.accent}"/>` +
  `<circle cx="100" cy="126" r="64" fill="${WHITE}"/><circle cx="100" cy="126" r="50" fill="${p.base}"/>` +
  `<path d="M100 94l9 20 22 2-16 15 5 22-20-11-20 11 5-22-16-15 22-2z" fill="${WHITE}"/>`;

const phone: Motif = (p) =>
  `<rect x="56" y="8" width="88" height="184" rx="18" fill="${p.deep}" stroke="${WHITE}" stroke-width="6"/>` +
  `<rect x="68" y="30" width="64" height="128" rx="6" fill="${p.soft}"/>` +
  `<rect x="78" y="44" width="44" height="30" rx="4" fill="${p.accent}"/>` +
  `<path d="M80 92h40M80 108h40M80 124h26" stroke="${p.base}" stroke-width="7" stroke-linecap="round"/>` +
  `<circle cx="100" cy="174" r="7" fill="${WHITE}"/>`;

const stethoscope: Motif = (p) =>
  `<path d="M46 22v58a44 44 0 0 0 88 0V22" stroke="${WHITE}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
  `<path d="M90 124v24a30 30 0 0 0 60 0v-22" stroke="${WHITE}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
  `<circle cx="150" cy="112" r="22" fill="${p.accent}" stroke="${WHITE}" stroke-width="9"/>` +
  `<circle cx="46" cy="20" r="10" fill="${p.soft}"/><circle cx="134" cy="20" r="10" fill="${p.soft}"/>`;

const heartbeat: Motif = (p) =>
  `<path d="M100 178C40 134 14 102 14 68a43 43 0 0 1 86-18 43 43 0 0 1 86 18c0 34-26 66-86 110z" fill="${WHITE}"/>` +
  `<path d="M34 100h42l10-26 16 50 12-32h52" stroke="${p.accent}" stroke-width="9" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`;

/** Which motif a file name gets: events a calendar, mocks a stopwatch, courses a book... */
const MOTIFS: readonly (readonly [RegExp, Motif])[] = [
  [/\b(questions?|banks?)\b/, questionCards],
  [/\b(circuit|day|weekend|workshop)\b/, calendar],
  [/\b(mocks?|exam|hall)\b/, stopwatch],
  [/\bmembership\b/, medal],
  [/\bapp\b/, phone],
  [/\b(consultation|cpsa)\b/, stethoscope],
  [/\b(courses?|revision)\b/, book],
];

/** The motif for a file name (without extension), in a 200 x 200 box. */
export function motifFor(name: string, palette: Palette): string {
  const motif = MOTIFS.find(([pattern]) => pattern.test(name))?.[1] ?? heartbeat;
  return motif(palette);
}

const SKIN = ['#f2c9a0', '#c98e62', '#8a5a3c'] as const;
const HAIR = ['#2b1d14', '#4a3222', '#141414'] as const;

/** A person from the chest up, head top at (x, y): coat, collar, head and hair. */
export function person(
  x: number,
  y: number,
  scale: number,
  look: { coat: string; collar: string; tone: number; stethoscope?: string },
): string {
  const skin = SKIN[look.tone % SKIN.length] ?? SKIN[0];
  const hair = HAIR[look.tone % HAIR.length] ?? HAIR[0];
  const stethoscope = look.stethoscope
    ? `<path d="M-38 140v42a38 38 0 0 0 76 0v-42" stroke="${look.stethoscope}" stroke-width="7" fill="none"/><circle cx="0" cy="220" r="10" fill="${look.stethoscope}"/>`
    : '';
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})">` +
    `<path d="M-84 520V200c0-46 38-72 84-72s84 26 84 72v320z" fill="${look.coat}"/>` +
    `<path d="M-24 132l24 46 24-46z" fill="${look.collar}"/>${stethoscope}` +
    `<circle cy="72" r="46" fill="${skin}"/>` +
    `<path d="M-47 70a47 47 0 0 1 94 0c-16-20-60-24-94 0z" fill="${hair}"/></g>`
  );
}
