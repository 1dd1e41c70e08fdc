import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { cartButton, expect, goToCart, test } from '../support/fixtures';
import {
  addFirstCourse,
  loadedResources,
  logIn,
  newLearner,
  reachFooter,
  type Learner,
} from '../support/storefront';

/**
 * Never lose a cart: each fault a learner can meet (a save or a read of the account's cart that
 * fails, several tabs, going offline, storage that refuses writes, bad data) ends with every item
 * still in the cart on the device and, when logged in, in the account.
 */

const CART_SERVICE = '/lms/api/v1/item';
const NOT_LOADED =
  'Your saved cart could not be loaded yet; this device’s cart is kept and we will keep trying.';

interface ApiLogin {
  token: string;
  userId: number;
}

/** Logs in without a browser: a token to read (or seed) the account's cart with. */
async function apiLogIn(request: APIRequestContext, learner: Learner): Promise<ApiLogin> {
  const response = await request.post('/wp-json/jwt-auth/v1/token', {
    data: { username: learner.email, password: learner.password },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { token: string; user_id: number };
  return { token: body.token, userId: body.user_id };
}

/** The lines the account's cart holds as "title × quantity" (removed lines left out). */
async function accountLines(request: APIRequestContext, login: ApiLogin): Promise<string[]> {
  const response = await request.post(`${CART_SERVICE}/get-cart-data`, {
    headers: { authorization: `Bearer ${login.token}` },
    data: { userId: login.userId },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: string | null };
  const lines = JSON.parse(data ?? '[]') as {
    title?: string;
    quantity?: number;
    removed?: boolean;
  }[];
  return lines
    .filter((line) => line.removed !== true)
    .map((line) => `${line.title ?? ''} × ${String(line.quantity)}`);
}

/** The titles of the lines the account's cart holds. */
async function accountTitles(request: APIRequestContext, login: ApiLogin): Promise<string[]> {
  return (await accountLines(request, login)).map((line) => line.replace(/ × \d+$/, ''));
}

/** Makes every call to one of the cart service's routes fail as a down service would. */
async function breakCartService(target: Page | BrowserContext, route: string): Promise<void> {
  await target.route(`**${CART_SERVICE}/${route}`, (call) =>
    call.fulfill({ status: 503, json: { code: 'upstream_unavailable', message: 'Down.' } }),
  );
}

/**
 * A learner with a course in the cart logs out while the cart service refuses saves: the question
 * the logout asks.
 */
async function logoutWithSavesFailing(page: Page, learner: Learner) {
  await logIn(page, learner);
  const title = await addFirstCourse(page);
  await breakCartService(page, 'add-cart-data');
  await page.getByRole('button', { name: 'Logout' }).click();
  const question = page.getByRole('alertdialog', { name: 'Your cart could not be saved' });
  await expect(question).toBeVisible();
  return { title, question };
}

test.describe('never lose a cart', () => {
  test('logout with the save failing keeps the learner in; keeping the cart on the device brings it back at the next login', async ({
    page,
    request,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 503/);
    const learner = await newLearner(request);
    const { title, question } = await logoutWithSavesFailing(page, learner);
    await expect(question.getByRole('button', { name: 'Try again' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    await expect(page.getByRole('alert').filter({ hasText: 'Logout Successfully' })).toHaveCount(0);

    await question
      .getByRole('button', { name: 'Log out and keep the cart on this device' })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Logout Successfully' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In / Sign up' })).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

    await page.unroute(`**${CART_SERVICE}/add-cart-data`);
    await logIn(page, learner);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    const login = await apiLogIn(request, learner);
    await expect.poll(() => accountTitles(request, login)).toEqual([title]);
  });

  test('a learner whose connection drops before the logout is still asked: the question came with the page', async ({
    page,
    context,
    request,
    consoleWatch,
  }) => {
    consoleWatch.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|network/i);
    const isQuestion = (url: string) => /\/logout-question\.\w+\.js$/.test(url);
    await page.goto('/');
    await reachFooter(page);
    expect((await loadedResources(page)).filter((entry) => isQuestion(entry.url))).toEqual([]);
    const learner = await newLearner(request);
    await logIn(page, learner);
    await addFirstCourse(page);
    // A learner's page fetches the question's code once it has loaded; a visitor's never does.
    await expect
      .poll(async () => (await loadedResources(page)).some((entry) => isQuestion(entry.url)))
      .toBe(true);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    const question = page.getByRole('alertdialog', { name: 'Your cart could not be saved' });
    await expect(question).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    await context.setOffline(false);
  });

  test('"Try again" after the service is back saves the cart and logs out', async ({
    page,
    request,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 503/);
    const learner = await newLearner(request);
    const { title, question } = await logoutWithSavesFailing(page, learner);
    await page.unroute(`**${CART_SERVICE}/add-cart-data`);
    await question.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(question).toHaveCount(0);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
    expect(await accountTitles(request, await apiLogIn(request, learner))).toEqual([title]);
  });

  test('a saved cart that could not be read is never deleted, and the background retry merges it', async ({
    page,
    request,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 503/);
    const learner = await newLearner(request);
    const seed = await apiLogIn(request, learner);
    const saved = [
      {
        id: 2199,
        slug: 'saved-elsewhere',
        month: '1 Month',
        quantity: 1,
        price: 49,
        title: 'Saved on another device',
      },
    ];
    const seeded = await request.post(`${CART_SERVICE}/add-cart-data`, {
      headers: { authorization: `Bearer ${seed.token}` },
      data: { userId: seed.userId, data: JSON.stringify(saved) },
    });
    expect(seeded.ok()).toBe(true);

    // The read fails at login and at logout: the device's cart is empty, so the logout goes on,
    // and the account's cart is left as it was.
    await breakCartService(page, 'get-cart-data');
    await logIn(page, learner);
    await expect(page.getByRole('alert').filter({ hasText: NOT_LOADED })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Read with a login of its own: a browser login in the seed's second was the seed's very
    // token, which the logout ended.
    expect(await accountTitles(request, await apiLogIn(request, learner))).toEqual([
      'Saved on another device',
    ]);

    // The read fails once at login: the retry in the background brings the saved line in.
    await page.unroute(`**${CART_SERVICE}/get-cart-data`);
    let failures = 0;
    await page.route(`**${CART_SERVICE}/get-cart-data`, (call) => {
      if (failures > 0) return call.continue();
      failures += 1;
      return call.fulfill({
        status: 503,
        json: { code: 'upstream_unavailable', message: 'Down.' },
      });
    });
    await logIn(page, learner);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    const title = await addFirstCourse(page);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await accountTitles(request, await apiLogIn(request, learner))).sort()).toEqual(
      ['Saved on another device', title].sort(),
    );
  });

  test('two tabs are one cart and one session', async ({ page, request, browser }) => {
    const learner = await newLearner(request);
    await logIn(page, learner);
    // A tab the learner opens is the one in front (a page opened by the test is not, until told).
    const second = await page.context().newPage();
    await second.bringToFront();
    await second.goto('/');
    await expect(second.getByRole('link', { name: 'My Dashboard' })).toBeVisible();

    // The learner works in one tab at a time; the other is in the background.
    await page.bringToFront();
    const title = await addFirstCourse(page);
    await second.bringToFront();
    await expect(cartButton(second)).toHaveAccessibleName('Cart, 1 item');
    const events = second.getByRole('region', { name: 'Upcoming events' });
    await events
      .getByRole('button', { name: /to cart$/ })
      .first()
      .click();
    await expect(cartButton(second)).toHaveAccessibleName('Cart, 2 items');
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
    await page.bringToFront();
    await goToCart(page);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    await second.bringToFront();
    await second.getByRole('button', { name: 'Logout' }).click();
    await expect(second).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Log In / Sign up' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'You were logged out in another tab.' }),
    ).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await logIn(other, learner);
    await expect(cartButton(other)).toHaveAccessibleName('Cart, 2 items');
    await fresh.close();
  });

  test('offline: changes are kept on the device, the cart page says so, and they are saved when back online', async ({
    page,
    context,
    request,
    consoleWatch,
  }) => {
    consoleWatch.allow(/Failed to load resource|ERR_INTERNET_DISCONNECTED/);
    const learner = await newLearner(request);
    await logIn(page, learner);
    const title = await addFirstCourse(page);
    await goToCart(page);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const login = await apiLogIn(request, learner);
    await expect.poll(() => accountLines(request, login)).toEqual([`${title} × 1`]);

    await context.setOffline(true);
    await page.getByRole('button', { name: `Increase quantity of ${title}` }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
    const notice = page.getByText(
      'You are offline. Your cart is saved on this device and will sync to your account when you are back online.',
    );
    await expect(notice).toBeVisible();
    expect(await accountLines(request, login)).toEqual([`${title} × 1`]);

    await context.setOffline(false);
    await expect(notice).toHaveCount(0);
    await expect.poll(() => accountLines(request, login)).toEqual([`${title} × 2`]);
  });

  test('a browser that refuses storage: the cart works for the visit and the learner is told once', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    const title = await addFirstCourse(page);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    const told = page.getByRole('alert').filter({
      hasText:
        'Your browser is not letting this site save data, so your cart will be lost when you close this page.',
    });
    await expect(told).toHaveCount(1);
    await goToCart(page);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(
      page.getByText(
        'This browser is not letting the shop keep your cart: it will be lost when you close this page.',
      ),
    ).toBeVisible();
  });

  test('a package that replaces another takes its subscription entry and duration with it', async ({
    page,
  }) => {
    await page.goto('/');
    const packages = page.getByRole('region', { name: 'Membership packages' });
    await expect(packages.getByRole('button', { name: 'Choose Silver Membership' })).toBeEnabled();
    await packages.getByRole('button', { name: 'Choose Silver Membership' }).click();
    await expect(packages.getByRole('button', { name: 'Choose Gold Membership' })).toBeEnabled();
    await packages.getByRole('button', { name: 'Choose Gold Membership' }).click();
    const stored = () =>
      page.evaluate(() => {
        const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as Record<
          string,
          string
        >;
        const cart = JSON.parse(root.cartData ?? '{}') as Record<string, unknown>;
        const subscriptions = JSON.parse(root.subscriptionData ?? '{}') as {
          subscriptionData?: { slug: string }[];
        };
        return {
          silver: cart.silverDuration,
          gold: typeof cart.goldDuration === 'string' && cart.goldDuration !== '',
          subscriptions: (subscriptions.subscriptionData ?? []).map((entry) => entry.slug),
        };
      });
    await expect
      .poll(stored)
      .toEqual({ silver: '', gold: true, subscriptions: ['gold-membership'] });
  });

  test('bad input: garbage from another tab, a tab on an older build and a cart saved by a newer version keep the cart', async ({
    page,
    request,
  }) => {
    const learner = await newLearner(request);
    const title = await addFirstCourse(page);
    // A tab the learner opens is the one in front (a page opened by the test is not, until told).
    const second = await page.context().newPage();
    await second.bringToFront();
    await second.goto('/');
    await second.evaluate(() => {
      localStorage.setItem('persist:root', '{"cartData":"{not json');
    });
    await second.evaluate(() => {
      localStorage.setItem(
        'persist:root',
        JSON.stringify({ cartData: JSON.stringify({ cartData: 'x' }) }),
      );
    });
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    // A tab of the build before stamps writes its cart (no stamps, persist version 1).
    await second.evaluate(() => {
      const line = { id: 77, slug: 'old-tab', month: '', quantity: 1, price: 10, title: 'Old tab' };
      localStorage.setItem(
        'persist:root',
        JSON.stringify({
          cartData: JSON.stringify({ cartData: [line] }),
          _persist: JSON.stringify({ version: 1, rehydrated: true }),
        }),
      );
    });
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'The shop is open in another tab with an older version. Reload that tab so both show the same cart.',
      }),
    ).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

    const writes: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes(`${CART_SERVICE}/add-cart-data`)) writes.push(call.url());
    });
    await page.route(`**${CART_SERVICE}/get-cart-data`, (call) =>
      call.fulfill({ json: { userId: 0, data: JSON.stringify({ format: 9, lines: [] }) } }),
    );
    await logIn(page, learner);
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'Your saved cart was saved by a newer version of the shop. Reload the page to see it.',
      }),
    ).toBeVisible();
    await goToCart(page);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(writes).toEqual([]);
  });
});
