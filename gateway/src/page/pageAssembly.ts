import { createHash } from 'node:crypto';
import { escapeHtml as escapeAttribute, escapeJsonForHtml } from './htmlText';
import {
  CONSENT_COOKIE,
  CONSENT_VALUE_PATTERN,
  consentModeOf,
  pageReadUrl,
  servedKey,
  tagManagerScriptUrl,
  type PageContract,
  type PageMarkup,
} from 'shared-store/server';
import { headMarkup, withoutTemplateHead, type PageHead } from './headMarkup';
import { headerLogoMarkup } from './headerLogo';
import type { PageRequest } from './remoteHints';
import type { RemotesConfig } from './remotesConfig';
import type { PreviewNotice } from './rollout';
import type { ServerRender } from './serverRender';

/**
 * The shell's page as the gateway serves it: pure functions from the shell's template (with the
 * slots the page contract names), the contract, the remotes' configuration and manifests, and the
 * route's data, to HTML. No file, no clock, no request: the page plugin (index.ts) gathers those.
 */

/** Data the page carries for its scripts, under the id the page contract gives it. */
function jsonScript(id: string, value: unknown): string {
  return `<script id="${escapeAttribute(id)}" type="application/json">${escapeJsonForHtml(value)}</script>`;
}

/** A slot of the shell's page, as the template writes it (an HTML comment). */
const slot = (name: string) => `<!--${name}-->`;

/**
 * Whether a template has the slots the page contract names where they must be: the head's
 * slot inside the head, the first paint's opening and closing around the root's markup.
 */
export function templateProblem(template: string, markup: PageMarkup): string | undefined {
  const head = template.indexOf(slot(markup.headSlot));
  if (head < 0 || head > template.indexOf('</head>')) {
    return `has no ${slot(markup.headSlot)} in its head`;
  }
  const open = template.indexOf(slot(markup.firstPaintSlot));
  const close = template.indexOf(slot(`/${markup.firstPaintSlot}`));
  if (open < 0 || close < open) {
    return `has no ${slot(markup.firstPaintSlot)} … ${slot(`/${markup.firstPaintSlot}`)} around its first paint`;
  }
  return undefined;
}

/**
 * The shell's page with the remotes configuration inlined (no extra round trip before discovery),
 * the manifests of the remotes it shows (`carried`, by URL; any it cannot carry are preloaded:
 * `manifests`) and preload hints (`hints`) for the code and data its first screen needs, so
 * that they download in parallel with the shell's own code. A `bare` page (the company's app on an auth or
 * legal page) drops the template's first paint, the layout the app does not show. A
 * `serverRender` goes into the page's space, marked with the module it stands for, with the
 * answers it was drawn from (by served key) for the page's first reads. A `head` (headMarkup.ts) replaces the
 * template's title and description and opens the head's slot. Every page's head starts with
 * Consent Mode's defaults (CONSENT_DEFAULTS), then the tag manager when one is named
 * (`tagManager`, its container id: the caller names it only when the visitor's stored choice
 * allows it, allowsTagManager); the cookie question is left out for a visitor who has
 * answered it (`consentAnswered`). A browser previewing a release gets the preview bar at the top
 * of the page (`preview`). The site's logo (`headerLogo`, an address headerLogoUrl accepted)
 * takes the bundled mark's place in the header's space.
 */
