import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  DEMO,
  logIn,
  newLearner,
  wcagViolations,
  withConsentCookie,
  type Learner,
} from '../support/storefront';

/** A phone and a laptop, each with an exam date of its own (their tests run side by side). */
const SCREENS = [
  {
    name: 'phone',
    viewport: { width: 375, height: 812 },
    examDate: '2099-05-14',
    shown: '14 May 2099',
  },
  {
    name: 'laptop',
    viewport: { width: 1280, height: 800 },
    examDate: '2099-06-21',
    shown: '21 June 2099',
  },
];

/** The laptop's width, where the header shows My Dashboard once logged in (logIn waits for it). */
const LOGIN_VIEWPORT = { width: 1280, height: 800 };

/** Logs `learner` in, then opens My courses at `viewport`. */
async function myCoursesAs(
  page: Page,
  learner: Learner,
  viewport: { width: number; height: number },
): Promise<void> {
  await page.setViewportSize(LOGIN_VIEWPORT);
  await logIn(page, learner);
  await page.setViewportSize(viewport);
  await page.goto('/my-courses');
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
}

for (const screen of SCREENS) {
  test.describe(`My courses on a ${screen.name} (${String(screen.viewport.width)} px)`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      // A returning visitor: the cookie question answered, so nothing stands before the page.
      await withConsentCookie(context, baseURL, 'v1-a0-m0');
    });

    test('a saved exam date is shown, and in the field, when the learner comes back', async ({
      page,
      request,
    }) => {
      // A learner of its own: the date saved is theirs alone.
      await myCoursesAs(page, await newLearner(request), screen.viewport);
      const field = page.getByLabel('Your exam date');
      await expect(field).toHaveValue('');
      await field.fill(screen.examDate);
      await page.getByRole('button', { name: 'Save exam date' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Exam date saved' })).toContainText(
        `We'll plan your revision around ${screen.shown}.`,
      );
      expect(await wcagViolations(page)).toEqual([]);

      // Away, then back: WordPress gives the date saved (users/me meta exam_date).
      await page.getByRole('link', { name: 'Browse our courses' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'All courses' })).toBeVisible();
      await page.goto('/my-courses');
      await expect(page.getByLabel('Your exam date')).toHaveValue(screen.examDate);
      await expect(page.getByText(`Your exam date: ${screen.shown}`)).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);

      // A WordPress whose plugin does not give the meta: the date this device saved.
      await page.route('**/wp-json/wp/v2/users/me*', (route) =>
        route.fulfill({ json: { meta: [] } }),
      );
      await page.reload();
      await expect(page.getByLabel('Your exam date')).toHaveValue(screen.examDate);
    });

    test('an expired course’s Renew opens its course page, to buy it again', async ({ page }) => {
      await myCoursesAs(page, DEMO, screen.viewport);
      const expired = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: 'PLAB 1 Question Bank' }) });
      await expect(expired).toContainText('Expired');
      const active = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: 'UKMLA AKT Online Course' }) });
      await expect(active.getByRole('link', { name: 'Go to course' })).toBeVisible();
      await expect(active.getByRole('link', { name: 'Renew' })).toHaveCount(0);
      await expired.getByRole('link', { name: 'Renew' }).click();
      await expect(page).toHaveURL(/\/courses\/plab-1-question-bank$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'PLAB 1 Question Bank' }),
      ).toBeVisible();
      await expect(page.getByRole('group', { name: 'Access' })).toBeVisible();
      // Back goes to My courses: the courses page it passed through is not in the history.
      await page.goBack();
      await expect(page).toHaveURL(/\/my-courses$/);
    });
  });
}
