import path from 'node:path';
import type { Page } from '@playwright/test';
import { startOwnGateway, type OwnGateway } from '../support/cluster';
import { SCREENS, expect, test } from '../support/fixtures';
import {
  pageTakenOver,
  reachFooter,
  expectNothingShifted,
  watchShifts,
  wcagViolations,
  withConsentCookie,
  withoutScripts,
} from '../support/storefront';

/**
 * The cookie question (PECR / UK GDPR): asked on a first visit in the page's flow, kept in the
 * consent cookie, honoured by the data layer and Google's Consent Mode, asked again from the footer.
 */

const question = (page: Page) => page.getByRole('region', { name: 'Cookies on this site' });

/** The events in the data layer (Consent Mode's commands are not events). */
function dataLayerEvents(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event?: unknown }[] }).dataLayer ?? [])
      .map((entry) => entry.event)
      .filter((event) => event !== undefined),
  );
}

/** Consent Mode's commands in the data layer, as [command, kind, signals]. */
function consentCommands(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((entry) => entry[0] === 'consent'),
  );
}

test.describe('the cookie question', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('is in the served page of a first visit, above everything, and the page takes it over without moving', async ({
    page,
    consoleWatch,
  }) => {
    await withoutScripts(page, consoleWatch);
    await page.goto('/');
    await expect(question(page)).toBeVisible();
    const served = await question(page).boundingBox();
    expect(served?.y).toBe(0);
    await page.unrouteAll();

    await watchShifts(page);
    await page.goto('/');
    await pageTakenOver(page);
    await expect(question(page)).toBeVisible();
    expect(await question(page).boundingBox()).toEqual(served);
    await expectNothingShifted(page);
  });

  test('Reject all: no event reaches the data layer, Consent Mode stays denied, no analytics cookie, and the question is not asked again', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await pageTakenOver(page);
    await question(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(question(page)).toHaveCount(0);
    expect(await consentCommands(page)).toEqual([
      ['consent', 'default', expect.objectContaining({ analytics_storage: 'denied' })],
      [
        'consent',
        'update',
        {
          analytics_storage: 'denied',
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
        },
      ],
    ]);

    // A course seen and the search used: events the page tells, which the data layer never gets.
    await page
      .getByRole('link', { name: /UKMLA AKT Online Course/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('UKMLA AKT Online Course');
    expect(await dataLayerEvents(page)).toEqual([]);
    const cookies = (await context.cookies()).map((cookie) => cookie.name);
    expect(cookies.filter((name) => /^_ga|^_gid|^_gcl/.test(name))).toEqual([]);
    expect(cookies).toContain('cookie_consent');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('UKMLA AKT Online Course');
    await expect(question(page)).toHaveCount(0);
    // The page's first script tells Consent Mode the answer before any tag could load.
    expect((await consentCommands(page))[1]?.[1]).toBe('update');
  });

  test('a malformed consent cookie is no answer: the question is asked again', async ({
    page,
    context,
    baseURL,
  }) => {
    await withConsentCookie(context, baseURL, 'v1-a1-m9');
    await page.goto('/');
    await expect(question(page)).toBeVisible();
    await pageTakenOver(page);
    await expect(question(page)).toBeVisible();
    expect(await consentCommands(page)).toHaveLength(1);
  });

  test('the footer’s Cookie settings asks again, with the answer given, and a new answer holds', async ({
    page,
    context,
    baseURL,
  }) => {
    await withConsentCookie(context, baseURL, 'v1-a0-m0');
    await page.goto('/contact-us');
    await expect(question(page)).toHaveCount(0);
    await (await reachFooter(page)).getByRole('button', { name: 'Cookie settings' }).click();
    await expect(question(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cookies on this site' })).toBeFocused();
    await expect(page.getByRole('checkbox', { name: /^Analytics/ })).not.toBeChecked();
    await page.getByRole('checkbox', { name: /^Analytics/ }).check();
    await page.getByRole('button', { name: 'Save my choices' }).click();
    await expect(question(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cookie settings' })).toBeFocused();
    const kept = (await context.cookies()).find((cookie) => cookie.name === 'cookie_consent');
    expect(kept?.value).toBe('v1-a1-m0');
    expect((await consentCommands(page)).at(-1)).toEqual([
      'consent',
      'update',
      expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'denied' }),
    ]);
  });

  test('never covers Add to cart on a phone: it is in the flow, and the button takes the tap', async ({
    page,
  }) => {
    await page.goto('/courses/plab-1-online-course');
    await expect(question(page)).toBeVisible();
    const add = page.getByRole('button', { name: 'Add PLAB 1 Online Course to cart' });
    await pageTakenOver(page);
    await expect(add).toBeEnabled();
    await add.scrollIntoViewIfNeeded();
    const covered = await add.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit === null || button.contains(hit) ? '' : hit.outerHTML.slice(0, 200);
    });
    expect(covered).toBe('');
    expect(await question(page).evaluate((el) => getComputedStyle(el).position)).toBe('static');
  });

  // The question is the same short text on every page: the browser's largest paint, which tells
  // when a visitor sees the page, must be the page's own, however little content the page has.
  for (const { name, viewport } of SCREENS) {
    test(`is never the page's largest paint on a ${name}: the page's own content is`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      // Each candidate as the browser names it, told apart at once: the app may later replace
      // the served content it names (an entry then names no element).
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { largestPaints: string[] }).largestPaints = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LargestContentfulPaint[]) {
            seen.push(
              entry.element?.closest('.shell-consent') ? 'the cookie question' : 'the page',
            );
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      for (const route of ['/search?s=plab', '/locations/1', '/blogs', '/contact-us']) {
        await page.goto(route);
        await expect(question(page)).toBeVisible();
        await pageTakenOver(page);
        const largest = await page.evaluate(
          () => (window as unknown as { largestPaints: string[] }).largestPaints,
        );
        expect(largest.length, route).toBeGreaterThan(0);
        expect(largest[largest.length - 1], route).toBe('the page');
      }
    });
  }

  for (const width of [320, 1280]) {
    test(`has no WCAG 2.1 A/AA violation at ${String(width)} px, choices open`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await pageTakenOver(page);
      await question(page).getByRole('button', { name: 'Choose' }).click();
      await expect(page.getByRole('checkbox', { name: /^Marketing/ })).toBeVisible();
      expect(await wcagViolations(page, ['.shell-consent'])).toEqual([]);
    });
  }
});

