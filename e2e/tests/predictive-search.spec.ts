import type { Page, Route } from '@playwright/test';
import { SCREENS, expect, test } from '../support/fixtures';
import { withConsentCookie } from '../support/storefront';

/** The header's search dialog opened, and its box (a combobox) focused. */
async function openSearch(page: Page) {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const box = dialog.getByRole('combobox', { name: 'Search term' });
  await expect(box).toBeFocused();
  return { dialog, box, list: dialog.getByRole('listbox', { name: 'Suggestions' }) };
}

/** The header's code the page has asked for so far. */
function headerCode(page: Page) {
  const asked = new Set<string>();
  page.on('request', (request) => {
    if (/\/remotes\/header\/.+\.js$/.test(request.url())) asked.add(request.url());
  });
  return asked;
}

/**
 * The requests `wanted` picks, held on the line until the test lets them through: the order the
 * answers arrive in is the test's, not the network's.
 */
async function hold(page: Page, wanted: (url: URL) => boolean) {
  const held: Route[] = [];
  await page.route(wanted, (route) => {
    held.push(route);
  });
  return {
    /** Resolves once the page has asked. */
    asked: () => expect.poll(() => held.length).toBeGreaterThan(0),
    /** Lets the requests through; resolves once their answers are in the page. */
    release: async () => {
      const routes = held.splice(0);
      const finished = routes.map((route) =>
        page.waitForEvent('requestfinished', (done) => done === route.request()),
      );
      await Promise.all(routes.map((route) => route.continue()));
      await Promise.all(finished);
    },
  };
}

/** A search for `term` (the suggestions' and the results page's). */
const searchFor = (term: string) => (url: URL) =>
  url.pathname === '/wp-json/custom/v1/search' && url.searchParams.get('s') === term;

for (const screen of SCREENS) {
  test.describe(`predictive search on a ${screen.name} (${String(screen.viewport.width)} px)`, () => {
    test.use({ viewport: screen.viewport });

    test.beforeEach(async ({ context, baseURL }) => {
      // A returning visitor: the cookie question answered, so nothing stands before the header.
      await withConsentCookie(context, baseURL, 'v1-a0-m0');
    });

    test('typing "plab" suggests matches with their prices; Down and Enter open the course and its heading has the focus', async ({
      page,
    }) => {
      const code = headerCode(page);
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
      const firstLoad = new Set(code);
      const { dialog, box, list } = await openSearch(page);
      await box.pressSequentially('plab');
      const course = list.getByRole('option', { name: /^PLAB 1 Online Course/ });
      await expect(course).toContainText('From £49.99');
      await expect(list.getByRole('option').last()).toHaveText('See all results');
      await expect(dialog.getByRole('status')).toHaveText(/^\d+ of \d+ results for “plab”$/);
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      // The suggestions' code came with the dialog's, after the page's first load.
      expect([...code].filter((url) => !firstLoad.has(url))).not.toEqual([]);
      // The list fits the screen's width.
      const place = await list.boundingBox();
      expect(place?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((place?.x ?? 0) + (place?.width ?? 0)).toBeLessThanOrEqual(screen.viewport.width);

      await page.keyboard.press('ArrowDown');
      await expect(course).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute(
        'aria-activedescendant',
        (await course.getAttribute('id')) ?? '',
      );
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/courses\/plab-1-online-course$/);
      await expect(dialog).toBeHidden();
      // The focus is on the course's heading, as after every move.
      await expect(
        page.getByRole('heading', { level: 1, name: 'PLAB 1 Online Course' }),
      ).toBeFocused();
    });

    test('Escape closes the suggestions and keeps the term; a second Escape closes the dialog', async ({
      page,
    }) => {
      await page.goto('/');
      const { dialog, box, list } = await openSearch(page);
      await box.pressSequentially('plab');
      await expect(list).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(box).toHaveValue('plab');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('on a slow line, a late answer for an earlier term does not replace the later one', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
      // A phone's slow line (Chrome's "Slow 3G") from here on.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: (500 * 1024) / 8,
        uploadThroughput: (500 * 1024) / 8,
      });
      const earlier = await hold(page, searchFor('pla'));
      const later = await hold(page, searchFor('plab'));
      // The prices of "plab"'s first six: three courses and an event (the sample shop's).
      const prices = await hold(
        page,
        (url) =>
          url.pathname === '/api/shop/prices' &&
          url.searchParams.get('ids') === '3103,3104,3108,3301',
      );
      const { dialog, box, list } = await openSearch(page);
      await box.pressSequentially('pla');
      await earlier.asked();
      await box.pressSequentially('b');
      await later.asked();

      // The later term's answer comes first, the earlier term's after it.
      await later.release();
      await expect(dialog.getByRole('status')).toHaveText(/results for “plab”$/);
      await prices.asked();
      await earlier.release();
      // The prices come last: once they show, the earlier answer was in the page before them.
      await prices.release();
      await expect(list.getByRole('option', { name: /^PLAB 1 Online Course/ })).toContainText(
        'From £49.99',
      );
      await expect(dialog.getByRole('status')).toHaveText(/results for “plab”$/);
      await expect(box).toHaveValue('plab');
      // Enter without a choice still searches, and the results page reads on the line as ever.
      await page.unrouteAll();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/search\?s=plab$/);
    });
  });
}
