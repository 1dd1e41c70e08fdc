import { useCallback } from 'react';
import { PAGE_CONTRACT } from 'shared-store';

/** The attribute the gateway marks what it rendered of a remote module with (its id). */
const MARK = PAGE_CONTRACT.markup.serverRenderAttribute;

const taken = new Map<string, Element>();

/**
 * What the gateway rendered of a remote module into this page: found in the page the first time,
 * then kept (React's first render takes it out of the page and PageSpace puts it back).
 */
function serverRender(id: string): Element | undefined {
  const kept = taken.get(id);
  if (kept) return kept;
  const found = [...document.querySelectorAll(`[${MARK}]`)].find(
    (el) => el.getAttribute(MARK) === id,
  );
  if (found) taken.set(id, found);
  return found;
}

/**
 * Takes what the gateway rendered of the page's module out of the page, unseen, before the app
 * mounts at an address the page was not served for (a back or forward pressed while the page's
 * code was on its way): it shows the served address's content, not this one's, and React's first
 * render, which would take it out, waits for the page's code.
 */
export function dropServerRenders(): void {
  for (const element of document.querySelectorAll(`[${MARK}]`)) element.remove();
  taken.clear();
}

/**
 * Whether the gateway rendered a whole first screen of `id` into this page, nothing of it still
 * loading (the cart's reserved lines are not): a page worth keeping when its remote cannot come.
 */
export function servedWhole(id: string): boolean {
  const rendered = serverRender(id);
  return rendered?.querySelector('[aria-busy="true"]') === null;
}

/** The boxes of a skeleton, each shape placing them (shell.css, "Skeletons"). */
const BONES = Array.from({ length: 10 }, (_, bone) => <i key={bone} />);

/**
 * The page's space while a remote page loads. Where the gateway rendered that page's first
 * screen into the page (the home page with its sections, a course, a list), the space keeps that very markup, nodes and all, so what the
 * browser painted before any script stays on screen, unmoved, until the remote replaces it.
 * Elsewhere (a page opened from another, a page served without its first screen) it shows the
 * skeleton of the route's `shape` (its first screen's name, the page contract's `serverRender`;
 * none for a page of text), which the style sheet shows only once the load has taken a moment.
 * `loading`: false where the remote cannot come and the markup stays as it is.
 */
export function PageSpace({
  serverRenderOf,
  shape,
  loading = true,
}: {
  serverRenderOf?: string | undefined;
  shape?: string | undefined;
  loading?: boolean;
}) {
  const rendered = serverRenderOf ? serverRender(serverRenderOf) : undefined;
  const keep = useCallback(
    (space: HTMLDivElement | null) => {
      if (space && rendered && rendered.parentNode !== space) space.append(rendered);
    },
    [rendered],
  );
  return (
    <div
      className="shell-page-space"
      aria-busy={loading || undefined}
      ref={rendered ? keep : undefined}
    >
      {loading && !rendered && (
        <div className="shell-skeleton" data-shape={shape}>
          <p role="status">Loading…</p>
          {BONES}
        </div>
      )}
    </div>
  );
}
