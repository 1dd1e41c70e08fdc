import type { Page } from '@playwright/test';
import { cartButton, expect, goToCart, test } from '../support/fixtures';
import { pageTakenOver } from '../support/storefront';

/**
 * A visitor's path from the home page to a paid order, as the tag manager's data layer sees it:
 * each team's events through the shell's one bridge, in order, with the items and values of the
 * sample shop; each e-commerce event after `{ ecommerce: null }`; the purchase once.
 */

/** Where the pushes of every page of the tab are kept: the data layer itself ends with its page. */
const KEPT = 'e2e:dataLayer';

interface Pushed {
  event?: string;
  ecommerce?: Record<string, unknown> | null;
  [key: string]: unknown;
}

/** Where each page the tab left is noted, with how many pushes were kept when it started leaving. */
const LEFT = 'e2e:pagesLeft';

interface PageLeft {
  path: string;
  pushed: number;
}

/**
 * Before each page's own code: a window.dataLayer whose pushes are also kept for the tab, and a
 * note of the moment the page starts leaving (beforeunload: Chromium fires it inside
 * `location.assign`, before the next page is asked for).
 */
async function recordDataLayer(page: Page): Promise<void> {
  await page.addInitScript(
    ([key, leftKey]) => {
      addEventListener('beforeunload', () => {
        const kept = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
        const left = JSON.parse(sessionStorage.getItem(leftKey) ?? '[]') as unknown[];
        const note = { path: location.pathname, pushed: kept.length };
        sessionStorage.setItem(leftKey, JSON.stringify([...left, note]));
      });
    },
    [KEPT, LEFT] as const,
  );
  await page.addInitScript((key) => {
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...entries: unknown[]) => {
      const kept = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
      sessionStorage.setItem(key, JSON.stringify([...kept, ...entries]));
      return push(...entries);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  }, KEPT);
}

/** The pushes kept when the tab last started leaving `path`. */
async function pushedBeforeLeaving(page: Page, path: string): Promise<Pushed[]> {
  const [all, left] = await page.evaluate(
    ([key, leftKey]) => [
      JSON.parse(sessionStorage.getItem(key) ?? '[]') as Pushed[],
      JSON.parse(sessionStorage.getItem(leftKey) ?? '[]') as PageLeft[],
    ],
    [KEPT, LEFT] as const,
  );
  const leaving = left.filter((note) => note.path === path).at(-1);
  return leaving === undefined ? [] : all.slice(0, leaving.pushed);
}

/** Every push of the tab so far, page after page. */
function pushes(page: Page): Promise<Pushed[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as Pushed[], KEPT);
}

/** An event's name, with the list it is about for a list's events. */
function label(pushed: Pushed): string {
  const list = pushed.ecommerce?.item_list_id;
  return typeof list === 'string' ? `${String(pushed.event)}:${list}` : String(pushed.event);
}

/** The events pushed so far (not the clearing of the e-commerce object), by label. */
async function labels(page: Page): Promise<string[]> {
  return (await pushes(page)).filter((pushed) => pushed.event !== undefined).map(label);
}

/** The last event of `name` pushed so far. */
async function last(page: Page, name: string): Promise<Pushed | undefined> {
  return (await pushes(page)).filter((pushed) => pushed.event === name).at(-1);
}

/**
 * The labels read in the shape of `expected`: a group (events whose order is the network's, such
 * as two lists of one page) sorted, anything after the expected ones kept.
 */
function shapedLike(actual: string[], expected: (string | string[])[]): (string | string[])[] {
  let at = 0;
  const shaped = expected.map((step) => {
    if (typeof step === 'string') return actual[at++] ?? '(none)';
    const group = actual.slice(at, at + step.length).sort();
    at += step.length;
    return group;
  });
  return [...shaped, ...actual.slice(at)];
}

const sorted = (expected: (string | string[])[]) =>
  expected.map((step) => (typeof step === 'string' ? step : [...step].sort()));

const HOME_LISTS = ['view_item_list:home_courses', 'view_item_list:home_events'];

/** The sample shop's first course, as its lists and page show it: at its price from. */
const UKMLA_AKT_FROM = {
  item_id: '2101',
  item_name: 'UKMLA AKT Online Course',
  item_category: 'UKMLA',
  price: 49.99,
  quantity: 1,
};
/** The same course in the cart: its first month option. */
const UKMLA_AKT = { ...UKMLA_AKT_FROM, item_variant: '1 Month' };
/** The sample shop's soonest event. */
const MANCHESTER_CIRCUIT = {
  item_id: '2301',
  item_name: 'PLAB 2 Mock Circuit — Manchester',
  item_category: 'PLAB',
  price: 295,
  quantity: 1,
};

