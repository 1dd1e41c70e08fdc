import type { ServerDrawing, ServerRenderer, ServerRenderInput } from '../page/serverRender';

/**
 * What `renderers[name]` draws for `input`, with the reads it wanted (none when it tells none);
 * a name the file has no renderer for fails the test.
 */
export function drawingBy(
  renderers: Record<string, ServerRenderer>,
  name: string,
  input: ServerRenderInput,
): ServerDrawing | undefined {
  const draw = renderers[name];
  if (!draw) throw new Error(`pages.tsx has no renderer "${name}"`);
  const drawn = draw(input);
  return typeof drawn === 'string' ? { html: drawn, wanted: [] } : drawn;
}

/** The markup `renderers[name]` draws for `input`. */
export function drawnBy(
  renderers: Record<string, ServerRenderer>,
  name: string,
  input: ServerRenderInput,
): string | undefined {
  return drawingBy(renderers, name, input)?.html;
}

/**
 * Where the visitor sees an element's parts: comments (React's marks between two texts in its
 * server markup) left out, the texts side by side joined, as they paint, and what a served
 * control holds until the page's code runs left out, as it moves nothing: a form's `inert`, a
 * button's `disabled` (tests of the controls' states check those apart). A box's chosen option
 * is marked `selected`, whichever way it was chosen: the server's markup says it in the
 * attribute, the browser's render in the box's value.
 */
export function seen(element: Element): Element {
  const chosen = [...element.querySelectorAll('option')].map((option) => option.selected);
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('option').forEach((option, index) => {
    option.toggleAttribute('selected', chosen[index] ?? false);
  });
  for (const inert of copy.querySelectorAll('[inert]')) inert.removeAttribute('inert');
  for (const button of copy.querySelectorAll('button[disabled]')) {
    button.removeAttribute('disabled');
  }
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  copy.normalize();
  return copy;
}

/**
 * A server render's page as the browser parses it from the served page: one element, the image
 * preloads React writes first set aside (the gateway moves them into the head).
 */
export function servedPage(html: string | undefined): Element {
  const holder = document.createElement('div');
  holder.innerHTML = html ?? '';
  const [page, ...more] = [...holder.children].filter(
    (element) => !element.matches('link[rel="preload"][as="image"]'),
  );
  if (!page || more.length > 0) throw new Error(`not one page in the markup: ${html ?? ''}`);
  return page;
}
