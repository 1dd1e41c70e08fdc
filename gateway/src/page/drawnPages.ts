import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ServerDrawing, ServerRenderInput } from 'shared-store/server';
import type { RouteRenderer } from './serverRender';

/**
 * How much a renderer keeps, in characters: of its drawings' markup (the sample's largest page,
 * `/`, draws 26 KB; the real catalogue has a few hundred pages), and of the wanted reads it
 * remembers with each page's address (a visitor chooses the address: a search's term).
 */
const KEPT_CHARS = { drawings: 16 * 1024 * 1024, wanted: 2 * 1024 * 1024 };

/** What a page's last view read beyond its rendered reads, and from which rendered answers. */
interface WantedBefore {
  /** The digest of the rendered reads' answers its view started from. */
  basis: string;
  /** The reads its renders wanted that it was handed, in the order they were read. */
  urls: readonly string[];
}

/**
 * A digest of reads' answers by served key, in the keys' order (a page's discovery reads them in
 * the order its renders want them; the renderer finds each by its key).
 */
function digestOf(reads: Record<string, unknown>, ...around: unknown[]): string {
  const byKey = Object.keys(reads)
    .sort()
    .map((key) => [key, reads[key]]);
  return createHash('sha256')
    .update(JSON.stringify([...around, byKey]))
    .digest('base64url');
}

/** The digest of a page's rendered reads' answers: what its wanted reads were found from. */
export const basisOf = (reads: Record<string, unknown>): string => digestOf(reads);

/** A page as its renderer sees it but for its reads: its address, pattern and cookies. */
export const pageOf = (name: string, page: Omit<ServerRenderInput, 'reads'>): string =>
  JSON.stringify([name, page]);

/** One renderer's kept drawings and the wanted reads of the pages it drew. */
interface RendererMemory {
  /** Renders on their way, by digest of what they draw from: the pages asking meanwhile share. */
  drawing: Map<string, Promise<ServerDrawing | undefined>>;
  drawings: LRUCache<string, ServerDrawing>;
  wanted: LRUCache<string, WantedBefore>;
}

const charsOf = (texts: readonly string[]) =>
  Math.max(
    1,
    texts.reduce((sum, text) => sum + text.length, 0),
  );

/**
 * Each renderer's drawings, kept by what they were drawn from (a renderer draws a page exactly as
 * its input says: its address, pattern and reads' answers), so a page viewed again with the same
 * answers is served what was drawn for them, without a render; and what each page's last view
 * wanted beyond its rendered reads, so the next view reads it before its first render. A page
 * drawn from a visitor's cookies (the route's `serverRenderCookies`) is always drawn: no drawing
 * kept is ever one made from another visitor's request. A new release's renderer (another
 * RouteRenderer) starts with none; a render that throws or draws nothing is not kept.
 */
export function createDrawnPages() {
  const memories = new WeakMap<RouteRenderer, RendererMemory>();
  const memoryOf = (renderer: RouteRenderer): RendererMemory => {
    let memory = memories.get(renderer);
    if (!memory) {
      memory = {
        drawing: new Map(),
        drawings: new LRUCache({
          maxSize: KEPT_CHARS.drawings,
          sizeCalculation: ({ html, wanted }) => charsOf([html, ...wanted]),
        }),
        wanted: new LRUCache({
          maxSize: KEPT_CHARS.wanted,
          sizeCalculation: ({ urls }, page) => charsOf([page, ...urls]),
        }),
      };
      memories.set(renderer, memory);
    }
    return memory;
  };

  return {
    /**
     * The page drawn by `renderer`'s `name` from `input`: the drawing kept for the same input, or
     * a render (shared by the pages that ask for it while it is drawn).
     */
    draw(
      renderer: RouteRenderer,
      name: string,
      input: ServerRenderInput,
    ): Promise<ServerDrawing | undefined> {
      if (input.cookies) return renderer.render(name, input);
      const { drawing, drawings } = memoryOf(renderer);
      const { reads, ...page } = input;
      const key = digestOf(reads, name, page);
      const kept = drawings.get(key);
      if (kept) return Promise.resolve(kept);
      const asked = drawing.get(key);
      if (asked) return asked;
      const render = renderer.render(name, input);
      drawing.set(key, render);
      const settled = () => drawing.delete(key);
      render.then((drawn) => {
        settled();
        if (drawn) drawings.set(key, drawn);
      }, settled);
      return render;
    },
    /** What the page's last view wanted beyond its rendered reads, if it is remembered. */
    wantedBefore: (renderer: RouteRenderer, page: string): WantedBefore | undefined =>
      memoryOf(renderer).wanted.get(page),
    /** Remembers what the page's view wanted beyond its rendered reads. */
    remember(renderer: RouteRenderer, page: string, wanted: WantedBefore): void {
      memoryOf(renderer).wanted.set(page, wanted);
    },
  };
}
