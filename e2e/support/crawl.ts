import { expect, type Page } from '@playwright/test';

/**
 * Top-level domains reserved never to resolve (RFC 2606, RFC 6761): a link to a host under one
 * leads nowhere for a visitor.
 */
const NEVER_RESOLVES = /(^|\.)(test|example|invalid|localhost)$/i;

/** A link's host that can never resolve, or undefined (mail links by their domain). */
export function unresolvableHost(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  if (url.protocol === 'mailto:') {
    const domain = url.pathname.split('@')[1] ?? '';
    return NEVER_RESOLVES.test(domain) ? domain : undefined;
  }
  if (url.protocol === 'tel:') return undefined;
  return NEVER_RESOLVES.test(url.hostname) ? url.hostname : undefined;
}

/** Every link's address in the page, resolved. */
function linksIn(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'), (link) => link.href),
  );
}

/**
 * The links of a page with every menu of its header opened in turn (on a phone, the menu button
 * first, then each submenu), so links that show only in an open menu are found too.
 */
export async function linksWithMenusOpen(page: Page): Promise<string[]> {
  const found = new Set(await linksIn(page));
  const toggles = page.locator('header button[aria-expanded]:not([aria-haspopup="dialog"])');
  const opened = new Set<number>();
  // Opening the phone's menu shows the submenus' buttons: look again until nothing new opens.
  for (let round = 0; round < 3; round += 1) {
    const count = await toggles.count();
    let openedThisRound = false;
    for (let index = 0; index < count; index += 1) {
      const toggle = toggles.nth(index);
      if (opened.has(index) || !(await toggle.isVisible())) continue;
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      opened.add(index);
      openedThisRound = true;
      for (const href of await linksIn(page)) found.add(href);
    }
    if (!openedThisRound) break;
  }
  return [...found];
}

/** What is wrong with the page the browser shows now, or undefined when it is a real page. */
export async function pageProblem(page: Page): Promise<string | undefined> {
  const heading = page.locator('main h1').first();
  try {
    await expect(heading).toBeVisible({ timeout: 10_000 });
  } catch {
    return 'no heading in main';
  }
  // A page still loading shows a status; wait for its content.
  await expect(
    page.locator('main [role="status"][aria-live], main [aria-busy="true"]'),
  ).toHaveCount(0, { timeout: 10_000 });
  const title = (await heading.innerText()).trim();
  if (/page not found/i.test(title)) return 'page not found';
  const text = (await page.locator('main').innerText()).trim();
  if (text.length < 40) return `an empty main ("${text}")`;
  return undefined;
}