test('a visitor’s path from the home page to a paid order tells analytics exactly these events, in order, each once', async ({
  page,
}) => {
  test.slow();
  await recordDataLayer(page);

  // A visitor from an email campaign lands on the home page. Until they answer the cookie
  // question, the data layer holds Consent Mode's defaults alone, although the page has shown its
  // lists; accepting lets the page's events through.
  await page.goto('/?mc_cid=2f1a9c7e44&mc_eid=b61d0e5f3a');
  await pageTakenOver(page);
  await expect(page.getByRole('link', { name: /UKMLA AKT Online Course/ }).first()).toBeVisible();
  expect(await pushes(page)).toEqual([
    {
      0: 'consent',
      1: 'default',
      2: {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        wait_for_update: 500,
      },
    },
  ]);
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => labels(page)).toHaveLength(2);

  // Searches from the header.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByPlaceholder('What are you looking for?').fill('plab');
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?s=plab$/);

  // Signs up, then logs in: the login takes the learner home.
  const id = `${String(Date.now())}${String(Math.random()).slice(2, 8)}`;
  const email = `e2e-analytics-${id}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Username').fill(`e2e${id}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Testing#2026');
  await page.getByLabel('Confirm password').fill('Testing#2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you for signing up');
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('Testing#2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
  await expect.poll(() => labels(page)).toHaveLength(8);

  // Opens the first course from the home page's courses, and adds its first month option.
  const courses = page.locator('#courses-section');
  await courses.getByRole('link', { name: UKMLA_AKT.item_name }).click();
  await expect(page.getByRole('heading', { level: 1, name: UKMLA_AKT.item_name })).toBeVisible();
  await expect.poll(() => labels(page)).toHaveLength(11);
  const add = page.getByRole('button', { name: `Add ${UKMLA_AKT.item_name} to cart` });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  // Adds the soonest event from the events page.
  await page.goto('/events');
  const addEvent = page.getByRole('button', {
    name: `Add ${MANCHESTER_CIRCUIT.item_name} to cart`,
  });
  await expect(addEvent).toBeEnabled();
  await addEvent.click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  // In the cart: removes the event, applies a coupon and checks out.
  await goToCart(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await page
    .getByRole('button', { name: `Remove ${MANCHESTER_CIRCUIT.item_name}`, exact: true })
    .click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await page.getByLabel('Coupon code').fill('WELCOME10');
  // The coupon's Apply comes before the reward points' one.
  await page.getByRole('button', { name: 'Apply', exact: true }).first().click();
  await expect(page.getByText('Coupon WELCOME10 applied.')).toBeVisible();
  await page.getByLabel('Email for your receipt').fill(email);
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-pay\/\d+\//);
  const orderId = Number(/\/order-pay\/(\d+)\//.exec(page.url())?.[1]);
  // begin_checkout was on the data layer before the cart page started leaving for payment.
  expect(
    (await pushedBeforeLeaving(page, '/cart')).filter(
      (pushed) => pushed.event === 'begin_checkout',
    ),
  ).toHaveLength(1);

  // Pays: the order-received page reports the payment with the campaign ids.
  const reported = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/shop/orders/${String(orderId)}/tracking`,
  );
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();
  const report = await reported;
  expect(report.request().postDataJSON()).toEqual({
    mc_cid: '2f1a9c7e44',
    mc_eid: 'b61d0e5f3a',
  });
  expect(report.status()).toBe(201);
  await expect.poll(() => last(page, 'purchase')).toBeDefined();

  const expected = [
    HOME_LISTS,
    'search_form',
    'search',
    'sign_up',
    'login',
    HOME_LISTS,
    'select_item:home_courses',
    ['view_item', 'view_item_list:related_events'],
    'add_to_cart',
    'view_item_list:all_events',
    'add_to_cart',
    'view_cart',
    'remove_from_cart',
    'add_coupon',
    'begin_checkout',
    'purchase',
  ];
  expect(shapedLike(await labels(page), expected)).toEqual(sorted(expected));

  // Each e-commerce event comes right after the clearing of the one before.
  const all = await pushes(page);
  all.forEach((pushed, index) => {
    if (pushed.ecommerce) expect(all[index - 1]).toEqual({ ecommerce: null });
  });

  // The items and values of the path.
  const course = UKMLA_AKT;
  const courseFrom = UKMLA_AKT_FROM;
  expect((await last(page, 'select_item'))?.ecommerce).toEqual({
    item_list_id: 'home_courses',
    item_list_name: 'Courses',
    items: [{ ...courseFrom, index: 0 }],
  });
  expect((await last(page, 'view_item'))?.ecommerce).toEqual({
    currency: 'GBP',
    value: 49.99,
    items: [courseFrom],
  });
  const adds = all.filter((pushed) => pushed.event === 'add_to_cart').map((p) => p.ecommerce);
  expect(adds).toEqual([
    { currency: 'GBP', value: 49.99, items: [course] },
    { currency: 'GBP', value: 295, items: [MANCHESTER_CIRCUIT] },
  ]);
  expect((await last(page, 'view_cart'))?.ecommerce).toEqual({
    currency: 'GBP',
    value: 344.99,
    items: [course, MANCHESTER_CIRCUIT],
  });
  expect((await last(page, 'remove_from_cart'))?.ecommerce).toEqual({
    currency: 'GBP',
    value: 295,
    items: [MANCHESTER_CIRCUIT],
  });
  expect((await last(page, 'add_coupon'))?.ecommerce).toEqual({
    currency: 'GBP',
    value: 39.99,
    coupon: 'WELCOME10',
    items: [course],
  });
  expect((await last(page, 'begin_checkout'))?.ecommerce).toEqual({
    currency: 'GBP',
    value: 39.99,
    coupon: 'WELCOME10',
    items: [course],
  });
  expect((await last(page, 'purchase'))?.ecommerce).toEqual({
    transaction_id: String(orderId),
    currency: 'GBP',
    value: 39.99,
    coupon: 'WELCOME10',
    items: [course],
  });
  // Never who: no email, name or account id reaches the data layer.
  expect(JSON.stringify(all)).not.toContain(email);

  // A reload of the order-received page, and the page in a second tab: no purchase again.
  const before = (await labels(page)).length;
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();
  const second = await page.context().newPage();
  await recordDataLayer(second);
  await second.goto(page.url());
  await expect(second.getByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();
  // Whoever reports the order again is told the shop already has it: its tracking went once.
  const again = await second.request.post(`/api/shop/orders/${String(orderId)}/tracking`, {
    data: { mc_cid: '', mc_eid: '' },
  });
  expect(again.status()).toBe(200);
  expect(await again.json()).toEqual({ reported: false });
  expect(await labels(page)).toHaveLength(before);
  expect(await labels(second)).toEqual([]);
  await second.close();
});
