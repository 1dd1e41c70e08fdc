import type { Page } from '@playwright/test';
import { cartButton, expect, goToCart, test } from '../support/fixtures';
import { addFirstCourse, newLearner } from '../support/storefront';

/**
 * From the cart to a confirmed order (issue 33): a £0 order completes without the payment page,
 * and the confirmation says what was bought, at what discount, and what happens next.
 */

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

const EMAIL = 'doctor@nhs.net';

/** The first course in the cart, with `coupon` applied: the cart page open. */
async function cartWithCoupon(page: Page, coupon: string): Promise<void> {
  await addFirstCourse(page);
  await goToCart(page);
  await page.getByLabel('Coupon code').fill(coupon);
  await page.getByRole('button', { name: 'Apply', exact: true }).first().click();
  await expect(page.getByText(`Coupon ${coupon} applied.`)).toBeVisible();
}

async function proceedToCheckout(page: Page): Promise<void> {
  await page.getByLabel('Email for your receipt').fill(EMAIL);
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
}

/** The order number of the confirmation the page shows. */
function confirmedOrderId(page: Page): number {
  return Number(/\/checkout\/order-received\/(\d+)\//.exec(page.url())?.[1]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`the path to a confirmed order at ${String(viewport.width)} px`, () => {
    test.use({ viewport });

    test('a free order (BIGSAVE) completes without the payment page and lands on its confirmation, paid', async ({
      page,
    }) => {
      await cartWithCoupon(page, 'BIGSAVE');
      await expect(page.getByTestId('cart-total')).toHaveText('£0.00');
      await proceedToCheckout(page);

      await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\/$/);
      // Focus is on what the page says, not lost with the cart page's button.
      await expect(page.getByRole('heading', { level: 1, name: 'Order received' })).toBeFocused();
      await expect(page.getByTestId('order-payment-status')).toHaveText('Paid (nothing to pay)');
      await expect(page.getByRole('row', { name: /^Coupon BIGSAVE −£\d+\.\d\d$/ })).toBeVisible();
      await expect(page.getByTestId('order-received-total')).toHaveText('£0.00');
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

      // WooCommerce has the order paid: the gateway completed it.
      const order = await page.request.get(`/api/shop/orders/${String(confirmedOrderId(page))}`);
      expect(await order.json()).toMatchObject({ status: 'processing', total: '0.00' });
    });

    test('the confirmation of a discounted order shows the coupon line, the paid status and what happens next', async ({
      page,
    }) => {
      await cartWithCoupon(page, 'WELCOME10');
      await proceedToCheckout(page);
      await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+\//);
      await page.getByRole('button', { name: 'Pay now' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();
      await expect(page.getByTestId('order-payment-status')).toHaveText('Paid');
      await expect(page.getByRole('row', { name: 'Coupon WELCOME10 −£10.00' })).toBeVisible();
      await expect(page.getByText(/^£\d+\.\d\d less £10\.00 discount$/)).toBeVisible();
      const next = page.getByRole('region', { name: 'What happens next' });
      await expect(next.getByRole('listitem')).toHaveText([
        `To start your course, log in (or sign up) with ${EMAIL}, then open My courses.`,
        `Your receipt is on its way to ${EMAIL}.`,
      ]);
      await next.getByRole('link', { name: 'Go to My courses' }).click();
      await expect(page).toHaveURL(/\/my-courses$/);
    });

    test('a learner’s e-mail is filled in at checkout', async ({ page }) => {
      const learner = await newLearner(page.request);
      await page.goto('/login');
      await page.getByLabel('Email address').fill(learner.email);
      await page.getByLabel('Password').fill(learner.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      // Login ends by going home (the header's account links are in its menu on a phone).
      await expect(page).toHaveURL(/\/$/);
      await addFirstCourse(page);
      await goToCart(page);
      // Only a logged-in learner is offered their reward points.
      await expect(page.getByRole('heading', { name: 'Reward points' })).toBeVisible();
      await expect(page.getByLabel('Email for your receipt')).toHaveValue(learner.email);
    });

    test('a free order whose completion answer is lost: the shopper reads what happened, tries again, and the order completed once is confirmed', async ({
      page,
      consoleWatch,
    }) => {
      consoleWatch.allow(/Failed to load resource: net::ERR_CONNECTION_RESET/);
      let cut = false;
      // The first completion reaches the shop, which completes the order; its answer is lost.
      await page.route('**/api/shop/orders/*/free-completion', async (route) => {
        if (cut) {
          await route.continue();
          return;
        }
        cut = true;
        await route.fetch();
        await route.abort('connectionreset');
      });
      await cartWithCoupon(page, 'BIGSAVE');
      await proceedToCheckout(page);
      const alert = page
        .getByRole('alert')
        .filter({ hasText: 'We could not complete your free order' });
      await expect(alert).toContainText('Please try again in a moment. Nothing will be charged.');
      const orderId = Number(/#(\d+)/.exec((await alert.textContent()) ?? '')?.[1]);
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

      const retried = page.waitForResponse((response) =>
        response.url().endsWith(`/api/shop/orders/${String(orderId)}/free-completion`),
      );
      await page.getByRole('button', { name: 'Proceed to checkout' }).click();
      // The shop had completed it: the retry is told so, and completes nothing.
      expect((await retried).status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`/checkout/order-received/${String(orderId)}/$`));
      await expect(page.getByTestId('order-payment-status')).toHaveText('Paid (nothing to pay)');
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
    });
  });
}
