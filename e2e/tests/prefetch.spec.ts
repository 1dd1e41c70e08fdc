import type { Locator, Page } from '@playwright/test';
import { SCREENS, expect, test } from '../support/fixtures';
import { pageTakenOver, savingData, withConsentCookie } from '../support/storefront';

/** The course page's code, its reads and the product's price reads, as the page asks for them. */
const COURSE_CODE = /\/remotes\/home\/__federation_expose_CoursePage\.\w+\.js$/;
const COURSE_READS = /\/wp-json\/wp\/v2\/(courseList|products-with-ticket|course\/\d+)$/;

/** The reads of the course page whose description is at `details` (its card's data-prefetch). */
const readsOf = (details: string) =>
  new RegExp(
    `^/wp-json/wp/v2/(courseList|products-with-ticket|course/${details.split('/').pop() ?? ''})$`,
  );
const PRICE_READS = /^\/api\/shop\/(prices\?|products\/\d+\/variations)/;

/**
 * Every request the page makes, by path (a price read with its query), in order; `matching` those
 * of a pattern, after the first `from`.
 */
function watchRequests(page: Page) {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    paths.push(pathname === '/api/shop/prices' ? pathname + search : pathname);
  });
  return {
    paths,
    matching: (pattern: RegExp, from = 0) => paths.slice(from).filter((path) => pattern.test(path)),
  };
}

/** The first course card's title link on the home page, once the page's code has taken it over. */
async function firstCourseCard(page: Page): Promise<Locator> {
  await page.goto('/');
  await pageTakenOver(page);
  const section = page.locator('#courses-section');
  await expect(section.locator('.home-card__price').first()).toContainText('£');
  return section.getByRole('heading', { level: 3 }).getByRole('link').first();
}

/** The course page of `title`, with its price, and its description. */
async function expectCoursePage(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('main .home-shop__buy .home-card__price')).toContainText('£');
  await expect(page.locator('main .home-shop__prose')).toBeVisible();
}

/**
 * Resolves once the reading ahead's code has come and had its idle moments: on a line that
 * welcomes it, it would have read the cards in view ahead by then (and a card pointed at after).
 */
async function readingAheadCode(page: Page): Promise<void> {
  const code = await page.waitForResponse((response) =>
    /\/prefetch\.\w+\.js$/.test(new URL(response.url()).pathname),
  );
  await code.finished();
  await idleMoment(page);
}

/**
 * The price reads of a visit that opened a course from its card (`beforeTap`: the requests made
 * before the tap): each list's prices once (the home page's courses and packages), none after the
 * tap, and never a product's own.
 */
function expectPricesReadOnce(requests: ReturnType<typeof watchRequests>, beforeTap: number) {
  // The home page carries its lists' prices (none read at all) or reads a list's once.
  const reads = requests.matching(PRICE_READS);
  expect(reads.every((read) => read.startsWith('/api/shop/prices?'))).toBe(true);
  expect(new Set(reads).size).toBe(reads.length);
  expect(requests.matching(PRICE_READS, beforeTap)).toEqual([]);
}

/** Resolves at the browser's next idle moment: whatever waited for one has started. */
const idleMoment = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => {
          resolve();
        });
      }),
  );

test.beforeEach(async ({ context, baseURL }) => {
  await withConsentCookie(context, baseURL, 'v1-a0-m0');
});

test.describe(`on a laptop (${String(SCREENS[1].viewport.width)} px)`, () => {
  test.use({ viewport: SCREENS[1].viewport });

  test('pointing at a course card reads the course page’s code and reads ahead; the tap asks for none of them again, and the price is read once', async ({
    page,
  }) => {
    const requests = watchRequests(page);
    const card = await firstCourseCard(page);
    const title = (await card.textContent()) ?? '';
    const details = (await card.getAttribute('data-prefetch')) ?? '';
    expect(details).toMatch(/^\/wp-json\/wp\/v2\/course\/\d+$/);
    await card.hover();
    await expect.poll(() => requests.matching(COURSE_CODE)).toHaveLength(1);
    await expect
      .poll(() => requests.matching(COURSE_READS))
      .toEqual(expect.arrayContaining(['/wp-json/wp/v2/products-with-ticket', details]));
    const beforeTap = requests.paths.length;
    await card.click();
    await expectCoursePage(page, title);
    expect(requests.matching(COURSE_CODE, beforeTap)).toEqual([]);
    expect(requests.matching(readsOf(details), beforeTap)).toEqual([]);
    // Each of its reads once for the visit; its price is the one its card showed.
    // The course list came with the home page; the page's other reads once for the visit.
    expect(requests.matching(readsOf(details)).sort()).toEqual(
      ['/wp-json/wp/v2/products-with-ticket', details].sort(),
    );
    expectPricesReadOnce(requests, beforeTap);
  });

  test('with Save-Data nothing is read ahead: the course page’s code and reads come on the tap', async ({
    page,
  }) => {
    await savingData(page);
    const requests = watchRequests(page);
    const readingAhead = readingAheadCode(page);
    const card = await firstCourseCard(page);
    const title = (await card.textContent()) ?? '';
    await readingAhead;
    await card.hover();
    await idleMoment(page);
    await idleMoment(page);
    expect(requests.matching(COURSE_CODE)).toEqual([]);
    expect(requests.matching(/\/wp-json\/wp\/v2\/(products-with-ticket|course\/\d+)$/)).toEqual([]);
    await card.click();
    await expectCoursePage(page, title);
    expect(requests.matching(COURSE_CODE)).toHaveLength(1);
  });
});

test.describe(`on a phone (${String(SCREENS[0].viewport.width)} px), by touch`, () => {
  test.use({ viewport: SCREENS[0].viewport, hasTouch: true, isMobile: true });

  test('touching a course card reads the course page ahead; the tap asks for none of it again, and the price is read once', async ({
    page,
  }) => {
    const requests = watchRequests(page);
    const card = await firstCourseCard(page);
    const title = (await card.textContent()) ?? '';
    const details = (await card.getAttribute('data-prefetch')) ?? '';
    await card.scrollIntoViewIfNeeded();
    // The finger comes down on the card: the page hears it before the tap that follows.
    await card.dispatchEvent('touchstart');
    await expect.poll(() => requests.matching(COURSE_CODE)).toHaveLength(1);
    await expect.poll(() => requests.matching(COURSE_READS)).toContain(details);
    const beforeTap = requests.paths.length;
    await card.tap();
    await expectCoursePage(page, title);
    expect(requests.matching(COURSE_CODE, beforeTap)).toEqual([]);
    expect(requests.matching(readsOf(details), beforeTap)).toEqual([]);
    expectPricesReadOnce(requests, beforeTap);
  });

  test('with Save-Data a touch reads nothing ahead', async ({ page }) => {
    await savingData(page);
    const requests = watchRequests(page);
    const readingAhead = readingAheadCode(page);
    const card = await firstCourseCard(page);
    const title = (await card.textContent()) ?? '';
    await readingAhead;
    await card.scrollIntoViewIfNeeded();
    await card.dispatchEvent('touchstart');
    await idleMoment(page);
    await idleMoment(page);
    expect(requests.matching(COURSE_CODE)).toEqual([]);
    await card.tap();
    await expectCoursePage(page, title);
    expect(requests.matching(COURSE_CODE)).toHaveLength(1);
  });
});
