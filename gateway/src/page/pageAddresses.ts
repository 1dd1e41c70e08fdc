import { extname } from 'node:path';
import Negotiator from 'negotiator';
import { routeOf } from '../proxy/routeTable';

/**
 * Which requests the shell's page answers. An address is a page's unless it names a file, a
 * remote's or a release's build, or a folder of the route table (the upstreams' and the gateway's
 * own API), which answer for themselves. A request for a page's address wants the page or the
 * JSON error of an API as its `Accept` header says, read as HTTP's content negotiation does: a
 * link's preview (Facebook, WhatsApp, Slack, LinkedIn), a search engine or `curl` accept any
 * type, or send no `Accept` at all, and get the page with its head; only a client that asks for
 * JSON alone, or prefers it to HTML, gets JSON.
 */

/** The remotes' builds and the released versions: files, never the shell's page. */
const FILE_FOLDERS = /^\/(?:remotes|releases)\//;

/**
 * Where a scraper asks for the operators' metrics, which are served on their own port only
 * (plugins/metrics.ts): here it is never a page (nor WordPress's), so a scraper pointed at the
 * storefront's port is told 404 whatever WordPress holds.
 */
const METRICS_ADDRESS = /^\/metrics(?:\/|$)/i;

/** Whether a path (without its query) is an address the shell's page may stand at. */
export function isPageAddress(path: string): boolean {
  return (
    !extname(path) &&
    !FILE_FOLDERS.test(path) &&
    !METRICS_ADDRESS.test(path) &&
    routeOf('GET', path) === undefined
  );
}

/** The types a page address answers in: the page, or an API's JSON error. */
const ANSWER_TYPES = ['text/html', 'application/json'];

/**
 * Whether the page answers a request with this `Accept` header, as HTTP's content negotiation
 * reads it (negotiator: weights, then the more precisely named type, then the header's order):
 * with none (or none that can be read), or when HTML is wanted at least as much as JSON.
 */
export function acceptsPage(accept: string | undefined): boolean {
  const negotiator = new Negotiator({ headers: { accept: accept ?? '' } });
  if (negotiator.mediaTypes().length === 0) return true;
  return negotiator.mediaType(ANSWER_TYPES) === 'text/html';
}
