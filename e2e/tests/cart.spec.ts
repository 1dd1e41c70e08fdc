import { SCREENS, cartButton, expect, goToCart, test } from '../support/fixtures';
import { addFirstCourse, logIn, newLearner } from '../support/storefront';

test.describe('cart', () => {
  test('a course added twice is one line of 2; another month is a second line', async ({
    page,
  }) => {
    const title = await addFirstCourse(page);
    const courses = page.locator('#courses-section');
    const card = courses.getByRole('article').filter({ hasText: title });
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    await expect(card.getByRole('button', { name: /to cart$/ })).toBeEnabled();
    await card.getByRole('button', { name: /to cart$/ }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
    await expect(card.getByRole('button', { name: /to cart$/ })).toBeEnabled();
    await card.getByRole('group', { name: 'Access' }).locator('label').nth(1).click();
    await card.getByRole('button', { name: /to cart$/ }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
    await goToCart(page);
    await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(2);
  });

  test('the cart drawer confirming an add leaves the header’s cart button in reach', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const title = await addFirstCourse(page);
    await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toContainText(title);
    await cartButton(page).click({ timeout: 2_000 });
    await expect(page.getByRole('dialog', { name: 'Your cart' })).toContainText(title);
  });

  test('an event goes in by id; a package replaces another', async ({ page }) => {
    await page.goto('/');
    const events = page.getByRole('region', { name: 'Upcoming events' });
    await events
      .getByRole('button', { name: /to cart$/ })
      .first()
      .click();
    const packages = page.getByRole('region', { name: 'Membership packages' });
    await expect(packages.getByRole('button', { name: 'Choose Silver Membership' })).toBeEnabled();
    await packages.getByRole('button', { name: 'Choose Silver Membership' }).click();
    await expect(packages.getByRole('button', { name: 'Choose Gold Membership' })).toBeEnabled();
    await packages.getByRole('button', { name: 'Choose Gold Membership' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
    await goToCart(page);
    await expect(page.getByRole('heading', { name: 'Gold Membership' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Silver Membership' })).toHaveCount(0);
  });

  test('visitor cart merges on login, is saved at logout and comes back in a fresh browser', async ({
    page,
    browser,
    request,
  }) => {
    const learner = await newLearner(request);
    const title = await addFirstCourse(page);
    await logIn(page, learner);
    await goToCart(page);
    await page.getByRole('button', { name: `Increase quantity of ${title}` }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

    await page.getByLabel('Coupon code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply', exact: true }).first().click();
    await expect(page.getByText('WELCOME10').first()).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await logIn(other, learner);
    await expect(cartButton(other)).toHaveAccessibleName('Cart, 2 items');
    await goToCart(other);
    await expect(other.getByRole('heading', { name: title })).toBeVisible();
    await fresh.close();
  });

  test('an unknown coupon shows the server message and changes nothing', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 400/);
    await addFirstCourse(page);
    await goToCart(page);
    const before = await page.getByTestId('cart-total').textContent();
    await page.getByLabel('Coupon code').fill('NOPE');
    await page.getByRole('button', { name: 'Apply', exact: true }).first().click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Coupon "NOPE" does not exist!' }),
    ).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText(before ?? '');
  });

  test('checkout creates one order and hands over to the payment page', async ({ page }) => {
    await addFirstCourse(page);
    await goToCart(page);
    await page.getByLabel('Email for your receipt').fill('doctor@nhs.net');
    const orders: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/shop/orders')) {
        orders.push(request.url());
      }
    });
    await page.getByRole('button', { name: 'Proceed to checkout' }).dblclick();
    await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+\//);
    await expect(page.getByRole('heading', { name: /Pay for order/ })).toBeVisible();
    expect(orders).toHaveLength(1);
  });

  test('the order endpoint down: a message, and the cart stays as it was', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 502|Failed to load resource/);
    await addFirstCourse(page);
    await goToCart(page);
    await page.route('**/api/shop/orders', (route) =>
      route.fulfill({
        status: 502,
        json: {
          code: 'upstream_unavailable',
          message: 'The content service could not be reached.',
        },
      }),
    );
    await page.getByLabel('Email for your receipt').fill('doctor@nhs.net');
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  });
});

for (const { name, viewport } of SCREENS) {
  test.describe(`a package's duration in the cart on a ${name}`, () => {
    test.use({ viewport });

    test('is chosen by its button or the arrow keys, as on the shop’s pages: the line and total follow', async ({
      page,
    }) => {
      await page.goto('/');
      const packages = page.getByRole('region', { name: 'Membership packages' });
      const choose = packages.getByRole('button', { name: 'Choose Gold Membership' });
      await expect(choose).toBeEnabled();
      await choose.click();
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
      await goToCart(page);

      const durations = page.getByRole('group', { name: 'Duration of Gold Membership' });
      const radios = durations.getByRole('radio');
      await expect(radios.nth(1)).toBeVisible();
      await expect(durations.getByRole('combobox')).toHaveCount(0);
      // Each option a button at least 44 px high, all within the screen's width.
      for (const box of await durations.locator('label').all()) {
        const { height, x, width } = (await box.boundingBox()) ?? { height: 0, x: 0, width: 0 };
        expect(height).toBeGreaterThanOrEqual(44);
        expect(x + width).toBeLessThanOrEqual(viewport.width);
      }

      const total = page.getByTestId('cart-total');
      const last = radios.last();
      const lastLabel = durations.locator('label').last();
      const lastPrice = ((await lastLabel.locator('b').textContent()) ?? '').trim();
      await lastLabel.click();
      await expect(last).toBeChecked();
      await expect(last).toBeFocused();
      await expect(total).toHaveText(lastPrice);

      // The arrow keys move the choice, as in any radio group.
      await page.keyboard.press('ArrowLeft');
      const before = radios.nth((await radios.count()) - 2);
      await expect(before).toBeChecked();
      await expect(before).toBeFocused();
      const beforePrice = (
        (await durations
          .locator('label')
          .nth((await radios.count()) - 2)
          .locator('b')
          .textContent()) ?? ''
      ).trim();
      await expect(total).toHaveText(beforePrice);
    });
  });
}
