import type { Page } from '@playwright/test';
import { expect, SCREENS, test } from '../support/fixtures';
import { expectNothingShifted, pageTakenOver, watchShifts } from '../support/storefront';

/**
 * What the served page sells before any script runs: each price, a course's description and what
 * it includes, in the HTML the gateway serves (read from its cached reads within the page's
 * server-render budget), and taken over by the browser without asking for any of it again.
 */

const COURSE = '/courses/plab-1-online-course';
/** PLAB 1's month buttons, each with the price paid (3 Months is on sale). */
const PLAB_1_MONTHS = ['1 Month £49.99', '3 Months £119.99', '6 Months £179.99'];
/** What PLAB 1's card says it is (its excerpt). */
const PLAB_1_SUMMARY =
  'Lectures, notes and 3,500 questions for PLAB 1, now mapped to the MLA content map.';
const DESCRIPTION = 'The complete PLAB 1 package for international medical graduates';
const INCLUDED = [
  '3,500 questions with explanations',
  'UK guidelines and prescribing explained',
  'Two full timed mocks',
];
/** A search whose results are courses, events and articles. */
const SEARCH = '/search?s=plab';
/** A price as the pages write it. */
const PRICE = /^£\d+\.\d\d$/;

/** The reads a served page carries its answers of: the browser never asks for them. */
const CARRIED_READS = ['/api/shop/prices', '/api/shop/products/'];

/**
 * A course page carries its course too. A list does not carry the course pages of its cards: the
 * browser reads those ahead, once idle, for the visitor's next tap (shell/src/prefetch).
 */
