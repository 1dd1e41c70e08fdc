import { SCREENS, expect, test } from '../support/fixtures';
import {
  addFirstCourse,
  newLearner,
  pageTakenOver,
  reachFooter,
  scrollUntilVisible,
  withConsentCookie,
} from '../support/storefront';

/** A remote's every file gone (its manifest comes in the page, so the runtime goes on to them). */
const remoteDown = /header|home|footer|cart|Failed to load resource|RUNTIME-|federation/i;

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${String(screen.viewport.width)} px)`, () => {
    test.use({ viewport: screen.viewport });

    test.beforeEach(async ({ context, baseURL }) => {
      // A returning visitor: the cookie question answered, so nothing stands before the page.
      await withConsentCookie(context, baseURL, 'v1-a0-m0');
    });

    test('a page opened from a card starts at its top; back returns to where the list was left', async ({
      page,
    }) => {
      await page.goto('/');
      // The served cards are plain links until the page's code has taken them over.
      await pageTakenOver(page);
      const card = page
        .locator('#courses-section')
        .getByRole('heading', { level: 3 })
        .getByRole('link')
        .last();
      await card.scrollIntoViewIfNeeded();
      const left = await page.evaluate(() => window.scrollY);
      expect(left).toBeGreaterThan(300);
      const title = (await card.textContent()) ?? '';
      await card.click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.goBack();
      await expect(card).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
    });

    test('a footer link opens its page at the top', async ({ page }) => {
      await page.goto('/');
      const privacy = (await reachFooter(page)).getByRole('link', { name: /privacy/i }).first();
      await privacy.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await privacy.click();
      await expect(page.getByRole('heading', { level: 1, name: /privacy/i })).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });

    test('the first Tab reaches "Skip to content", which takes the keyboard past the header', async ({
      page,
    }) => {
      await page.goto('/courses');
      await expect(page.getByRole('heading', { level: 1, name: 'All courses' })).toBeVisible();
      // The page's code has taken the served page over (before, the link is the page's own, and
      // the browser follows it to #main).
      await pageTakenOver(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      // The next stop is in the page, not the header's.
      await page.keyboard.press('Tab');
      const inMain = await page.evaluate(
        () => document.querySelector('main')?.contains(document.activeElement) ?? false,
      );
      expect(inMain).toBe(true);
    });

    test('a session that expires clears the device as a logout does, and the account keeps the cart for the next login', async ({
      page,
      request,
    }) => {
      const learner = await newLearner(request);
      const logIn = async () => {
        await page.goto('/login');
        await page.getByLabel('Email address').fill(learner.email);
        await page.getByLabel('Password').fill(learner.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await expect(page).toHaveURL(/\/$/);
      };
      await logIn();
      const title = await addFirstCourse(page);
      await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
      // The session is aged as the cart's document first loads, before its code runs.
      await page.addInitScript(
        (age) => {
          if (window.location.pathname === '/cart' && !sessionStorage.getItem('aged')) {
            sessionStorage.setItem('aged', 'true');
            localStorage.setItem('loginTimestamp', String(Date.now() - age));
          }
        },
        25 * 60 * 60 * 1000,
      );
      await page.goto('/cart');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Session Expired! Please Login Again')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeAttached();
      const kept = await page.evaluate(() => Object.keys(localStorage).sort());
      expect(kept.filter((key) => key !== 'persist:root')).toEqual([]);
      const storedLines = await page.evaluate(() => {
        const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as {
          cartData?: string;
        };
        return (JSON.parse(root.cartData ?? '{}') as { cartData?: unknown[] }).cartData;
      });
      expect(storedLines).toEqual([]);
      await logIn();
      await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeAttached();
      await page.goto('/cart');
      await expect(page.getByRole('main')).toContainText(title);
    });

    test('with the home remote down, the home page keeps its served hero under a notice with Try again', async ({
      page,
      consoleWatch,
    }) => {
      consoleWatch.allow(remoteDown);
      await page.route('**/remotes/home/**', (route) =>
        route.fulfill({ status: 404, body: 'gone' }),
      );
      await page.goto('/');
      const notice = page
        .getByRole('alert')
        .filter({ hasText: 'Part of this page could not load' });
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/temporarily unavailable/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveCount(0);
      // Try again loads the page anew: with the remote back, the page is whole.
      await page.unroute('**/remotes/home/**');
      await notice.getByRole('button', { name: 'Try again' }).click();
      await expect(page.locator('#courses-section')).toBeVisible();
      await expect(page.getByText('Part of this page could not load')).toHaveCount(0);
    });

    test('with the cart remote down, the cart page says what the cart still holds and offers Try again', async ({
      page,
      consoleWatch,
    }) => {
      consoleWatch.allow(remoteDown);
      await addFirstCourse(page);
      await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
      await page.route('**/remotes/cart/**', (route) =>
        route.fulfill({ status: 404, body: 'gone' }),
      );
      await page.goto('/cart');
      const message = page.getByRole('alert').filter({ hasText: 'temporarily unavailable' });
      await expect(message).toContainText('Your cart still holds 1 item: nothing is lost.');
      await expect(message.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(message.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    });

    test('with the footer remote down, a minimal footer keeps the legal pages, contact and cookie settings', async ({
      page,
      consoleWatch,
    }) => {
      consoleWatch.allow(remoteDown);
      await page.route('**/remotes/footer/**', (route) =>
        route.fulfill({ status: 404, body: 'gone' }),
      );
      await page.goto('/courses');
      const legal = page.getByRole('navigation', { name: 'Legal and contact' });
      await scrollUntilVisible(page, legal);
      await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
      await expect(legal.getByRole('link', { name: 'Terms and Conditions' })).toBeVisible();
      await expect(legal.getByRole('link', { name: 'Contact us' })).toBeVisible();
      await legal.getByRole('button', { name: 'Cookie settings' }).click();
      await expect(page.getByRole('heading', { name: 'Cookies on this site' })).toBeVisible();
      await legal.getByRole('link', { name: 'Terms and Conditions' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }),
      ).toBeVisible();
    });
  });
}
