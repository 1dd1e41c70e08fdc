import { createHash } from 'node:crypto';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

/** Console errors a test expects (a remote it took down on purpose, say). */
export interface ConsoleWatch {
  allow(pattern: RegExp): void;
}

/**
 * Every test is a client of its own, and fails on a console error or a ChunkLoadError it did not
 * announce, and on a page error.
 */
/**
 * The address a test's browser is to the gateway: its own, from the test's id, so that the limits
 * per client (10 orders a minute) count one test's requests, never those of another test that ran
 * in the same minute. The tests' gateway believes X-Forwarded-For from 127.0.0.1, as a gateway
 * behind a load balancer does (playwright.config.ts).
 */
function clientAddressOf(testInfo: TestInfo): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256')
    .update(`${testInfo.testId}/${String(testInfo.retry)}`)
    .digest();
  return `10.${String(a)}.${String(b)}.${String(c)}`;
}

export const test = base.extend<{
  consoleWatch: ConsoleWatch;
  /**
   * The visitor closed the newsletter popup on an earlier visit (popupClosed), as most visitors
   * have: the popup opens 10 s into a page, and on a loaded machine a test's page lives that long.
   * The popup's own tests set it to false.
   */
  closedNewsletterPopupBefore: boolean;
  returningVisitor: undefined;
}>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressOf(testInfo) });
  },
  closedNewsletterPopupBefore: [true, { option: true }],
  returningVisitor: [
    async ({ context, closedNewsletterPopupBefore }, use) => {
      if (closedNewsletterPopupBefore) {
        // Once per tab, at its first page: a logout that clears the storage is not undone.
        await context.addInitScript(() => {
          try {
            if (sessionStorage.getItem('e2e-returning-visitor')) return;
            sessionStorage.setItem('e2e-returning-visitor', 'true');
            localStorage.setItem('popupClosed', 'true');
          } catch {
            // A test's storage that throws (private mode): the popup is then the test's.
          }
        });
      }
      await use(undefined);
    },
    { auto: true },
  ],
  consoleWatch: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(text);
      });
      page.on('pageerror', (error) => {
        if (!allowed.some((pattern) => pattern.test(error.message))) problems.push(error.message);
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(problems, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The header's cart button, found as a person using a screen reader would. */
export function cartButton(page: Page) {
  return page.getByRole('link', { name: /^Cart, \d+ items?$/ });
}

/**
 * Goes to the cart page as a shopper does: the header's cart opens the cart drawer ("Your cart"),
 * whose View cart leads there.
 */
export async function goToCart(page: Page): Promise<void> {
  await cartButton(page).click();
  await page
    .getByRole('dialog', { name: 'Your cart' })
    .getByRole('link', { name: 'View cart' })
    .click();
}

/** A phone and a laptop: what a shopper meets on both, tested on both. */
export const SCREENS = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;
