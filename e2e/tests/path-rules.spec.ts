import type { Page } from '@playwright/test';
import { cartButton, expect, goToCart, test } from '../support/fixtures';

/**
 * The shop's rules on the way from a card to an order: a percentage coupon follows the cart's
 * lines, an event's places and a course's one-per-order limit hold in the browser and at the
 * gateway, a refused order loses nothing, and a tier change is said out loud.
 */

// One test at a time: a test's order holds the circuit's 16 places until it cancels it, so the
// other screen's order of them must come after.
test.describe.configure({ mode: 'default' });

const CIRCUIT = {
  slug: 'plab-2-mock-circuit-manchester-january-2027',
  title: 'PLAB 2 Mock Circuit — Manchester',
  productId: 3301,
};

/** Adds a course's first month option from its own page. */
async function addCourse(page: Page, slug: string, title: string): Promise<void> {
  await page.goto(`/courses/${slug}`);
  const add = page.getByRole('main').getByRole('button', { name: `Add ${title} to cart` });
  await expect(add).toBeEnabled();
  await add.click();
  await closeMiniCart(page, title);
}

/** The mini-cart confirming an add of `title`, closed as a keyboard user closes it. */
async function closeMiniCart(page: Page, title: string): Promise<void> {
  const miniCart = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(miniCart).toContainText(title);
  await page.keyboard.press('Escape');
  await expect(miniCart).toBeHidden();
}

