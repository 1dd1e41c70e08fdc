import { PAGE_CONTRACT } from '../page/contract';
import { servedKey } from '../page/servedKey';

/**
 * The answers the page's server render was drawn from, which the gateway carries in the page
 * (page contract `markup.servedReadsId`, by servedKey): the page's first read of each takes it
 * instead of asking again, so the page's first render shows what the served HTML shows. Each is
 * taken once; later reads ask the backend. On the server, the renderer serves its answers itself
 * (read.ts serveAnswers).
 */
let served: Map<string, unknown> | undefined;

/**
 * Once answers are served in place (the server, drawing a page): the reads the page asked for
 * that it was not served, by served key, in the order asked. The gateway may read them and draw
 * the page again with their answers (a list's prices, which depend on the list's answer).
 * Undefined in the browser, which takes the answers its page carries.
 */
let wanted: Set<string> | undefined;

/** The answers the page carries; none when it carries none or they cannot be read. */
function carried(doc: Document): Map<string, unknown> {
  const element = doc.getElementById(PAGE_CONTRACT.markup.servedReadsId);
  if (!element) return new Map<string, unknown>();
  try {
    const value: unknown = JSON.parse(element.textContent);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? new Map<string, unknown>(Object.entries(value))
      : new Map<string, unknown>();
  } catch {
    return new Map();
  }
}

function servedAnswers(): Map<string, unknown> {
  served ??= typeof document === 'undefined' ? new Map() : carried(document);
  return served;
}

/**
 * Whether any served answer is still to be taken; always once answers are served in place, so
 * that every read the server's page asks for is either served or told as wanted.
 */
export function anyServed(): boolean {
  return wanted !== undefined || servedAnswers().size > 0;
}

/**
 * The served answer of the read at `url` (path and query as the read writes them), taken: the
 * next call for it finds none. Undefined when none was served.
 */
export function takeServed(url: string): { value: unknown } | undefined {
  const answers = servedAnswers();
  const key = servedKey(url, PAGE_CONTRACT.markup.stampParameter);
  if (!answers.has(key)) {
    wanted?.add(key);
    return undefined;
  }
  const value = answers.get(key);
  answers.delete(key);
  return { value };
}

/**
 * Serves these answers (by servedKey) in place of any not yet taken (read.ts serveAnswers), and
 * tells the reads asked for and not served since answers were last served in place.
 */
export function serveInPlace(answers: Record<string, unknown>): string[] {
  const told = [...(wanted ?? [])];
  served = new Map(Object.entries(answers));
  wanted = new Set();
  return told;
}
