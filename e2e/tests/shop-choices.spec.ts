import type { Page } from '@playwright/test';
import { cartButton, expect, SCREENS, test } from '../support/fixtures';
import {
  holdRemote,
  holdShell,
  pageTakenOver,
  slowPhone,
  withoutScripts,
} from '../support/storefront';

/** The sample shop's PLAB 1 course: its 3 Months are on sale, £119.99 instead of £129.99. */
const COURSE = { slug: 'plab-1-online-course', title: 'PLAB 1 Online Course' };

/** The sample shop's PLAB courses, cheapest "from" price first. */
const PLAB_BY_PRICE = ['PLAB 1 Question Bank', 'PLAB 1 Online Course', 'PLAB 2 Online Course'];

/** The sample shop's PLAB courses in the shop's own order (Featured). */
const PLAB_FEATURED = ['PLAB 1 Online Course', 'PLAB 2 Online Course', 'PLAB 1 Question Bank'];

/** The titles of the list's cards, in the order shown. */
const cardTitles = (page: Page) => page.getByRole('main').getByRole('heading', { level: 3 });

/** A list's filter (its links), by its name. */
const filter = (page: Page, name: string) => page.getByRole('group', { name });

/**
 * A course's month chosen by its button or the arrow keys: the price and the line added follow;
 * the month on sale shows its regular price struck through. Each button fits a screen `screenWidth`
 * wide.
 */
async function chooseMonths(page: Page, screenWidth: number): Promise<void> {
  await page.goto(`/courses/${COURSE.slug}`);
  // The buttons are measured and pressed on the page's own render, not the served one it replaces.
  await pageTakenOver(page);
  const months = page.getByRole('main').getByRole('group', { name: 'Access' });
  const price = page.locator('.home-shop__buy .home-card__price');
  const option = (label: string) => months.getByRole('radio', { name: label });
  await expect(option('1 Month £49.99')).toBeChecked();
  await expect(price).toHaveText('£49.99');

  // Each option a button at least 44 px high, all within the screen's width.
  for (const box of await months.locator('label').all()) {
    const { height, x, width } = (await box.boundingBox()) ?? { height: 0, x: 0, width: 0 };
    expect(height).toBeGreaterThanOrEqual(44);
    expect(x + width).toBeLessThanOrEqual(screenWidth);
  }

  await months.getByText('3 Months').click();
  await expect(option('3 Months £119.99')).toBeChecked();
  await expect(price).toHaveText('Was £129.99 Now £119.99');
  await expect(price.locator('s')).toHaveText('Was £129.99');
  await expect(price.locator('s')).toHaveCSS('text-decoration-line', 'line-through');

  // The arrow keys move the choice, as in any radio group.
  await page.keyboard.press('ArrowRight');
  await expect(option('6 Months £179.99')).toBeChecked();
  await expect(option('6 Months £179.99')).toBeFocused();
  await expect(price).toHaveText('£179.99');
  await page.keyboard.press('ArrowLeft');
  await expect(option('3 Months £119.99')).toBeChecked();

  await page.getByRole('button', { name: `Add ${COURSE.title} to cart` }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await page.goto('/cart');
  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: COURSE.title });
  await expect(line).toContainText('3 Months');
  await expect(line).toContainText('£119.99');
}

/**
 * From the MSRA courses to the PLAB ones, cheapest first, by the list's links: two moves in the
 * page, each with its address.
 */
async function toPlabByPrice(page: Page): Promise<void> {
  await page.goto('/courses?exam=msra');
  await expect(cardTitles(page)).toHaveText(['MSRA Complete Course']);
  await filter(page, 'Exam').getByRole('link', { name: 'PLAB' }).click();
  await expect(page).toHaveURL(/\/courses\?exam=plab$/);
  await filter(page, 'Sort by').getByRole('link', { name: 'Price: low to high' }).click();
  await expect(page).toHaveURL(/\/courses\?exam=plab&sort=price-asc$/);
  await expect(cardTitles(page)).toHaveText(PLAB_BY_PRICE);
}

/**
 * Whether the page on screen was served for its own address. A back from a reloaded page to an
 * entry the page added before its reload is one of two things in Chrome, which chooses by its own
 * timing: a move within the reloaded page (the served page then shows another address's list), or
 * the entry loaded afresh, served for its address by the gateway.
 */
async function servedForItsAddress(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation');
    return navigation?.name === window.location.href;
  });
}

