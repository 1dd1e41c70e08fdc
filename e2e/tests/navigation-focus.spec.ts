import type { Locator, Page } from '@playwright/test';
import { SCREENS, expect, test } from '../support/fixtures';
import { pageTakenOver, wcagViolations, withConsentCookie } from '../support/storefront';

/**
 * Issue 42, item 4: after a move inside the app the focus goes to the new page's heading and the
 * page's title is said; the focus never goes to the newsletter popup or the cookie question
 * unasked, and never drops to the page's body from them.
 */

const SITE = 'Arora Medical Education';
const COURSE = 'PLAB 1 Online Course';
const POPUP_NAME = 'Get exam tips from Arora Updates';

/** The shell's live region that says the title of the page a visitor moved to. */
function pageAnnouncer(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: new RegExp(` \\| ${SITE}$`) });
}

/** The page's heading has the focus, and its title has been said. */
async function expectArrivedAt(page: Page, heading: string, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeFocused();
  await expect(page).toHaveTitle(title);
  await expect(pageAnnouncer(page)).toHaveText(title);
}

/** The main menu's link, behind its hamburger on phones and its dropdown. */
async function menuLink(page: Page, phone: boolean, dropdown: string, name: string) {
  const menu = page.getByRole('navigation', { name: 'Main' });
  if (phone) await menu.getByRole('button', { name: 'Menu' }).click();
  await menu.getByRole('button', { name: dropdown, exact: true }).first().click();
  return menu.getByRole('link', { name, exact: true }).first();
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${String(screen.viewport.width)} px)`, () => {
    test.use({ viewport: screen.viewport });

    test('after each move inside the app (the header’s menu, a breadcrumb, a card, back) the new page’s heading has the focus and its title is said', async ({
      page,
      context,
      baseURL,
    }) => {
      // A returning visitor (the fixture's) who answered the cookie question: nothing else moves
      // the focus.
      await withConsentCookie(context, baseURL, 'v1-a0-m0');
      await page.goto('/');
      await pageTakenOver(page);
      // The page's first load says nothing and leaves the focus at the top.
      await expect(pageAnnouncer(page)).toHaveCount(0);
      await expect(page.locator('body')).toBeFocused();

      const link = await menuLink(page, screen.name === 'phone', 'PLAB New', COURSE);
      await link.click();
      await expect(page).toHaveURL(/\/courses\/plab-1-online-course$/);
      await expectArrivedAt(page, COURSE, `${COURSE} | ${SITE}`);

      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Courses' })
        .click();
      await expect(page).toHaveURL(/\/courses$/);
      await expectArrivedAt(page, 'All courses', `All courses | ${SITE}`);

      const card = page.getByRole('main').getByRole('heading', { level: 3 }).getByRole('link');
      const cardTitle = (await card.first().textContent()) ?? '';
      await card.first().click();
      await expectArrivedAt(page, cardTitle, `${cardTitle} | ${SITE}`);

      await page.goBack();
      await expect(page).toHaveURL(/\/courses$/);
      await expectArrivedAt(page, 'All courses', `All courses | ${SITE}`);
    });

    test('a page moved to, its heading focused, has no WCAG 2.1 A/AA violation', async ({
      page,
      context,
      baseURL,
    }) => {
      await withConsentCookie(context, baseURL, 'v1-a0-m0');
      await page.goto('/courses');
      await pageTakenOver(page);
      await page.getByRole('main').getByRole('link', { name: COURSE, exact: true }).first().click();
      await expectArrivedAt(page, COURSE, `${COURSE} | ${SITE}`);
      expect(await wcagViolations(page)).toEqual([]);
    });

    test.describe('on a first visit', () => {
      test.use({ closedNewsletterPopupBefore: false });

      test('a keyboard user on a header button keeps the focus when the newsletter popup opens by itself, and is told it opened', async ({
        page,
        context,
        baseURL,
      }) => {
        await withConsentCookie(context, baseURL, 'v1-a0-m0');
        await page.clock.install();
        await page.goto('/');
        const search = page.getByRole('banner').getByRole('button', { name: 'Search' });
        await expect(search).toBeVisible();
        await search.focus();
        await page.clock.runFor(10_000);
        const popup = page.getByRole('dialog', { name: POPUP_NAME });
        await expect(popup).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'newsletter offer' })).toHaveText(
          /^Get exam tips from Arora Updates: a newsletter offer has opened at the end of the page\./,
        );
        await expect(search).toBeFocused();
        await expect(popup.getByRole('button', { name: 'Close' })).not.toBeFocused();
      });
    });

    test('the cookie question’s Choose gives the focus to the first choice, and the answer gives it to the page’s content, never to the body', async ({
      page,
    }) => {
      await page.goto('/');
      await pageTakenOver(page);
      const question = page.getByRole('region', { name: 'Cookies on this site' });
      const choose = question.getByRole('button', { name: 'Choose' });
      await choose.focus();
      await page.keyboard.press('Enter');
      const analytics = question.getByRole('checkbox', { name: /^Analytics/ });
      await expect(analytics).toBeFocused();
      expect(await wcagViolations(page, ['.shell-consent'])).toEqual([]);
      await page.keyboard.press('Space');
      await question.getByRole('button', { name: 'Save my choices' }).click();
      await expect(question).toBeHidden();
      await expect(page.getByRole('main')).toBeFocused();
    });
  });
}
