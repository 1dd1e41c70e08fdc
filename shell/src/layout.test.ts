// The layout's reserved sizes, read from shell.css (jsdom lays nothing out, so the numbers are
// worked out here the way the browser does for the rules involved).
import { shellFile } from './testing/shellFile';

const PHONE_MAX_WIDTH = 991;

function shellCss(): string {
  return shellFile('shell.css');
}

/** The custom properties set on :root at a viewport width (the phone breakpoint overrides). */
function rootVariables(css: string, width: number): Map<string, number> {
  const vars = new Map<string, number>();
  const phoneAt = css.indexOf(`@media (max-width: ${String(PHONE_MAX_WIDTH)}px)`);
  const blocks = [...css.matchAll(/:root\s*\{([^}]*)\}/g)];
  for (const block of blocks) {
    if (phoneAt >= 0 && block.index > phoneAt && width > PHONE_MAX_WIDTH) continue;
    for (const [, name = '', px = ''] of (block[1] ?? '').matchAll(/(--[\w-]+):\s*(\d+)px/g)) {
      vars.set(name, Number(px));
    }
  }
  return vars;
}

/** A rule's declaration, from its first block (the base rule, before any media query). */
function declaration(css: string, selector: string, property: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return new RegExp(`${property}:\\s*([^;]+);`).exec(rule)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';
}

/** px of `var(--x)`, `Npx`, `Nvh` or `calc(a - b - ...)` at a viewport size. */
function px(value: string, vars: Map<string, number>, viewportHeight: number): number {
  const calc = /^calc\((.*)\)$/.exec(value);
  if (calc) {
    const [first = '', ...rest] = (calc[1] ?? '').split(' - ');
    return rest.reduce(
      (total, term) => total - px(term.trim(), vars, viewportHeight),
      px(first.trim(), vars, viewportHeight),
    );
  }
  const variable = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  if (variable) {
    const found = vars.get(variable);
    if (found === undefined) throw new Error(`${variable} is not set`);
    return found;
  }
  const vh = /^(\d+)vh$/.exec(value)?.[1];
  if (vh) return (Number(vh) / 100) * viewportHeight;
  const fixed = /^(\d+)px$/.exec(value)?.[1];
  if (fixed) return Number(fixed);
  throw new Error(`Cannot size "${value}"`);
}

describe('layout', () => {
  it.each([
    ['a phone', 390, 844],
    ['a desktop', 1280, 800],
  ])(
    'on %s (%ix%i) the footer starts below the first screen, so late page content never pushes it',
    (_name, width, height) => {
      const css = shellCss();
      const vars = rootVariables(css, width);
      const size = (selector: string, property: string) =>
        px(declaration(css, selector, property), vars, height);
      const headerStack =
        size('.shell-banner-space', 'height') +
        size('.shell-header-space,\n.shell-min-header', 'min-height') +
        size('.shell-trust-space', 'min-height');
      const footerTop = headerStack + size('.shell-main', 'min-height');
      expect(footerTop).toBeGreaterThanOrEqual(height);
    },
  );
});