const carriedReads = (path: string) =>
  path === COURSE ? [...CARRIED_READS, '/wp-json/wp/v2/course/'] : CARRIED_READS;

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${String(screen.viewport.width)} px)`, () => {
    test.use({ viewport: screen.viewport });

    test.describe('with JavaScript disabled', () => {
      test.use({ javaScriptEnabled: false });

      test('a course page shows each month’s price, its description and what it includes', async ({
        page,
      }) => {
        await page.goto(COURSE);
        const main = page.locator('main');
        await expect(main.getByRole('heading', { level: 1 })).toHaveText('PLAB 1 Online Course');
        await expect(main.locator('.home-picker label')).toHaveText(PLAB_1_MONTHS);
        await expect(main.locator('.home-shop__buy .home-card__price')).toHaveText('£49.99');
        await expect(main.getByText(DESCRIPTION)).toBeVisible();
        await expect(
          main.getByRole('heading', { level: 2, name: "What's included" }),
        ).toBeVisible();
        for (const included of INCLUDED) {
          await expect(main.getByRole('listitem').filter({ hasText: included })).toBeVisible();
        }
        await expect(main.getByText('Loading prices…')).toHaveCount(0);
      });

      test('/courses shows the price of every course and what each course is', async ({ page }) => {
        await page.goto('/courses');
        const cards = page.locator('main article.home-card');
        await expect(cards).toHaveCount(8);
        for (const price of await cards.locator('.home-card__price').allTextContents()) {
          expect(price).toMatch(PRICE);
        }
        const summaries = cards.locator('.home-card__summary');
        await expect(summaries).toHaveCount(8);
        for (const summary of await summaries.all()) await expect(summary).toBeVisible();
        const plab1 = cards.filter({ hasText: 'PLAB 1 Online Course' });
        await expect(plab1.locator('.home-card__summary')).toHaveText(PLAB_1_SUMMARY);
        await expect(plab1.locator('.home-picker label')).toHaveText(PLAB_1_MONTHS);
        await expect(page.locator('main').getByText('Loading prices…')).toHaveCount(0);
      });

      test('/ shows the course cards with their prices and the membership packages with theirs', async ({
        page,
      }) => {
        await page.goto('/');
        const cards = page.locator('main #courses-section article.home-card');
        await expect(cards).toHaveCount(8);
        for (const price of await cards.locator('.home-card__price').allTextContents()) {
          expect(price).toMatch(PRICE);
        }
        await expect(
          cards.filter({ hasText: 'PLAB 1 Online Course' }).locator('.home-card__price'),
        ).toHaveText('£49.99');
        const packages = page.locator('main article.home-package');
        await expect(packages).toHaveCount(3);
        for (const price of await packages.locator('.home-card__price').allTextContents()) {
          expect(price).toMatch(PRICE);
        }
        await expect(page.locator('main').getByText('Loading prices…')).toHaveCount(0);
      });

      test('/memberships shows the price of every package', async ({ page }) => {
        await page.goto('/memberships');
        const packages = page.locator('main article.home-package');
        await expect(packages).toHaveCount(3);
        for (const price of await packages.locator('.home-card__price').allTextContents()) {
          expect(price).toMatch(PRICE);
        }
      });

      test('search results show the price of each course and event found', async ({ page }) => {
        await page.goto(SEARCH);
        const results = page.locator('main .shell-results > li');
        await expect(results.first()).toBeVisible();
        const prices = await page.locator('main .shell-card__price').allTextContents();
        expect(prices.length).toBeGreaterThan(1);
        for (const price of prices) expect(price).toMatch(/^(?:From )?£\d+\.\d\d$/);
      });

      for (const path of [
        '/events',
        '/events/plab-2-mock-circuit-manchester-january-2027',
        '/locations/2',
      ]) {
        test(`${path} shows its prices`, async ({ page }) => {
          await page.goto(path);
          const prices = await page.locator('main .home-card__price').allTextContents();
          expect(prices.length).toBeGreaterThan(0);
          for (const price of prices) expect(price).toMatch(/£\d+\.\d\d|Sold out/);
        });
      }
    });

    /** The requests the page makes for what the served page at `path` carries. */
    function askedForCarried(page: Page, path: string): string[] {
      const asked: string[] = [];
      const carried = carriedReads(path);
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (carried.some((read) => pathname.startsWith(read))) asked.push(pathname);
      });
      return asked;
    }

    /**
     * Records, from before the page's first byte, whether the price's loading state was ever on
     * screen: the browser's first render takes the served prices, so it never is.
     */
    async function watchLoadingPrices(page: Page): Promise<void> {
      await page.addInitScript(() => {
        const seen = { loading: false };
        Object.assign(window, { pricesSeen: seen });
        new MutationObserver(() => {
          if (document.documentElement.textContent.includes('Loading prices…')) seen.loading = true;
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
    }
    const loadingSeen = (page: Page) =>
      page.evaluate(
        () => (window as unknown as { pricesSeen: { loading: boolean } }).pricesSeen.loading,
      );

    for (const path of [COURSE, '/courses', '/memberships']) {
      test(`${path}: the browser takes the served prices and description over, asking for none of them again`, async ({
        page,
      }) => {
        const asked = askedForCarried(page, path);
        await watchLoadingPrices(page);
        await page.goto(path);
        // The remote's page has replaced the gateway's markup, and shows the same prices.
        await pageTakenOver(page);
        await expect(
          page.locator('main .home-picker:disabled, main .home-picker[inert]'),
        ).toHaveCount(0);
        await expect(page.locator('main .home-card__price').first()).toHaveText(PRICE);
        await page.waitForLoadState('networkidle');
        expect(asked).toEqual([]);
        expect(await loadingSeen(page)).toBe(false);
      });
    }

    for (const path of [
      '/events',
      '/events/plab-2-mock-circuit-manchester-january-2027',
      '/locations/2',
      SEARCH,
    ]) {
      test(`${path}: the browser takes the served prices over, asking for none of them again, and nothing moves`, async ({
        page,
      }) => {
        const asked = askedForCarried(page, path);
        await watchShifts(page);
        await page.goto(path);
        await pageTakenOver(page);
        const prices = page.locator('main .home-card__price, main .shell-card__price');
        await expect(prices.first()).toHaveText(/£\d+\.\d\d|Sold out/);
        await page.waitForLoadState('networkidle');
        expect(asked).toEqual([]);
        await expectNothingShifted(page);
      });
    }

    test('/: the browser takes the served courses and packages over without moving the page or asking for their prices', async ({
      page,
    }) => {
      const asked = askedForCarried(page, '/');
      await watchLoadingPrices(page);
      await watchShifts(page);
      await page.goto('/');
      await pageTakenOver(page);
      const courses = page.locator('main #courses-section');
      await expect(courses.locator('.home-picker:disabled')).toHaveCount(0);
      await expect(courses.locator('.home-card__price').first()).toHaveText(PRICE);
      await expect(page.locator('main article.home-package .home-card__price')).toHaveCount(3);
      await page.waitForLoadState('networkidle');
      expect(asked.filter((path) => path.startsWith('/api/shop/'))).toEqual([]);
      expect(await loadingSeen(page)).toBe(false);
      await expectNothingShifted(page);
    });

    test('once the page’s code has taken the served course page over, a month chosen shows its price', async ({
      page,
    }) => {
      await page.goto(COURSE);
      await pageTakenOver(page);
      await page.getByRole('radio', { name: '3 Months £119.99' }).check();
      await expect(page.locator('main .home-shop__buy .home-card__price')).toHaveText(
        'Was £129.99 Now £119.99',
      );
    });
  });
}

test('a crawler reading the course page finds its prices, its description and what it includes', async ({
  request,
}) => {
  const page = await request.get(COURSE, {
    headers: {
      'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
      Accept: 'text/html',
    },
  });
  const html = await page.text();
  for (const month of ['1 Month', '3 Months', '6 Months', '£49.99', '£119.99', '£179.99']) {
    expect(html).toContain(month);
  }
  expect(html).toContain(DESCRIPTION);
  for (const included of INCLUDED) expect(html).toContain(included);
});
