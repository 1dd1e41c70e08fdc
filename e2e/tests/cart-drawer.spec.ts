import type { Locator, Page } from '@playwright/test';
import { SCREENS, cartButton, expect, test } from '../support/fixtures';
import {
  firstAdd,
  pageTakenOver,
  slowPhone,
  expectNothingShifted,
  forgetShifts,
  watchShifts,
  withConsentCookie,
} from '../support/storefront';

const COURSE = '/courses/plab-1-online-course';

/** The cart drawer, as a screen reader finds it: after an add, or asked for from the header. */
function drawer(page: Page, name: 'Added to your cart' | 'Your cart'): Locator {
  return page.getByRole('dialog', { name });
}

/** The course page's Add to cart, once it can be pressed, and the course's title. */
async function courseAdd(page: Page): Promise<{ add: Locator; title: string }> {
  await page.goto(COURSE);
  return firstAdd(page);
}

/** Whether an image has been loaded and drawn (not a broken one). */
const loaded = (image: Locator) =>
  image.evaluate((element) => element instanceof HTMLImageElement && element.naturalWidth > 0);

/**
 * The lines, count and subtotal of a drawer holding the course once: its image drawn, its name a
 * link to the course's page.
 */
async function expectCourseLine(panel: Locator, title: string): Promise<void> {
  const line = panel.getByRole('listitem').filter({ hasText: title });
  await expect(line.getByRole('link', { name: title })).toHaveAttribute('href', COURSE);
  await expect(line.locator('img')).toBeVisible();
  expect(await loaded(line.locator('img'))).toBe(true);
  await expect(line).toContainText(/Quantity 1/);
  await expect(line).toContainText(/£\d+\.\d\d/);
  await expect(panel).toContainText('1 item in your cart');
  await expect(panel.getByText('Subtotal')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Checkout' })).toHaveAttribute(
    'href',
    '/cart#cart-checkout',
  );
}

for (const screen of SCREENS) {
  test.describe(`the cart drawer on a ${screen.name} (${String(screen.viewport.width)} px)`, () => {
    test.use({ viewport: screen.viewport });

    test.beforeEach(async ({ context, baseURL, page }) => {
      // A returning visitor: the cookie question answered, so nothing stands before the page.
      await withConsentCookie(context, baseURL, 'v1-a0-m0');
      await watchShifts(page);
    });

    test('Add to cart opens the drawer with the line’s image, its name linking to its page and the subtotal; Escape closes it and the focus goes back to Add to cart', async ({
      page,
    }) => {
      const { add, title } = await courseAdd(page);
      await add.focus();
      await page.keyboard.press('Enter');

      const panel = drawer(page, 'Added to your cart');
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('heading', { name: 'Added to your cart' })).toBeFocused();
      await expectCourseLine(panel, title);
      // The header's cart stays in reach above it.
      await expect(cartButton(page)).toBeInViewport();
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(add).toBeFocused();
      await expectNothingShifted(page);
    });

    test('the header’s cart opens the drawer; a tap on the dimmed page around it closes it and the focus goes back to the cart button', async ({
      page,
    }) => {
      const { add, title } = await courseAdd(page);
      await add.click();
      await expect(drawer(page, 'Added to your cart')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer(page, 'Added to your cart')).toBeHidden();

      await cartButton(page).click();
      const panel = drawer(page, 'Your cart');
      await expect(panel.getByRole('heading', { name: 'Your cart' })).toBeFocused();
      await expectCourseLine(panel, title);
      await expect(page).toHaveURL(COURSE);

      // The page's heading, dimmed at the drawer's left.
      await page.getByRole('heading', { level: 1 }).click({ position: { x: 8, y: 8 } });
      await expect(panel).toBeHidden();
      await expect(cartButton(page)).toBeFocused();
    });

    test('the cart page’s lines show their image and link to their page', async ({ page }) => {
      const { add, title } = await courseAdd(page);
      await add.click();
      await drawer(page, 'Added to your cart').getByRole('link', { name: 'View cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      const line = page.getByRole('listitem', { name: title });
      await expect(line.locator('img')).toBeVisible();
      expect(await loaded(line.locator('img'))).toBe(true);
      await line.getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(COURSE);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  });
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test.beforeEach(async ({ context, baseURL, page }) => {
    await withConsentCookie(context, baseURL, 'v1-a0-m0');
    await watchShifts(page);
  });

  test('scrolled far down a page, the header’s cart is still at the top of the screen and opens the drawer; nothing shifts', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(cartButton(page)).toBeVisible();
    // From the page's code having taken over what the gateway served, as the shopper scrolls.
    await pageTakenOver(page);
    await forgetShifts(page);
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    await expect(cartButton(page)).toBeInViewport();
    const box = await cartButton(page).boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 64).toBe(true);

    await cartButton(page).click();
    await expect(drawer(page, 'Your cart')).toBeVisible();
    await expect(drawer(page, 'Your cart')).toContainText('Your cart is empty.');
    await expectNothingShifted(page);
  });

  test('the drawer’s Checkout lands on the checkout below the header that stays on screen, not under it', async ({
    page,
  }) => {
    const { add } = await courseAdd(page);
    await add.click();
    await drawer(page, 'Added to your cart').getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/cart#cart-checkout$/);
    await expect(page.getByLabel('Email for your receipt')).toBeInViewport();
    const header = page.getByRole('banner').filter({ has: cartButton(page) });
    const checkout = page.locator('#cart-checkout');
    await expect
      .poll(async () => {
        const [bar, target] = await Promise.all([header.boundingBox(), checkout.boundingBox()]);
        return bar && target ? target.y - (bar.y + bar.height) : -1;
      })
      .toBeGreaterThanOrEqual(0);
  });

  test('on a slow line (slow 4G, 4× CPU) the drawer still opens on the first add and from the scrolled header', async ({
    page,
  }) => {
    await slowPhone(page);

    const { add, title } = await courseAdd(page);
    await add.click();
    const added = drawer(page, 'Added to your cart');
    await expect(added).toBeVisible({ timeout: 20_000 });
    await expect(added.getByRole('link', { name: title })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(added).toBeHidden();

    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await expect(cartButton(page)).toBeInViewport();
    await cartButton(page).click();
    await expect(drawer(page, 'Your cart').getByRole('link', { name: title })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cartButton(page)).toBeFocused();
  });
});
