import { test as base, expect, type Page } from '@playwright/test';

/** Console errors a test expects (a remote it took down on purpose, say). */
export interface ConsoleWatch {
  allow(pattern: RegExp): void;
}

/**
 * Every test fails on a console error or a ChunkLoadError it did not announce, and on a page error.
 */
export const test = base.extend<{ consoleWatch: ConsoleWatch }>({
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

/** A phone and a laptop: what a shopper meets on both, tested on both. */
export const SCREENS = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;
