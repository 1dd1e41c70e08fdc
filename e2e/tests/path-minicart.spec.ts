import type { Locator, Page } from '@playwright/test';
import { cartButton, expect, test } from '../support/fixtures';
import { firstAdd, wcagViolations } from '../support/storefront';

/** A phone's width and a laptop's: each test runs at both. */
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

const COURSE = '/courses/plab-1-online-course';

/** The cart drawer after an add, as a screen reader finds it. */
function miniCart(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Added to your cart' });
}

/** Whether two boxes share any of the screen. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of VIEWPORTS) {
  test.describe(`the shopper's path at ${String(viewport.width)} px`, () => {
    test.use({ viewport });

    test('Add to cart opens the cart drawer: the line, the count, View cart and Checkout, by keyboard', async ({
      page,
    }) => {
      await page.goto(COURSE);
      const { add, title } = await firstAdd(page);
      await add.focus();
      await page.keyboard.press('Enter');

      const panel = miniCart(page);
      await expect(panel).toBeVisible();
      // The focus is on a confirmation a screen reader says, not on the page's body.
      await expect(panel.getByRole('heading', { name: 'Added to your cart' })).toBeFocused();
      await expect(panel).toContainText(title);
      await expect(panel).toContainText('1 item in your cart');
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

      // It never covers the header's cart button.
      const [panelBox, cartBox] = await Promise.all([
        panel.boundingBox(),
        cartButton(page).boundingBox(),
      ]);
      expect(panelBox && cartBox && !overlap(panelBox, cartBox)).toBe(true);

      // Tab goes round its controls and stays in it.
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('link', { name: title })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('link', { name: 'View cart' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('link', { name: 'Checkout' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();

      // Escape closes it and gives the focus back to Add to cart.
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(add).toBeFocused();
    });

    test('the cart drawer’s Checkout leads to the checkout on the cart page', async ({ page }) => {
      await page.goto(COURSE);
      const { add, title } = await firstAdd(page);
      await add.click();
      await expect(miniCart(page)).toBeVisible();
      await miniCart(page).getByRole('link', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/cart#cart-checkout$/);
      await expect(miniCart(page)).toBeHidden();
      await expect(page.getByLabel('Email for your receipt')).toBeInViewport();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    });

    test('after a line is removed the focus is on the next line’s Remove, then the empty cart', async ({
      page,
    }) => {
      await page.goto(COURSE);
      const course = await firstAdd(page);
      await course.add.click();
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
      await page.goto('/events');
      const event = await firstAdd(page);
      await event.add.click();
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
      await page.goto('/cart');

      await page.getByRole('button', { name: `Remove ${course.title}` }).click();
      await expect(page.getByRole('button', { name: `Remove ${event.title}` })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Your cart is empty.' })).toBeFocused();
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
    });

    test('/locations/1 lists the events to book there, another exam’s under its own heading; one goes in the cart', async ({
      page,
    }) => {
      await page.goto('/locations/1');
      const booking = page.getByRole('region', { name: 'Book a place in London' });
      await expect(booking).toBeVisible();
      await expect(booking).not.toContainText('UKMLA CPSA Mock Day');
      const ukmla = page.getByRole('region', { name: 'UKMLA events in London' });
      const event = ukmla.getByRole('listitem').filter({ hasText: 'UKMLA CPSA Mock Day' });
      await expect(event).toContainText('Sat, 20 February 2027');
      await expect(event).toContainText('24 places left');
      await expect(event).toContainText('£');
      const add = event.getByRole('button', { name: /^Add .* to cart$/ });
      await expect(add).toBeEnabled();
      await add.click();
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
      await expect(miniCart(page)).toContainText('UKMLA CPSA Mock Day');
      await miniCart(page).getByRole('link', { name: 'View cart' }).click();
      await expect(page.getByRole('heading', { name: /UKMLA CPSA Mock Day/ })).toBeVisible();
    });

    test('/memberships shows each tier’s durations with their prices; a tier goes in the cart', async ({
      page,
    }) => {
      await page.goto('/memberships');
      const packages = page.getByRole('region', { name: 'Membership packages' });
      for (const tier of ['Silver', 'Gold', 'Ultimate']) {
        const card = packages.getByRole('article').filter({ hasText: `${tier} Membership` });
        const durations = card.getByRole('group', { name: 'Duration' });
        await expect(durations.getByRole('radio').first()).toBeEnabled();
        await expect(durations.getByRole('radio').first()).toHaveAccessibleName(
          /Months? £\d+\.\d\d$/,
        );
        await expect(card.locator('.home-card__price')).toHaveText(/^£\d+\.\d\d$/);
      }
      const gold = packages.getByRole('article').filter({ hasText: 'Gold Membership' });
      const choose = gold.getByRole('button', { name: 'Choose Gold Membership' });
      await expect(choose).toBeEnabled();
      await choose.click();
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
      await expect(miniCart(page)).toContainText('Gold Membership');
      await miniCart(page).getByRole('link', { name: 'View cart' }).click();
      await expect(page.getByRole('heading', { name: 'Gold Membership' })).toBeVisible();
    });

    test('the cart drawer open and /memberships have no WCAG 2.1 A/AA violations', async ({
      page,
    }) => {
      await page.goto('/memberships');
      const choose = page.getByRole('button', { name: 'Choose Silver Membership' });
      await expect(choose).toBeEnabled();
      expect(await wcagViolations(page)).toEqual([]);
      await choose.click();
      await expect(miniCart(page)).toContainText('Silver Membership');
      expect(await wcagViolations(page)).toEqual([]);
    });
  });
}
