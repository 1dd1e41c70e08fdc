import type { ServerRenderer, ServerRenderInput } from '../page/serverRender';

/** What `renderers[name]` draws for `input`; a name the file has no renderer for fails the test. */
export function drawnBy(
  renderers: Record<string, ServerRenderer>,
  name: string,
  input: ServerRenderInput,
): string | undefined {
  const draw = renderers[name];
  if (!draw) throw new Error(`pages.tsx has no renderer "${name}"`);
  return draw(input);
}

/**
 * Where the visitor sees an element's parts: comments (React's marks between two texts in its
 * server markup) left out, the texts side by side joined, as they paint, and what a served
 * control holds until the page's code runs left out, as it moves nothing: a form's `inert`, a
 * button's `disabled` (tests of the controls' states check those apart).
 */
export function seen(element: Element): Element {
  const copy = element.cloneNode(true) as Element;
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
