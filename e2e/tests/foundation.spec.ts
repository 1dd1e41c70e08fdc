import { cartButton, expect, test } from '../support/fixtures';

const REMOTES = ['header', 'footer', 'home', 'cart'];

test('the home page shows the header, the courses and the footer from their remotes', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const courses = page.locator('#courses-section');
  await expect(courses.getByRole('button', { name: /^Add .* to cart$/ }).first()).toBeVisible();
  await expect(page.getByText(`© ${String(new Date().getFullYear())}`)).toBeVisible();
});

test('the four remote manifests are fetched at run time, in parallel', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#courses-section')).toBeVisible();
  const timings = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('/mf-manifest.json'))
      .map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return { url: timing.name, start: timing.startTime, end: timing.responseEnd };
      }),
  );
  for (const remote of REMOTES) {
    expect(timings.some((t) => t.url.includes(`/remotes/${remote}/mf-manifest.json`))).toBe(true);
  }
  const firstOfEach = REMOTES.map(
    (remote) => timings.find((t) => t.url.includes(`/remotes/${remote}/`)) ?? { start: 0, end: 0 },
  );
  // In parallel: every manifest was requested before any of them had finished downloading.
  const lastStart = Math.max(...firstOfEach.map((t) => t.start));
  const firstEnd = Math.min(...firstOfEach.map((t) => t.end));
  expect(lastStart).toBeLessThanOrEqual(firstEnd);
});

test('the home data is asked for once, while the home remote is still loading', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('#courses-section')).toBeVisible();
  const timings = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return { url: timing.name, start: timing.startTime, end: timing.responseEnd };
    }),
  );
  const banner = timings.filter((t) => t.url.includes('/wp-json/wp/v2/home_banner'));
  const courses = timings.filter((t) => t.url.includes('/wp-json/wp/v2/courseList'));
  expect(banner).toHaveLength(1);
  expect(courses).toHaveLength(1);
  const homeCode = timings.filter((t) => /\/remotes\/home\/.*\.js$/.test(t.url));
  expect(homeCode.length).toBeGreaterThan(0);
  // Not one after the other: the data was requested before the remote's last file had arrived.
  expect(banner[0]?.start ?? Infinity).toBeLessThan(Math.max(...homeCode.map((t) => t.end)));
});

test('one store: Add to cart in the home remote raises the header badge and fills /cart, also after a reload', async ({
  page,
}) => {
  await page.goto('/');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  const firstAdd = page
    .locator('#courses-section')
    .getByRole('button', { name: /^Add .* to cart$/ });
  const title = (await firstAdd.first().getAttribute('aria-label'))?.replace(
    /^Add (.*) to cart$/,
    '$1',
  );
  await firstAdd.first().click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  await cartButton(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: title ?? '' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(/^£\d+\.\d{2}$/);

  await page.reload();
  await expect(page.getByRole('heading', { name: title ?? '' })).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('persist:root'));
  expect(stored).toContain('cartData');
});

test('a header remote that is down leaves a minimal header and a working page', async ({
  page,
  consoleWatch,
}) => {
  consoleWatch.allow(/header|Failed to load resource|RUNTIME-|federation/i);
  await page.route('**/remotes/header/mf-manifest.json', (route) =>
    route.fulfill({ status: 404, body: 'gone' }),
  );
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
  await expect(cartButton(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In / Sign up' })).toBeVisible();
  await expect(
    page
      .locator('#courses-section')
      .getByRole('button', { name: /^Add .* to cart$/ })
      .first(),
  ).toBeVisible();
});

test('an unknown route shows a helpful page not found', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse our courses' })).toHaveAttribute(
    'href',
    '/#courses-section',
  );
});
