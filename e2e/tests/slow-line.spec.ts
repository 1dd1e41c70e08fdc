import type { Page } from '@playwright/test';
import { SCREENS, cartButton, expect, goToCart, test } from '../support/fixtures';
import {
  expectSamePlace,
  holdRemote,
  pageTakenOver,
  savingData,
  expectNothingShifted,
  forgetShifts,
  watchShifts,
  wcagViolations,
  withConsentCookie,
} from '../support/storefront';

/** The page's region while its code is held, and the skeleton of its route's shape in it. */
function loading(page: Page) {
  const region = page.locator('main .shell-page-space[aria-busy="true"]');
  return { region, skeleton: region.locator('.shell-skeleton') };
}

/**
 * Records, for each skeleton the page adds, whether it could be seen the moment it came
 * (window.skeletons): a page that comes fast never shows one.
 */
async function watchSkeletons(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { skeletons: string[] }).skeletons = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          const skeleton = node.closest('.shell-skeleton') ?? node.querySelector('.shell-skeleton');
          if (skeleton) seen.push(getComputedStyle(skeleton).visibility);
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const skeletonsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { skeletons: string[] }).skeletons);

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${String(screen.viewport.width)} px)`, () => {
    test.use({ viewport: screen.viewport });

    test.beforeEach(async ({ context, baseURL, page }) => {
      // A returning visitor: the cookie question answered, so nothing stands before the page.
      await withConsentCookie(context, baseURL, 'v1-a0-m0');
      await watchShifts(page);
      await watchSkeletons(page);
    });

    test('a course opened from a card shows a course’s skeleton while its code is on the line, then the course, with nothing shifting', async ({
      page,
    }) => {
      // A visitor saving data: nothing is read ahead, so the course's code comes on the tap.
      await savingData(page);
      await page.goto('/');
      await pageTakenOver(page);
      const card = page
        .locator('#courses-section')
        .getByRole('heading', { level: 3 })
        .getByRole('link')
        .first();
      const title = (await card.textContent()) ?? '';
      await card.scrollIntoViewIfNeeded();
      const home = await holdRemote(page, 'home');
      await forgetShifts(page);
      await card.click();
      await home.asked();
      const { region, skeleton } = loading(page);
      await expect(skeleton).toBeVisible();
      // Hidden the moment it came, shown once the load had taken a moment.
      expect(await skeletonsSeen(page)).toEqual(['hidden']);
      await expect(skeleton).toHaveAttribute('data-shape', 'course');
      await expect(region.getByRole('status')).toHaveText('Loading…');
      // Its boxes: the title's, the picture's and the buying box's, on the first screen.
      const bones = skeleton.locator('i');
      await expect(bones.nth(1)).toBeInViewport();
      await expect(bones.nth(2)).toBeInViewport();
      await home.release();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(region).toHaveCount(0);
      await expectNothingShifted(page);
    });

    test('the cart opened from the header’s drawer shows the cart’s skeleton while its code is on the line, then the cart, with nothing shifting', async ({
      page,
    }) => {
      // A visitor saving data: the cart page's code is not read ahead as the pointer passes.
      await savingData(page);
      await page.goto('/courses');
      await pageTakenOver(page);
      // The drawer's code came with its first opening; the cart page's is held.
      await cartButton(page).click();
      const drawer = page.getByRole('dialog', { name: 'Your cart' });
      await expect(drawer).toBeVisible();
      const cart = await holdRemote(page, 'cart');
      await forgetShifts(page);
      await drawer.getByRole('link', { name: 'View cart' }).click();
      await cart.asked();
      const { region, skeleton } = loading(page);
      await expect(skeleton).toBeVisible();
      await expect(skeleton).toHaveAttribute('data-shape', 'cart');
      await expect(region.getByRole('status')).toHaveText('Loading…');
      // Nothing in it takes the keyboard, and it breaks no WCAG 2.1 A/AA rule.
      await expect(skeleton.locator('a, button, input, [tabindex]')).toHaveCount(0);
      expect(await wcagViolations(page, ['main', '.shell-header-space, header'])).toEqual([]);
      await cart.release();
      await expect(page.getByRole('heading', { level: 1, name: /cart/i })).toBeVisible();
      await expect(region).toHaveCount(0);
      await expectNothingShifted(page);
    });

    test('a page whose code is at hand shows no skeleton', async ({ page }) => {
      await page.goto('/courses');
      await pageTakenOver(page);
      await goToCart(page);
      await expect(page.getByRole('heading', { level: 1, name: /cart/i })).toBeVisible();
      const before = (await skeletonsSeen(page)).length;
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'All courses' })).toBeVisible();
      await goToCart(page);
      await expect(page.getByRole('heading', { level: 1, name: /cart/i })).toBeVisible();
      expect(await skeletonsSeen(page)).toHaveLength(before);
    });

    test('while the header’s code is on the line, its space shows the site’s logo, where the header then shows it', async ({
      page,
    }) => {
      const header = await holdRemote(page, 'header');
      await page.goto('/cart');
      await header.asked();
      const placeholder = page.locator('.shell-header-space img.shell-brand');
      await expect(placeholder).toBeVisible();
      await expect(placeholder).toHaveAttribute('src', /\/wp-content\/uploads\/.+\.svg$/);
      await expect
        .poll(() => placeholder.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      const src = await placeholder.getAttribute('src');
      const early = await placeholder.boundingBox();
      await header.release();
      const logo = page.getByRole('banner').getByRole('link').locator('img').first();
      await expect(logo).toHaveAttribute('src', src ?? '');
      await expect(placeholder).toHaveCount(0);
      expectSamePlace(early, await logo.boundingBox());
    });
  });
}
