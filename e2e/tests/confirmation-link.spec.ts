import { expect, goToCart, SCREENS, test } from '../support/fixtures';
import { addFirstCourse } from '../support/storefront';

/**
 * An order's confirmation link (`/checkout/order-received/{id}/?key=…`, WooCommerce's order key)
 * opened in another browser, as a bank app's return may be: the paid order shows, and nothing of
 * it without the right key. One order per screen: every browser here is one client, allowed 10
 * orders a minute.
 */
for (const screen of SCREENS) {
  test.describe(`a confirmation link in a fresh browser (${screen.name})`, () => {
    test.use({ viewport: screen.viewport });

    test('the paid order shows in a browser with no cookies and no login, and its key leaves the address; a wrong key shows nothing of the order', async ({
      page,
      browser,
    }) => {
      await addFirstCourse(page);
      await goToCart(page);
      await page.getByLabel('Email for your receipt').fill('doctor@nhs.net');
      await page.getByRole('button', { name: 'Proceed to checkout' }).click();
      await expect(page).toHaveURL(
        /\/checkout\/order-pay\/\d+\/\?pay_for_order=true&key=wc_order_/,
      );
      const orderId = Number(/\/order-pay\/(\d+)\//.exec(page.url())?.[1]);
      const returned = page.waitForRequest((request) =>
        /\/checkout\/order-received\/\d+\/\?key=wc_order_/.test(request.url()),
      );
      await page.getByRole('button', { name: 'Pay now' }).click();
      const link = (await returned).url();
      const key = new URL(link).searchParams.get('key') ?? '';
      expect(key).toMatch(/^wc_order_\w+$/);
      const keyless = new RegExp(`/checkout/order-received/${String(orderId)}/$`);
      await expect(page).toHaveURL(keyless);
      await expect(page.getByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();

      // Another browser: no cookies, nobody logged in.
      const fresh = await browser.newContext({ viewport: screen.viewport });
      try {
        const other = await fresh.newPage();
        const addresses: string[] = [];
        other.on('request', (request) => {
          addresses.push(request.url(), request.headers().referer ?? '');
        });
        await other.goto(link);
        await expect(other).toHaveURL(keyless);
        await expect(
          other.getByRole('heading', { level: 1, name: 'Order received' }),
        ).toBeVisible();
        await expect(
          other
            .getByRole('status')
            .filter({ hasText: `Thank you. Your order #${String(orderId)} has been received.` }),
        ).toBeVisible();
        await expect(other.getByTestId('order-received-total')).toHaveText(/^£\d+\.\d\d$/);
        await expect(other.getByTestId('order-payment-status')).toHaveText('Paid');
        await expect(other.getByRole('region', { name: 'What happens next' })).toContainText(
          'Your receipt is on its way to the e-mail address you gave us.',
        );
        await expect(other.getByText('doctor@nhs.net')).toHaveCount(0);
        await expect(other.getByRole('link', { name: /^Pay for/ })).toHaveCount(0);
        // The key was in the link alone: not in any later address or Referer, nor the page's.
        expect(addresses.filter((address) => address.includes(key))).toEqual([link]);
        const seenByTags = await other.evaluate(
          () =>
            `${window.location.href} ${JSON.stringify((window as { dataLayer?: unknown }).dataLayer ?? [])}`,
        );
        expect(seenByTags).not.toContain(key);
        // A reload still shows it: the key went to the order's read, not away.
        await other.reload();
        await expect(other.getByTestId('order-received-total')).toHaveText(/^£\d+\.\d\d$/);

        // The same order by a wrong key, in yet another browser: not found, nothing of it.
        const stranger = await browser.newPage({ viewport: screen.viewport });
        try {
          await stranger.goto(`/checkout/order-received/${String(orderId)}/?key=wc_order_Wrong1`);
          await expect(
            stranger.getByRole('heading', { level: 1, name: 'Order not found' }),
          ).toBeVisible();
          await expect(stranger.getByRole('alert')).toContainText(
            `We could not find order #${String(orderId)}.`,
          );
          await expect(stranger.getByRole('table')).toHaveCount(0);
          await expect(stranger.getByTestId('order-received-total')).toHaveCount(0);
          await expect(stranger.getByRole('link', { name: 'Return to your cart' })).toBeVisible();
        } finally {
          await stranger.close();
        }
      } finally {
        await fresh.close();
      }
    });
  });
}
