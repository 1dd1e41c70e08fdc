import type { Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { holdShell, pageTakenOver, reachFooter } from '../support/storefront';

const DAY_MS = 24 * 60 * 60 * 1000;

test.describe('footer and shell behaviours', () => {
  test('the footer shows after 2 s with its lists, the newsletter block and the year', async ({
    page,
  }) => {
    // When the footer itself first appears, by the page's own clock (from its opening).
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (document.querySelector('footer')) {
          (window as unknown as { footerShownAt: number }).footerShownAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    const footer = await reachFooter(page);
    await expect(footer.getByRole('navigation', { name: 'MENU' })).toBeVisible();
    await expect(footer.getByRole('navigation', { name: 'COMPANY' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Register here' })).toHaveAttribute(
      'href',
      '/arora-subscribe-form',
    );
    await expect(footer).toContainText(`© ${String(new Date().getFullYear())}`);
    await expect(footer.getByRole('link', { name: 'Courses' })).toHaveAttribute(
      'href',
      '/#courses-section',
    );
    // Not before 2 s: until then the shell's reserved space and the footer's skeleton hold it.
    const shownAt = await page.evaluate(
      () => (window as unknown as { footerShownAt?: number }).footerShownAt,
    );
    expect(shownAt).toBeGreaterThanOrEqual(2000);
  });

  test.describe('the newsletter popup', () => {
    // A first visit: the popup is due.
    test.use({ closedNewsletterPopupBefore: false });

    test('the popup opens after 10 s; closed once, it stays closed', async ({ page }) => {
      await page.clock.install();
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: /Arora Updates/ })).toHaveCount(0);
      await page.clock.runFor(10_000);
      const popup = page.getByRole('dialog', { name: /Arora Updates/ });
      await expect(popup).toBeVisible();
      await popup.getByRole('button', { name: 'Close' }).click();
      expect(await page.evaluate(() => localStorage.getItem('popupClosed'))).toBe('true');
      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await page.clock.runFor(15_000);
      await expect(page.getByRole('dialog', { name: /Arora Updates/ })).toHaveCount(0);
    });

    test('the popup’s code comes 7 s into the page, to hear the last typing: a visitor gone before never downloads it', async ({
      page,
    }) => {
      // By the page's own clock, not a fake one: Playwright's clock does not start
      // performance.now() at each page's opening. Requests as the browser made them (the page's
      // resource timings stop at 250 entries).
      const popupCode: Request[] = [];
      page.on('request', (request) => {
        if (/\/newsletter-popup\.\w+\.js$/.test(new URL(request.url()).pathname)) {
          popupCode.push(request);
        }
      });
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: /Arora Updates/ })).toBeVisible({
        timeout: 20_000,
      });
      const opened = await page.evaluate(() => performance.timeOrigin);
      expect(popupCode).toHaveLength(1);
      expect((popupCode[0]?.timing().startTime ?? 0) - opened).toBeGreaterThanOrEqual(7000);
    });
  });

  test('newsletter: the exact messages for an empty and a malformed email, then a confirmation', async ({
    page,
  }) => {
    await page.goto('/arora-subscribe-form');
    const form = page.getByRole('form', { name: 'Arora Updates newsletter' });
    const submit = form.getByRole('button');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Email is required!');
    await form.getByLabel('Email address').fill('doctor@nhs');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(
      "Please enter a valid email address like 'name@example.com'.",
    );
    await form.getByLabel('Email address').fill('doctor@nhs.net');
    await submit.click();
    await expect(page.getByText(/check your inbox/i)).toBeVisible();
  });

  test('the scroll-to-top button appears after scrolling', async ({ page }) => {
    await page.goto('/');
    await pageTakenOver(page);
    await expect(page.getByRole('button', { name: 'Scroll to top' })).toHaveCount(0);
    await page.mouse.wheel(0, 400);
    await page.getByRole('button', { name: 'Scroll to top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the scroll-to-top button appears for a scroll made on the served page, before its code ran', async ({
    page,
  }) => {
    const shell = await holdShell(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('#courses-section')).toBeVisible();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(20);
    await shell.release();
    await pageTakenOver(page);
    await page.getByRole('button', { name: 'Scroll to top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the home page uses its SEO title from the backend', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('UKMLA, PLAB, MSRA and MRCGP Courses | Arora Medical Education');
  });

  test('mc_cid and mc_eid are taken from the URL', async ({ page }) => {
    await page.goto('/?mc_cid=camp42&mc_eid=reader7');
    await expect
      .poll(() =>
        page.evaluate(() => [localStorage.getItem('mc_cid'), localStorage.getItem('mc_eid')]),
      )
      .toEqual(['camp42', 'reader7']);
  });
});

test.describe('session and the mobile app', () => {
  test('the demo learner logs in; a session 25 h old expires on load with its message', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill('learner@example.com');
    await page.getByLabel('Password').fill('Learner#2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The session is aged as the next page's document loads, before its code runs. Aged from
    // this page instead, this page's own check could end it first: the move home commits in a
    // transition that may land after the URL has changed.
    await page.addInitScript(
      (age) => {
        if (window.location.pathname === '/cart') {
          localStorage.setItem('loginTimestamp', String(Date.now() - age));
        }
      },
      25 * 60 * 60 * 1000,
    );
    await page.goto('/cart');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Session Expired! Please Login Again')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page.getByRole('link', { name: 'Log In / Sign up' })).toBeVisible();
  });

  test('wrong credentials show the message and store nothing', async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 403/);
    await page.goto('/login');
    await page.getByLabel('Email address').fill('learner@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toContainText('is incorrect');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('in the app, header and footer are hidden on login and legal pages; expiry tells the app and the login page says Session Expired', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 14) AroraApp/3.2',
    });
    // The app's bridge, recording what the page posts (kept across the full-page redirect).
    await context.addInitScript(() => {
      (
        window as unknown as { ReactNativeWebView: { postMessage(m: string): void } }
      ).ReactNativeWebView = {
        postMessage: (message: string) => {
          const posted = JSON.parse(sessionStorage.getItem('posted') ?? '[]') as string[];
          sessionStorage.setItem('posted', JSON.stringify([...posted, message]));
        },
      };
    });
    const page = await context.newPage();
    await page.goto('/login?isMobileApp=true');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy' }).first()).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();

    await page.evaluate((age) => {
      localStorage.setItem('token', 'expired-token');
      localStorage.setItem('loginTimestamp', String(Date.now() - age));
    }, 2 * DAY_MS);
    await page.reload();
    // A full page load, which says itself why the learner is there.
    await expect(page).toHaveURL(/\/login\?session=expired$/);
    await expect(page.getByRole('alert')).toHaveText('Session Expired! Please Login Again');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const posted = await page.evaluate(() => sessionStorage.getItem('posted'));
    expect(JSON.parse(posted ?? '[]')).toContain(JSON.stringify({ type: 'logout' }));
    await context.close();
  });
});
