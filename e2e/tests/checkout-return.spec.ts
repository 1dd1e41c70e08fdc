import type { Page } from '@playwright/test';
import { cartButton, expect, goToCart, test } from '../support/fixtures';
import { addFirstCourse } from '../support/storefront';

/**
 * After "Proceed to checkout" the cart waits on the order: paid, what it ordered leaves the cart;
 * cancelled or declined, the learner comes back to the same cart.
 */

/** Adds the first course, checks out as a visitor and lands on the payment page: its order id. */
async function checkOutOneCourse(page: Page): Promise<{ title: string; orderId: number }> {
  const title = await addFirstCourse(page);
  await goToCart(page);
  await page.getByLabel('Email for your receipt').fill('doctor@nhs.net');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+\/\?pay_for_order=true&key=wc_order_/);
  const orderId = Number(/\/order-pay\/(\d+)\//.exec(page.url())?.[1]);
  expect(orderId).toBeGreaterThan(0);
  return { title, orderId };
}

/** The next read of the order's status through the commerce API (the shell's settling of the cart). */
function nextOrderRead(page: Page, orderId: number) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      new URL(response.url()).pathname === `/api/shop/orders/${String(orderId)}`,
  );
}

async function expectCartWith(page: Page, title: string): Promise<void> {
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(1);
}

test.describe('back from the payment page', () => {
  test('a paid order: the order-received page thanks the learner, and the cart is empty', async ({
    page,
  }) => {
    const { orderId } = await checkOutOneCourse(page);
    await page.getByRole('button', { name: 'Pay now' }).click();

    // WooCommerce's return carries the order's key; the gateway takes it out of the address.
    await expect(page).toHaveURL(new RegExp(`/checkout/order-received/${String(orderId)}/$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `Thank you. Your order #${String(orderId)} has been received.` }),
    ).toBeVisible();
    await expect(page.getByTestId('order-received-total')).toHaveText(/^£\d+\.\d\d$/);
    await expect(page).toHaveTitle('Order received | Arora Medical Education');
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty.' })).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  });

  test('Cancel order: back on the cart with the notice and the same items; the order is cancelled', async ({
    page,
  }) => {
    const { title, orderId } = await checkOutOneCourse(page);
    await page.getByRole('button', { name: 'Cancel order' }).click();

    await expect(page).toHaveURL(
      new RegExp(`/cart/\\?cancel_order=true&order_id=${String(orderId)}$`),
    );
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Your order was cancelled. Your cart is as you left it.' }),
    ).toBeVisible();
    await expectCartWith(page, title);
    const order = await page.request.get(`/api/shop/orders/${String(orderId)}`);
    expect(await order.json()).toMatchObject({ id: orderId, status: 'cancelled' });
  });

  test('a declined card: the payment page says so, and its link leads back to the same cart', async ({
    page,
  }) => {
    const { title, orderId } = await checkOutOneCourse(page);
    await page.getByLabel('Test card (declined)').check();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Your payment was declined. Please try again or return to your cart.',
    );

    const read = nextOrderRead(page, orderId);
    await page.getByRole('link', { name: 'Return to your cart' }).click();
    await expect(page).toHaveURL(/\/cart\/$/);
    // The cart learns the payment failed, and stays as it was.
    expect(await (await read).json()).toMatchObject({ id: orderId, status: 'failed' });
    await expectCartWith(page, title);
  });

  test('an order paid in another window: the next page load empties the cart', async ({ page }) => {
    const { orderId } = await checkOutOneCourse(page);
    const paymentPage = page.url();

    // Back in the shop before paying: the order is still pending, the cart keeps its course.
    const pendingRead = nextOrderRead(page, orderId);
    await page.goto('/');
    expect(await (await pendingRead).json()).toMatchObject({ status: 'pending' });
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

    // Another window pays it, and never comes back through the order-received page.
    const paid = await page.request.post(paymentPage, {
      form: { woocommerce_pay: '1', payment_method: 'sample_card' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);

    const paidRead = nextOrderRead(page, orderId);
    await page.reload();
    expect(await (await paidRead).json()).toMatchObject({ status: 'processing' });
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty.' })).toBeVisible();
  });
});
