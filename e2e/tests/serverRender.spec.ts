import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectSamePlace, loadedResources, withoutScripts } from '../support/storefront';

/**
 * The routes whose first screen the gateway renders with the home remote's own code: what their
 * served HTML holds (the heading, the first item), and the reads it was drawn from, which the page
 * carries and never asks for.
 */
const RENDERED = [
  {
    path: '/courses',
    heading: 'All courses',
    first: 'UKMLA AKT Online Course',
    reads: ['/wp-json/wp/v2/courseList'],
  },
  {
    path: '/courses/plab-1-online-course',
    heading: 'PLAB 1 Online Course',
    first: 'Add PLAB 1 Online Course to cart',
    reads: ['/wp-json/wp/v2/courseList'],
  },
  {
    path: '/events',
    heading: 'Events and mock exams',
    first: 'PLAB 2 Mock Circuit — Manchester',
    reads: ['/wp-json/wp/v2/products-with-ticket'],
  },
  {
    path: '/events/plab-2-mock-circuit-manchester-january-2027',
    heading: 'PLAB 2 Mock Circuit — Manchester',
    first: 'Pennine Clinical Skills Centre',
    reads: ['/wp-json/wp/v2/products-with-ticket'],
  },
  {
    path: '/locations/1',
    heading: 'PLAB 2 preparation in London',
    first: 'UKMLA CPSA Mock Day — London',
    reads: ['/wp-json/wp/v2/page-details/location-1', '/wp-json/wp/v2/products-with-ticket'],
  },
];

/** Counts every layout shift of the page from its first paint on (window.shifted). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watched = window as unknown as { shifted: number };
    watched.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        watched.shifted += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const { path, heading, first, reads } of RENDERED) {
  test.describe(path, () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('its first screen is in the served HTML: with no script at all, its heading and first item show', async ({
      page,
      consoleWatch,
    }) => {
      await withoutScripts(page, consoleWatch);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('main').getByText(first).first()).toBeVisible();
    });

    test('the remote takes the first screen over without moving it, and asks nothing the page carries', async ({
      page,
      consoleWatch,
    }) => {
      await withoutScripts(page, consoleWatch);
      await page.goto(path);
      const served = await page.getByRole('heading', { level: 1 }).boundingBox();
      await page.unrouteAll();

      await watchShifts(page);
      await page.goto(path);
      // The remote's page has replaced the gateway's markup, and its prices (or places) are in.
      await expect(page.locator('[data-server-render]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      await expect(page.locator('main select:disabled')).toHaveCount(0);
      expectSamePlace(served, await page.getByRole('heading', { level: 1 }).boundingBox());
      expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
      const asked = (await loadedResources(page)).map((t) => new URL(t.url).pathname);
      for (const read of reads) expect(asked, read).not.toContain(read);
    });
  });
}