export function renderIndex(
  template: string,
  markup: PageMarkup,
  remotes: RemotesConfig,
  publicConfig: Record<string, string> = {},
  {
    carried = {},
    manifests = Object.values(remotes).filter((url) => !(url in carried)),
    hints = '',
    bare = false,
    serverRender,
    head,
    consentAnswered = false,
    tagManager,
    preview,
    headerLogo,
  }: {
    carried?: Record<string, unknown>;
    manifests?: string[];
    hints?: string;
    bare?: boolean;
    serverRender?: ServerRender;
    head?: PageHead;
    consentAnswered?: boolean;
    tagManager?: string | undefined;
    preview?: PreviewNotice | undefined;
    headerLogo?: string | undefined;
  } = {},
): string {
  const preloads = manifests
    .map(
      (url) =>
        `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(url)}">`,
    )
    .join('');
  let inline =
    jsonScript(markup.remotesConfigId, remotes) +
    jsonScript(markup.storefrontConfigId, publicConfig) +
    (Object.keys(carried).length > 0 ? jsonScript(markup.carriedManifestsId, carried) : '');
  let page = head ? withoutTemplateHead(template) : template;
  if (bare) page = withoutSlot(page, markup.firstPaintSlot);
  if (consentAnswered) page = withSlotHidden(page, markup.consentSlot);
  if (headerLogo !== undefined) {
    page = withSlotHolding(page, markup.headerLogoSlot, headerLogoMarkup(headerLogo));
  }
  const rendered = serverRender && !bare && canHoldServerRender(page, markup);
  let firstImages = '';
  if (rendered) {
    const { images, html } = imagePreloadsOf(serverRender.html);
    firstImages = images;
    const marked = `<div ${markup.serverRenderAttribute}="${escapeAttribute(serverRender.module)}">${html}</div>`;
    page = page.replace(slot(markup.serverRenderSlot), () => marked);
    inline += jsonScript(markup.servedReadsId, serverRender.reads);
  }
  const ownHead = head ? headMarkup(head) : '';
  page = page.replace(
    slot(markup.headSlot),
    () => `${ownHead}${consentAndTags(tagManager)}${firstImages}${preloads}${hints}${inline}`,
  );
  if (preview)
    page = page.replace(slot(markup.consentSlot), (consent) => previewBar(preview) + consent);
  const left = [markup.firstPaintSlot, markup.consentSlot, markup.headerLogoSlot].flatMap(
    (name) => [slot(name), slot(`/${name}`)],
  );
  for (const comment of [...left, slot(markup.serverRenderSlot)]) {
    page = page.replace(comment, '');
  }
  return rendered ? codeAfterFirstPaint(page) : page;
}

/**
 * The preview bar: which release this browser previews (or that it cannot be shown, and the
 * versions other visitors get are), and the way out. Plain markup, styled by the shell's sheet: it needs no script.
 */
function previewBar({ remote, version, shown }: PreviewNotice): string {
  const what = `Preview: ${escapeAttribute(remote)} v${escapeAttribute(version)}`;
  const says = shown
    ? `${what}. Only this browser sees it.`
    : `${what} is not available any more: you see the site as other visitors do.`;
  return `<div class="shell-preview-bar" role="status"><p>${says}</p><a href="/preview/exit">Exit preview</a></div>`;
}

/** The page without one of its slots (`<!--name-->` … `<!--/name-->`) and what it holds. */
function withoutSlot(page: string, name: string): string {
  const open = page.indexOf(slot(name));
  const close = page.indexOf(slot(`/${name}`));
  if (open < 0 || close < open) return page;
  return page.slice(0, open) + page.slice(close + slot(`/${name}`).length);
}

/** The page with what one of its slots (`<!--name-->` … `<!--/name-->`) holds replaced by `html`. */
function withSlotHolding(page: string, name: string, html: string): string {
  const open = page.indexOf(slot(name));
  const close = page.indexOf(slot(`/${name}`));
  if (open < 0 || close < open) return page;
  return page.slice(0, open + slot(name).length) + html + page.slice(close);
}

/**
 * The page with the element a slot holds hidden (`hidden` added to its first tag): there, and
 * not shown, for the page's code to show again (the cookie question, from Cookie settings).
 */
function withSlotHidden(page: string, name: string): string {
  return page.replace(new RegExp(`(${slot(name)}(?:\\s|<!--[\\s\\S]*?-->)*<[a-z]+)`), '$1 hidden');
}

/** Consent Mode's signals for each answer the consent cookie can hold, by its two digits ("10"). */
const CONSENT_UPDATES = Object.fromEntries(
  [true, false].flatMap((analytics) =>
    [true, false].map((marketing) => [
      `${analytics ? '1' : '0'}${marketing ? '1' : '0'}`,
      consentModeOf({ analytics, marketing }),
    ]),
  ),
);

/**
 * The page's first script: Google Consent Mode v2's defaults, everything denied, in the data
 * layer before anything else can be; then, when the visitor's consent cookie holds an answer
 * (shared-store's format, matched here by the same pattern), that answer's signals (shared-store's
 * consentModeOf, as the shell tells them). `gtag` is Google's own tag function, which the shell
 * calls again when the visitor answers. A constant: one CSP hash.
 */
