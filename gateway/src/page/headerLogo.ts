import * as v from 'valibot';
import { homePage } from 'shared-store/server';
import { pathOf } from '../plugins/canonicalPaths';
import { cacheTtlOf } from '../proxy/routeTable';
import type { WordPressReads } from '../proxy/wordpressReads';
import { escapeHtml as escapeAttribute } from './htmlText';
import { HOME_PAGE } from './servedHeads';
import { type AnswerJson, within } from './wordpressAnswers';

/** The files a logo can be: images a browser draws in an <img>. */
const IMAGE_FILE = /\.(?:svg|png|jpe?g|webp|avif|gif)$/i;

/**
 * The site's logo address as a page may carry it: an image file (by its name) over https, or on
 * the storefront's own origin, with no credentials in it; made absolute against the public
 * address. Undefined for anything else (another scheme, javascript:, data:, plain http elsewhere,
 * a string that is no URL): the page keeps the bundled mark.
 */
export function headerLogoUrl(value: unknown, publicUrl: URL): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim(), publicUrl);
  } catch {
    return undefined;
  }
  const allowed = url.protocol === 'https:' || url.origin === publicUrl.origin;
  if (!allowed || url.username !== '' || url.password !== '') return undefined;
  return IMAGE_FILE.test(url.pathname) ? url.href : undefined;
}

/**
 * The logo in the header's space of the page's first paint, where the bundled mark would be, in
 * the mark's box (shell.css, shell-brand): the shell's placeholder header draws the same image
 * from it (shell/src/components/BrandMark.tsx). Decorative there: the space is hidden from
 * assistive technology, and the header that replaces it names the link. Its attributes in the
 * order React writes the shell's (shell/src/firstPaint.test.tsx).
 */
export function headerLogoMarkup(url: string): string {
  return `<img class="shell-brand" alt="" src="${escapeAttribute(url)}">`;
}

const headerContent = v.pick(homePage, ['acf_groups']);

export interface HeaderLogoDeps {
  wordpress: WordPressReads;
  /** Reads an answer's JSON, once per answer (shared with the page's head and server render). */
  json: AnswerJson;
  /** The storefront's public address: the logo's own origin, and what relative ones resolve to. */
  publicUrl: URL;
  /** How long a page waits for the home page's read; 0 reads nothing (the page has the mark). */
  budgetMs: number;
}

/**
 * The site's logo for a page's first paint: WordPress's `headerlogo`, on the home page's fields
 * (the read the header's own logo comes from, kept by the proxy's cache), read within the
 * page's budget; undefined (the bundled mark) when it is missing, unsafe (headerLogoUrl) or late.
 */
export function createHeaderLogo(deps: HeaderLogoDeps) {
  return async function headerLogo(): Promise<string | undefined> {
    if (deps.budgetMs <= 0) return undefined;
    // Never a failed page for its logo.
    const answer = await within(
      deps.wordpress.read(HOME_PAGE, cacheTtlOf(pathOf(HOME_PAGE))).catch(() => undefined),
      deps.budgetMs,
    );
    if (answer?.status !== 200) return undefined;
    const page = v.safeParse(headerContent, deps.json(answer.body)?.json);
    const logo = page.success ? page.output.acf_groups?.HeaderContent?.headerlogo : undefined;
    return headerLogoUrl(logo?.url, deps.publicUrl);
  };
}
