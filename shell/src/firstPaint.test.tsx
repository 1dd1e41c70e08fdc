import { act } from '@testing-library/react';
import { PAGE_CONTRACT } from 'shared-store';
import { mockFetch, pendingAnswer, renderWithProviders } from 'shared-store/testing';
import { App } from './App';
import { shellFile } from './testing/shellFile';

// Every remote is still loading, and so is every request: the moment the page's own markup stands for.
jest.mock('./remotes/federation', () => ({
  loadRemoteComponent: () => new Promise(() => undefined),
}));

/** The markup of the page's root element as shell/public/index.html writes it. */
function templateRoot(): Element {
  const html = shellFile('..', 'public', 'index.html');
  const root = new DOMParser().parseFromString(html, 'text/html').getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  return root;
}

/**
 * Markup without comments and the whitespace between tags, as the production page is served; and
 * without a skeleton, which the page's space shows only once its page has taken a moment to come.
 */
function normalized(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelector('.shell-skeleton')?.remove();
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_TEXT);
  const drop: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.COMMENT_NODE) drop.push(node);
    else if (node.textContent?.trim() === '') drop.push(node);
    else node.textContent = node.textContent?.trim() ?? '';
  }
  for (const node of drop) node.parentNode?.removeChild(node);
  return copy.innerHTML;
}

describe("the page's first paint", () => {
  beforeEach(() => {
    mockFetch({ '/': pendingAnswer });
  });

  it.each(['/', '/cart', '/search?s=plab'])(
    'is what the shell renders on %s before any remote arrives, so nothing moves when React takes over',
    async (route) => {
      const { container } = renderWithProviders(<App />, { route });
      expect(normalized(container)).toBe(normalized(templateRoot()));
      // A route page's code arrives after the comparison; its render is let through inside act.
      await act(() => Promise.resolve());
    },
  );

  it('draws the site’s logo where the gateway served it in the mark’s place, the same image in the same box', async () => {
    const page = templateRoot();
    const { headerLogoSlot } = PAGE_CONTRACT.markup;
    // The header's space as the gateway serves it with the site's logo (gateway/src/page/headerLogo.ts).
    page.innerHTML = page.innerHTML.replace(
      new RegExp(`<!--${headerLogoSlot}-->[\\s\\S]*<!--/${headerLogoSlot}-->`),
      '<img class="shell-brand" alt="" src="https://cdn.example.test/logo.svg">',
    );
    document.body.append(page);
    const { container } = renderWithProviders(<App />, { route: '/' });
    page.remove();
    expect(normalized(container)).toBe(normalized(page));
    await act(() => Promise.resolve());
  });

  it('shows the mark in the header space from the first paint', () => {
    const header = templateRoot().querySelector('.shell-header-space');
    expect(header?.querySelector('svg.shell-brand text')?.textContent.trim()).toBe('ARORA');
  });
});