const CONSENT_DEFAULTS =
  '(function(){window.dataLayer=window.dataLayer||[];' +
  'var g=window.gtag=function(){window.dataLayer.push(arguments)};' +
  `g("consent","default",${JSON.stringify({ ...consentModeOf({ analytics: false, marketing: false }), wait_for_update: 500 })});` +
  `var c=/(?:^|;\\s*)${CONSENT_COOKIE}=${CONSENT_VALUE_PATTERN}(?:;|$)/.exec(document.cookie);` +
  `if(c)g("consent","update",${JSON.stringify(CONSENT_UPDATES)}[c[1]+c[2]])})()`;

/** Google Tag Manager's start, which its container reads from the data layer. A constant. */
const TAG_MANAGER_START = 'window.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"})';

/** Consent Mode's defaults, then Google Tag Manager's container when one is named. */
function consentAndTags(tagManager: string | undefined): string {
  const consent = `<script>${CONSENT_DEFAULTS}</script>`;
  if (tagManager === undefined) return consent;
  const src = tagManagerScriptUrl(tagManager);
  return `${consent}<script>${TAG_MANAGER_START}</script><script async src="${escapeAttribute(src)}"></script>`;
}

/** The image preloads React writes first in a render of its first screen's eager images. */
const LEADING_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image" [^<>]*>)+/;

/**
 * A server render's leading image preloads (React's, for an image drawn with fetchpriority high)
 * taken out of its markup, for the page's head: the browser starts the first screen's largest
 * image before it has read the head's other hints and the style sheets.
 */
function imagePreloadsOf(html: string): { images: string; html: string } {
  const images = LEADING_IMAGE_PRELOADS.exec(html)?.[0] ?? '';
  return { images, html: html.slice(images.length) };
}