/** Opens the cart from the header, as a shopper does. */
async function openCart(page: Page): Promise<void> {
  await goToCart(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * The order the payment page is for, as its owner (this browser) reads it from the gateway: its
 * total is WooCommerce's.
 */
async function orderOnPaymentPage(page: Page): Promise<{ total: string }> {
  await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+\//);
  const id = /\/order-pay\/(\d+)\//.exec(page.url())?.[1] ?? '';
  const order = await page.request.get(`/api/shop/orders/${id}`);
  expect(order.status()).toBe(200);
  return (await order.json()) as { total: string };
}

const quantityOf = (page: Page, name: string) =>
  page.getByRole('group', { name: `Quantity of ${name}` });

for (const [name, viewport] of [
  ['phone', { width: 375, height: 812 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`at ${String(viewport.width)} px (${name})`, () => {
    test.use({ viewport });

    test("a percentage coupon follows the lines: after a line is removed, the cart's total is the created order's", async ({
      page,
    }) => {
      await addCourse(page, 'ukmla-akt-online-course', 'UKMLA AKT Online Course');
      await addCourse(page, 'plab-1-question-bank', 'PLAB 1 Question Bank');
      await openCart(page);
      await page.getByLabel('Coupon code').fill('PLAB20');
      await page.getByRole('button', { name: 'Apply', exact: true }).first().click();
      await expect(page.getByText('Coupon PLAB20 applied.')).toBeVisible();
      const total = page.getByTestId('cart-total');
      // 20 % of £69.98 is £14.00.
      await expect(total).toHaveText('£55.98');

      await page.getByRole('button', { name: 'Remove UKMLA AKT Online Course' }).click();
      // 20 % of £19.99 is £4.00: £15.99, not £5.99.
      await expect(total).toHaveText('£15.99');
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expect(summary.getByText('−£4.00')).toBeVisible();

      await page.getByLabel('Email for your receipt').fill('doctor@nhs.net');
      const created = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().endsWith('/api/shop/orders'),
      );
      await page.getByRole('button', { name: 'Proceed to checkout' }).click();
      // Created at once, without "Prices have changed": the cart's total was the order's.
      expect((await created).status()).toBe(201);
      expect(await orderOnPaymentPage(page)).toMatchObject({ total: '15.99' });
      await expect(page.locator('#amount-to-pay')).toContainText('£15.99');
    });

    test('an event with 16 places left: the cart stops at 16, and the gateway refuses 21', async ({
      page,
    }) => {
      await page.goto(`/events/${CIRCUIT.slug}`);
      await expect(page.getByText('16 places left')).toBeVisible();
      const add = page
        .getByRole('main')
        .getByRole('button', { name: `Add ${CIRCUIT.title} to cart` });
      await expect(add).toBeEnabled();
      await add.click();
      await openCart(page);
      const plus = page.getByRole('button', { name: `Increase quantity of ${CIRCUIT.title}` });
      for (let count = 2; count <= 16; count += 1) {
        await plus.click();
        await expect(quantityOf(page, CIRCUIT.title)).toContainText(String(count));
      }
      await expect(plus).toBeDisabled();
      await expect(page.getByText('Only 16 places left.')).toBeVisible();
      await expect(page.getByTestId('cart-total')).toHaveText('£4,720.00');

      // Whatever a client sends, 21 places are not sold.
      const refused = await page.request.post('/api/shop/orders', {
        data: {
          email: 'doctor@nhs.net',
          lines: [{ product_id: CIRCUIT.productId, quantity: 21 }],
          expected_total: '6195.00',
        },
      });
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toMatchObject({
        code: 'quantity_limit',
        data: { limits: [{ product_id: CIRCUIT.productId, max_quantity: 16 }] },
      });
    });

    test('places taken since they were added: checkout says why and what to do, and nothing leaves the cart', async ({
      page,
      consoleWatch,
    }) => {
      // The browser reports the refusal it is shown.
      consoleWatch.allow(/status of 409 \(Conflict\)/);
      // A cart kept from an earlier visit, when more places were left: 21 of the circuit. Stored
      // before the page's first script runs (once: the page's own writes then stand).
      await page.addInitScript((circuit) => {
        if (sessionStorage.getItem('path-rules-seeded')) return;
        sessionStorage.setItem('path-rules-seeded', 'yes');
        const cart = {
          cartData: [
            {
              id: 2301,
              slug: circuit.slug,
              month: '',
              quantity: 21,
              price: 295,
              title: circuit.title,
              from: 'event',
              product_id: circuit.productId,
              rev: 1,
              at: 1,
            },
          ],
          revision: 1,
        };
        localStorage.setItem(
          'persist:root',
          JSON.stringify({
            cartData: JSON.stringify(cart),
            _persist: JSON.stringify({ version: 2, rehydrated: true }),
          }),
        );
      }, CIRCUIT);
      await page.goto('/cart');
      await expect(quantityOf(page, CIRCUIT.title)).toContainText('21');
      await page.getByLabel('Email for your receipt').fill('doctor@nhs.net');
      await page.getByRole('button', { name: 'Proceed to checkout' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'We could not create your order.' }),
      ).toContainText(
        'PLAB 2 Mock Circuit — Manchester, 16 January 2027: only 16 left. Please change your cart and try again.',
      );
      await expect(
        page.getByText('Only 16 places left. Please lower the quantity to 16.'),
      ).toBeVisible();
      await expect(quantityOf(page, CIRCUIT.title)).toContainText('21');
      await expect(
        page.getByRole('button', { name: `Increase quantity of ${CIRCUIT.title}` }),
      ).toBeDisabled();

      // Doing what it says: five fewer, and the order is placed.
      const minus = page.getByRole('button', { name: `Decrease quantity of ${CIRCUIT.title}` });
      for (let count = 20; count >= 16; count -= 1) {
        await minus.click();
        await expect(quantityOf(page, CIRCUIT.title)).toContainText(String(count));
      }
      await expect(page.getByText('Only 16 places left.', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Proceed to checkout' }).click();
      expect(await orderOnPaymentPage(page)).toMatchObject({ total: '4720.00' });
      // The order holds the 16 places until it is paid or cancelled: cancelled, they are back for
      // the next test (the other screen's).
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await expect(
        page.getByText('Your order was cancelled. Your cart is as you left it.'),
      ).toBeVisible();
    });

    test('a course sold individually cannot become 2: a second Add to cart says it is already there', async ({
      page,
    }) => {
      await addCourse(page, 'plab-1-question-bank', 'PLAB 1 Question Bank');
      const add = page
        .getByRole('main')
        .getByRole('button', { name: 'Add PLAB 1 Question Bank to cart' });
      await expect(add).toBeEnabled();
      await add.click();
      await expect(
        page.getByRole('alert').filter({
          hasText: 'PLAB 1 Question Bank is already in your cart. It can be bought once per order.',
        }),
      ).toBeVisible();
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
      await openCart(page);
      await expect(quantityOf(page, 'PLAB 1 Question Bank')).toContainText('1');
      await expect(
        page.getByRole('button', { name: 'Increase quantity of PLAB 1 Question Bank' }),
      ).toBeDisabled();
      await expect(page.getByText('One per order.')).toBeVisible();
    });

    test('choosing Gold with Silver in the cart is announced: "Gold Membership replaces Silver Membership in your cart."', async ({
      page,
    }) => {
      await page.goto('/');
      const packages = page.getByRole('region', { name: 'Membership packages' });
      const silver = packages.getByRole('button', { name: 'Choose Silver Membership' });
      await expect(silver).toBeEnabled();
      await silver.click();
      await closeMiniCart(page, 'Silver Membership');
      const gold = packages.getByRole('button', { name: 'Choose Gold Membership' });
      await expect(gold).toBeEnabled();
      await gold.click();
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'Gold Membership replaces Silver Membership in your cart.' }),
      ).toBeVisible();
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    });
  });
}
