import fs from 'node:fs';
import path from 'node:path';
import { cartButton, expect, goToCart, test } from '../support/fixtures';
import { addFirstCourse } from '../support/storefront';

const ROOT = path.resolve(__dirname, '..', '..');
/** The sample backend's WooCommerce credentials: they must never reach a browser. */
const SECRETS = [/ck_[0-9a-f]{20,}/, /cs_[0-9a-f]{20,}/, /consumer_(key|secret)=/];

function builtFiles(): string[] {
  const files: string[] = [];
  for (const app of ['shell', 'remote-header', 'remote-footer', 'remote-home', 'remote-cart']) {
    const dir = path.join(ROOT, app, 'dist');
    for (const file of fs.readdirSync(dir, { recursive: true }).map(String)) {
      const full = path.join(dir, file);
      if (fs.statSync(full).isFile()) files.push(full);
    }
  }
  return files;
}

test('no WooCommerce key or secret is in a built file or in anything the browser receives', async ({
  page,
}) => {
  for (const file of builtFiles()) {
    const text = fs.readFileSync(file, 'utf8');
    for (const secret of SECRETS) expect(text, file).not.toMatch(secret);
  }
  const leaks: string[] = [];
  const checks: Promise<void>[] = [];
  page.on('response', (response) => {
    checks.push(
      (async () => {
        // All its headers while its page is there; those the response itself carries (every
        // one a server sends but cookies) once the page has moved on, so none goes unread.
        const headers = JSON.stringify(await response.allHeaders().catch(() => response.headers()));
        const body = await response.text().catch(() => '');
        for (const secret of SECRETS) {
          if (secret.test(headers) || secret.test(body) || secret.test(response.url())) {
            leaks.push(`${response.url()} matches ${String(secret)}`);
          }
        }
      })(),
    );
  });
  await addFirstCourse(page);
  await goToCart(page);
  await page.getByLabel('Email for your receipt').fill('doctor@nhs.net');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-pay\//);
  // Back in the shop, the page reads the pending order's status in the background.
  const orderRead = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/api/shop/orders/'),
  );
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await orderRead;
  await Promise.all(checks);
  expect(leaks).toEqual([]);
});

test('a corrupted persist:root leaves a working page', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('persist:root', '{"cartData":"{not json","loginData":"[1,2');
  });
  await page.goto('/');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  const add = page
    .locator('#courses-section')
    .getByRole('button', { name: /to cart$/ })
    .first();
  await expect(add).toBeEnabled();
  await add.click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
});

test('a localStorage that throws (private mode, quota) leaves a working page, in memory', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => ({
        getItem: refuse,
        setItem: refuse,
        removeItem: refuse,
        key: refuse,
        clear: refuse,
        length: 0,
      }),
    });
  });
  await page.goto('/');
  const add = page
    .locator('#courses-section')
    .getByRole('button', { name: /to cart$/ })
    .first();
  await expect(add).toBeEnabled();
  await add.click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await goToCart(page);
  await expect(page.getByTestId('cart-total')).toHaveText(/^£\d+\.\d{2}$/);
});