/** The largest style sheet a page carries inline instead of linking it. */
export const MAX_INLINE_STYLE_CHARS = 16 * 1024;

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/[^"]+\.css)">/g;

/**
 * A style sheet's text when a page can carry it inline: one of ours (a path on this site), found,
 * small, referring to nothing by URL (a relative URL would resolve against the page) and unable
 * to end its element. Otherwise undefined: the sheet stays a file.
 */
export function sheetToCarry(
  href: string,
  read: (href: string) => string | undefined,
): string | undefined {
  const css = href.startsWith('/') ? read(href) : undefined;
  return css !== undefined && css.length <= MAX_INLINE_STYLE_CHARS && !/url\(|<\//i.test(css)
    ? css
    : undefined;
}

/**
 * The page with the style sheets it links (the first paint waits for each) carried inline
 * instead, so it paints without another round trip, and their hashes for the page's CSP. Each
 * is marked with its file name (`data-href`), which is how a build's runtime sees that the sheet
 * is already there. A sheet the page cannot carry (sheetToCarry) stays linked.
 */
export function inlineStyleSheets(
  page: string,
  markup: PageMarkup,
  read: (href: string) => string | undefined,
): { page: string; hashes: string[] } {
  const hashes: string[] = [];
  const inlined = page.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = sheetToCarry(href, read);
    if (css === undefined) return link;
    hashes.push(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    const name = href.slice(href.lastIndexOf('/') + 1);
    return `<style ${markup.carriedStyleAttribute}="${escapeAttribute(name)}">${css}</style>`;
  });
  return { page: inlined, hashes };
}

/** Whether a template has the slot in the page's space a server render goes into. */
export function canHoldServerRender(template: string, markup: PageMarkup): boolean {
  return template.includes(slot(markup.serverRenderSlot));
}

/** The page's scripts and the preloads of its code, as the template and hints write them. */
const CODE =
  /<script defer="defer" src="([^"]+)"[^>]*><\/script>|<link rel="preload" as="script" href="([^"]+)">/g;

/** The id of the data a page's code loader reads: the scripts to start, and the code to preload. */
export const CODE_AFTER_PAINT_ID = 'code-after-paint';

/**
 * Starts a page's code once its first screen has been painted: after the first contentful paint,
 * the first screen's images (those marked `fetchpriority="high"`) loaded or failed, and the frame
 * that paints them; or after 3 s at most (a tab in the background paints nothing); or at once
 * where the browser cannot report paints. Code that started while the hero image was still coming
 * would share the line with it, and hold back the page's largest paint. The code's preloads go in
 * first, at low priority, then its scripts, run in their order. A constant: one CSP hash.
 */
const CODE_LOADER =
  '(function(){var d=document,c=JSON.parse(d.getElementById("' +
  CODE_AFTER_PAINT_ID +
  '").textContent),done=false;' +
  'function add(t,a){var e=d.createElement(t);for(var k in a)e[k]=a[k];d.head.appendChild(e)}' +
  'function go(){if(done)return;done=true;' +
  'c.preloads.forEach(function(u){add("link",{rel:"preload",as:"script",fetchPriority:"low",href:u})});' +
  'c.scripts.forEach(function(u){add("script",{src:u,async:false})})}' +
  'function images(f){var w=[].filter.call(d.querySelectorAll("img[fetchpriority=high]"),function(i){return!i.complete}),n=w.length;' +
  'if(!n)return f();w.forEach(function(i){function one(){if(--n===0)f()}i.addEventListener("load",one);i.addEventListener("error",one)})}' +
  'try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)images(function(){requestAnimationFrame(function(){setTimeout(go,0)})})})' +
  '.observe({type:"paint",buffered:true})}catch(e){go()}setTimeout(go,3000)})()';

/** The code a page starts after its first paint. */
export interface CodeAfterPaint {
  /** Its scripts, in the order they run. */
  scripts: string[];
  /** The code they will ask for, preloaded. */
  preloads: string[];
}

/**
 * A page whose first screen is in its markup needs no script to show it: its scripts and the
 * preloads of its code start once that screen has been painted (CODE_LOADER, at the end of the
 * page, reading what to start from the page's data). Its style sheets, first images and data
 * have the line alone until then, so a phone's LCP does not wait on code the screen does not
 * need; the data the code will read still starts with the page.
 */
function codeAfterFirstPaint(page: string): string {
  const code: CodeAfterPaint = { scripts: [], preloads: [] };
  const without = page.replace(
    CODE,
    (_tag: string, script: string | undefined, preload: string | undefined) => {
      if (script !== undefined) code.scripts.push(script);
      if (preload !== undefined) code.preloads.push(preload);
      return '';
    },
  );
  return without.replace(
    '</body>',
    () => `${jsonScript(CODE_AFTER_PAINT_ID, code)}<script>${CODE_LOADER}</script></body>`,
  );
}

/** The inline scripts the gateway writes, each a constant, with its CSP source (its hash). */
const INLINE_SCRIPTS = [CONSENT_DEFAULTS, TAG_MANAGER_START, CODE_LOADER].map((code) => ({
  markup: `<script>${code}</script>`,
  source: `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
}));

/** The CSP sources of a page's inline scripts: the hash of each one the page has. */
export function inlineScriptSources(page: string): string[] {
  return INLINE_SCRIPTS.filter(({ markup }) => page.includes(markup)).map(({ source }) => source);
}

/**
 * Data the page's first screen waits for, started with the page instead of after its code (the
 * page contract's `layoutData`, unless the company's app shows the page bare, and its route's
 * `data`), each at the URL the page's own read asks for (shared-store's pageReadUrl), once. Each
 * is asked for by the page once: the browser answers the page's own read with it. A page whose
 * first screen was rendered on the server carries the answers it was drawn from (`carried`, by
 * served key: its route's `rendered` reads and any its render wanted), none of which is hinted,
 * and asks for the rest at low priority, after its style sheets and first image.
 */
export function dataHints(
  contract: PageContract,
  { route, shows, query, bare }: PageRequest,
  now: number,
  { carried }: { carried?: Readonly<Record<string, unknown>> | undefined } = {},
): string {
  const rendered = carried !== undefined;
  const reads = [...(bare ? [] : contract.layoutData), ...(shows?.data ?? [])].filter(
    (read) => !(rendered && read.rendered === true),
  );
  const page = {
    path: route,
    // The layout's reads name no segment; a page no route shows names none either.
    pattern: shows?.path ?? route,
    search: query,
    now,
    stampParameter: contract.markup.stampParameter,
  };
  const priority = rendered ? ' fetchpriority="low"' : '';
  const urls = reads.flatMap((read) => {
    const url = pageReadUrl(read, page);
    return url === undefined || Object.hasOwn(carried ?? {}, servedKey(url, page.stampParameter))
      ? []
      : [url];
  });
  return [...new Set(urls)]
    .map(
      (url) =>
        `<link rel="preload" as="fetch" crossorigin="anonymous"${priority} href="${escapeAttribute(url)}">`,
    )
    .join('');
}