/** /courses filtered by exam and sorted by price, by their links: the address keeps both. */
async function filterAndSort(page: Page): Promise<void> {
  await toPlabByPrice(page);
  await expect(filter(page, 'Exam').getByRole('link', { name: 'PLAB' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.reload();
  await expect(cardTitles(page)).toHaveText(PLAB_BY_PRICE);
  await expect(
    filter(page, 'Sort by').getByRole('link', { name: 'Price: low to high' }),
  ).toHaveAttribute('aria-current', 'page');
}

for (const { name, viewport } of SCREENS) {
  test.describe(`shop choices on a ${name}`, () => {
    test.use({ viewport });

    test('a month is chosen by its button or the arrow keys: the price and the line added follow; a sale shows the regular price struck through', async ({
      page,
    }) => {
      await chooseMonths(page, viewport.width);
    });

    test('/courses?exam=plab&sort=price-asc shows only the PLAB courses, cheapest first, served and after a reload', async ({
      page,
    }) => {
      await filterAndSort(page);
    });

    test('back pressed while a reloaded list boots shows the list of the address it went back to, never the one served; back again, the one before', async ({
      page,
    }) => {
      await toPlabByPrice(page);

      // The list's code held on the line: the back is pressed on the served page, as it boots.
      const home = await holdRemote(page, 'home');
      await page.reload({ waitUntil: 'commit' });
      await expect(cardTitles(page)).toHaveText(PLAB_BY_PRICE);
      await page.goBack();
      await expect(page).toHaveURL(/\/courses\?exam=plab$/);
      if (await servedForItsAddress(page)) {
        // Loaded afresh: the list is the one served for this address.
        await expect(cardTitles(page)).toHaveText(PLAB_FEATURED);
      } else {
        // The served list was of another address: the page waits for its own.
        await home.asked();
        await expect(cardTitles(page)).toHaveCount(0);
      }
      await home.release();
      await expect(filter(page, 'Sort by').getByRole('link', { name: 'Featured' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await page.goBack();
      await expect(page).toHaveURL(/\/courses\?exam=msra$/);
      await expect(cardTitles(page)).toHaveText(['MSRA Complete Course']);
    });

    test('back pressed on a reloaded list before the page’s code has started shows nothing of the served list, then the list of its address', async ({
      page,
    }) => {
      await toPlabByPrice(page);

      // The shell's code and the list's held on the line: the back is pressed on the served page
      // before any of the page's code runs.
      const home = await holdRemote(page, 'home');
      const shell = await holdShell(page);
      await page.reload({ waitUntil: 'commit' });
      await expect(cardTitles(page)).toHaveText(PLAB_BY_PRICE);
      await page.goBack({ waitUntil: 'commit' });
      await expect(page).toHaveURL(/\/courses\?exam=plab$/);
      await shell.release();
      if (await servedForItsAddress(page)) {
        // Loaded afresh: the list is the one served for this address, kept as its code starts.
        await expect(cardTitles(page)).toHaveText(PLAB_FEATURED);
      } else {
        // The page's code starts at an address it was not served for: the served list goes.
        await expect(page.locator('main .shell-skeleton')).toBeAttached();
        await expect(cardTitles(page)).toHaveCount(0);
      }
      await home.release();
      await expect(filter(page, 'Sort by').getByRole('link', { name: 'Featured' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(cardTitles(page)).toHaveCount(3);
    });

    test('the filters work without JavaScript: the served page is the list its address asks for', async ({
      page,
      consoleWatch,
    }) => {
      await withoutScripts(page, consoleWatch);
      await page.goto('/courses?exam=plab&sort=price-asc');
      await expect(cardTitles(page)).toHaveText(PLAB_BY_PRICE);
      await filter(page, 'Exam').getByRole('link', { name: 'MRCGP' }).click();
      await expect(page).toHaveURL(/\/courses\?exam=mrcgp&sort=price-asc$/);
      await expect(cardTitles(page)).toHaveText([
        'MRCGP AKT Question Bank & Course',
        'MRCGP SCA Consultation Skills',
      ]);
    });

    test('/events filters by exam and place, soonest first; a value the events lack is ignored', async ({
      page,
    }) => {
      await page.goto('/events?location=nowhere');
      await expect(cardTitles(page)).toHaveText([
        'PLAB 2 Mock Circuit — Manchester',
        'UKMLA CPSA Mock Day — London',
        'MSRA Intensive Revision Weekend — Birmingham',
        'MRCGP SCA Live Consultation Workshop — Online',
      ]);
      await filter(page, 'Location').getByRole('link', { name: 'London' }).click();
      await expect(page).toHaveURL(/\/events\?location=london$/);
      await expect(cardTitles(page)).toHaveText(['UKMLA CPSA Mock Day — London']);
      await filter(page, 'Exam').getByRole('link', { name: 'PLAB' }).click();
      await expect(page.getByText('No events match these filters.')).toBeVisible();
      await page.goBack();
      await expect(cardTitles(page)).toHaveText(['UKMLA CPSA Mock Day — London']);
    });
  });
}

test.describe('shop choices on a phone on a slow line (150 ms, 1.6 Mbit/s, 4× CPU)', () => {
  const [phone] = SCREENS;
  test.use({ viewport: phone.viewport });
  test.beforeEach(async ({ page }) => {
    await slowPhone(page);
  });

  test('a month is chosen by its button or the arrow keys: the price and the line added follow; a sale shows the regular price struck through', async ({
    page,
  }) => {
    await chooseMonths(page, phone.viewport.width);
  });

  test('/courses?exam=plab&sort=price-asc shows only the PLAB courses, cheapest first, served and after a reload', async ({
    page,
  }) => {
    await filterAndSort(page);
  });
});
