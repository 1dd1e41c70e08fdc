import type { Page } from '@playwright/test';
import { expect, goToCart, SCREENS, test } from '../support/fixtures';
import { addFirstCourse, DEMO } from '../support/storefront';

/**
 * A payment page left with the learner's points on it (issue 41): back in the cart, the order is
 * shown with what it holds, Pay now goes back to its payment page, and Cancel order gives the
 * points back. The demo learner's points: this spec runs alone (its own project), one screen
 * after the other.
 */
test.describe.configure({ mode: 'default' });

/** Logs the demo learner in through the login page (its links are in a menu on a phone). */
async function logInDemo(page: Page): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  return (await page.evaluate(() => window.localStorage.getItem('token'))) ?? '';
}

/** The learner's balance, as the gateway reads it. */
async function points(page: Page, token: string): Promise<number> {
  const answer = await page.request.get('/api/shop/rewards', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { points: number }).points;
}

for (const screen of SCREENS) {
  test.describe(`an unpaid order holding points, on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('a payment page left with £1 of points: the cart shows the order, Pay now opens its payment page, Cancel order gives the points back', async ({
      page,
    }) => {
      const token = await logInDemo(page);
      await addFirstCourse(page);
      await goToCart(page);
      await page.getByLabel(/Reward points to use/).fill('1');
      await page.getByRole('button', { name: 'Apply', exact: true }).last().click();
      await expect(page.getByText(/£1\.00.*reward points applied/)).toBeVisible();
      await page.getByRole('button', { name: 'Proceed to checkout' }).click();
      await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+\//);
      const id = /\/order-pay\/(\d+)\//.exec(page.url())?.[1] ?? '';
      const before = await points(page, token);

      // The payment page is left unpaid: back to the cart.
      await page.goto('/cart');
      const notice = page.getByRole('region', { name: /waiting for payment$/ });
      const order = notice.getByRole('listitem').filter({ hasText: `Order #${id} ` });
      await expect(order).toContainText(
        'It holds 100 of your reward points (£1.00) until you pay for it or cancel it.',
      );
      const rewards = page.getByRole('region', { name: 'Reward points' });
      await expect(rewards).toContainText('held by an order waiting for payment');
      await expect(rewards).not.toContainText('You have no reward points yet.');

      // Pay now: the order's own payment page, still payable.
      await order.getByRole('link', { name: `Pay now for order #${id}` }).click();
      await expect(page).toHaveURL(new RegExp(`/checkout/order-pay/${id}/`));
      await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
      await page.goBack();

      // Cancel order, by keyboard: the order is cancelled and its points are back.
      const cancel = notice.getByRole('button', { name: `Cancel order #${id}` });
      await cancel.focus();
      await page.keyboard.press('Enter');
      await expect(notice.getByRole('listitem').filter({ hasText: `Order #${id} ` })).toHaveCount(
        0,
      );
      expect(await points(page, token)).toBe(before + 100);
      const cancelled = await page.request.get(`/api/shop/orders/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await cancelled.json()).toMatchObject({ status: 'cancelled' });
    });
  });
}
