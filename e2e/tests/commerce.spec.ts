import { expect, goToCart, test } from '../support/fixtures';
import { addFirstCourse, logIn, newLearner } from '../support/storefront';

test.describe('the commerce boundary', () => {
  test('the demo learner’s reward and coupon: the payment page charges exactly the cart’s total', async ({
    page,
  }) => {
    await logIn(page);
    await addFirstCourse(page);
    await goToCart(page);

    await page.getByLabel('Coupon code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply', exact: true }).first().click();
    await expect(page.getByText('Coupon WELCOME10 applied.')).toBeVisible();

    // The balance comes from the backend: 1,500 points, worth £15.00.
    await expect(page.getByText(/worth £15\.00/)).toBeVisible();
    await page.getByLabel(/Reward points to use/).fill('5');
    await page.getByRole('button', { name: 'Apply', exact: true }).last().click();
    await expect(page.getByText(/£5\.00.*reward points applied/)).toBeVisible();

    const shown = (await page.getByTestId('cart-total').textContent()) ?? '';
    expect(shown).toMatch(/^£\d+\.\d\d$/);
    await page.getByLabel('Email for your receipt').fill('learner@example.com');
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+\//);
    await expect(page.locator('#amount-to-pay')).toContainText(shown);
  });

  test('a replayed checkout with a forged status, payment flag, customer and prices changes nothing', async ({
    page,
  }) => {
    await addFirstCourse(page);
    await goToCart(page);
    await page.getByLabel('Email for your receipt').fill('doctor@nhs.net');
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/shop/orders'),
    );
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    const original = (await sent).postDataJSON() as {
      lines: { product_id: number; variation_id?: number; quantity: number }[];
      expected_total: string;
    };
    await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+\//);

    const forged = await page.request.post('/api/shop/orders', {
      data: {
        ...original,
        status: 'completed',
        set_paid: true,
        customer_id: 1,
        lines: original.lines.map((line) => ({ ...line, price: '0.01', total: '0.01' })),
      },
    });
    expect(forged.status()).toBe(400);

    // The same order with a total the cart never showed is not created for that total.
    const cheaper = await page.request.post('/api/shop/orders', {
      data: { ...original, expected_total: '0.01' },
    });
    expect(cheaper.status()).toBe(409);
    expect(await cheaper.json()).toMatchObject({
      code: 'price_changed',
      data: { total: original.expected_total },
    });
  });

  test('a logged-out token is refused', async ({ page, request }) => {
    const learner = await newLearner(request);
    await logIn(page, learner);
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const after = await request.get('/api/shop/rewards', {
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    expect(after.status()).toBe(401);
    expect(await after.json()).toMatchObject({ code: 'token_revoked' });
  });
});