test.describe('with GTM_ID set', () => {
  let gateway: OwnGateway;
  test.beforeAll(async () => {
    gateway = await startOwnGateway(path.resolve(__dirname, '..', '..'), {
      GTM_ID: 'GTM-E2E1234',
    });
  });
  test.afterAll(async () => {
    await gateway.stop();
  });

  /**
   * Every request the page makes to Google (Tag Manager, Analytics, its ad services), answered
   * here so nothing leaves the machine: Tag Manager's script by one that notes what the data layer
   * held when it ran. A policy that blocked it would be a console error.
   */
  async function watchGoogle(page: Page): Promise<string[]> {
    const asked: string[] = [];
    await page.route(
      /^https:\/\/([a-z0-9-]+\.)*(google|googletagmanager|google-analytics|googleadservices|doubleclick)\.[a-z.]+\//,
      (route) => {
        asked.push(route.request().url());
        return route.fulfill({
          contentType: 'text/javascript',
          body: 'window.gtmSaw = window.dataLayer.map(function (e) { return e.event || Array.from(e)[1]; });',
        });
      },
    );
    return asked;
  }

  /**
   * Tag Manager's script ran, and found Consent Mode's defaults and the visitor's answer first in
   * the data layer (then any events the answer let through), and its own start.
   */
  async function expectTagManagerAfterConsent(page: Page): Promise<void> {
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { gtmSaw?: unknown[] }).gtmSaw ?? []))
      .toContain('gtm.js');
    const saw = await page.evaluate(() => (window as unknown as { gtmSaw: unknown[] }).gtmSaw);
    expect(saw.slice(0, 2)).toEqual(['default', 'update']);
  }

  /**
   * A page whose first screen the gateway renders (/courses), opened and taken over by the
   * shell's code: by then the code has decided whether Tag Manager loads.
   */
  async function openCourses(page: Page): Promise<void> {
    await page.goto(`${gateway.url}/courses`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All courses');
    await pageTakenOver(page);
  }

  test('nothing is asked of Google before the visitor answers; “Accept all” loads Tag Manager once, after Consent Mode is told', async ({
    page,
  }) => {
    const asked = await watchGoogle(page);
    await openCourses(page);
    await expect(question(page)).toBeVisible();
    await page.reload();
    await pageTakenOver(page);
    expect(asked).toEqual([]);

    await question(page).getByRole('button', { name: 'Accept all' }).click();
    await expectTagManagerAfterConsent(page);
    expect(asked).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-E2E1234']);
  });

  test('“Reject all” loads nothing, and neither does a later visit with the refusal kept', async ({
    page,
  }) => {
    const asked = await watchGoogle(page);
    await openCourses(page);
    await question(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(question(page)).toHaveCount(0);
    await openCourses(page);
    await expect(question(page)).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test('a kept acceptance loads Tag Manager with the page, after Consent Mode’s defaults and the answer, allowed by the page’s policy', async ({
    page,
    context,
  }) => {
    await withConsentCookie(context, gateway.url, 'v1-a1-m1');
    const asked = await watchGoogle(page);
    await openCourses(page);
    await expectTagManagerAfterConsent(page);
    expect(asked).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-E2E1234']);
  });
});
