import type { Locator, Page } from '@playwright/test';
import { SCREENS, cartButton, expect, test } from '../support/fixtures';
import SAMPLE_ROUTES from '../../scripts/sample-routes.json';
import { holdRemote, slowPhone, withConsentCookie } from '../support/storefront';

/**
 * No control is served alive before it can act: a served button is disabled until the page's code
 * runs, or its tap is kept and carried out then (the cookie question's). On a slow phone a tap at
 * first paint is never lost on a button that looks ready; and a centre's page books what it lists.
 */

const addButton = (within: Locator | Page) =>
  within.getByRole('button', { name: /^Add .+ to cart$/ }).first();

/** The pages whose first screen is served with an event's Add to cart, and the event it adds. */
const SERVED_ADDS = [
  { path: '/events', event: 'PLAB 2 Mock Circuit — Manchester' },
  {
    path: '/events/plab-2-mock-circuit-manchester-january-2027',
    event: 'PLAB 2 Mock Circuit — Manchester',
  },
  { path: '/locations/2', event: 'PLAB 2 Mock Circuit — Manchester' },
];

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} (${String(screen.viewport.width)} px)`, () => {
    test.use({ viewport: screen.viewport });

    test.beforeEach(async ({ context, baseURL }) => {
      // A returning visitor: the cookie question answered, so nothing stands before the page.
      await withConsentCookie(context, baseURL, 'v1-a0-m0');
    });

    for (const { path, event } of SERVED_ADDS) {
      test(`on a slow phone, a tap on ${path}'s served Add to cart at first paint ends in the cart, or the button was disabled then`, async ({
        page,
      }) => {
        await slowPhone(page);
        const home = await holdRemote(page, 'home');
        await page.goto(path, { waitUntil: 'commit' });
        // The first paint: the served page, its code held on the line.
        const served = page.locator('[data-server-render]');
        const add = served.getByRole('button', { name: `Add ${event} to cart` }).first();
        await expect(add).toBeVisible();
        await home.asked();
        await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
        const disabledAtTap = await add.isDisabled();
        // A finger on it, ready or not.
        await add.click({ force: true });
        await home.release();
        await expect(served).toHaveCount(0);
        const live = page.getByRole('button', { name: `Add ${event} to cart` }).first();
        await expect(live).toBeEnabled();
        if (disabledAtTap) {
          // A disabled button says it is not ready: the visitor taps again once it is.
          await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
          await live.click();
        }
        await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
      });
    }

    test('each centre page books each date it lists, or says booking opens soon; another exam’s events are under their own heading', async ({
      page,
      request,
    }) => {
      const events = (await (await request.get('/wp-json/wp/v2/products-with-ticket')).json()) as {
        title: string;
        date: string;
        location_id: number | null;
      }[];
      for (const id of [1, 2, 3]) {
        const centre = (await (
          await request.get(`/wp-json/wp/v2/page-details/location-${String(id)}`)
        ).json()) as { title: string; city: string; next_dates: string[] };
        const exam = /^(UKMLA|PLAB|MSRA|MRCGP)/.exec(centre.title)?.[1] ?? '';
        await page.goto(`/locations/${String(id)}`);
        const booking = page.getByRole('region', { name: `Book a place in ${centre.city}` });
        await expect(booking).toBeVisible();
        const dates = booking.getByRole('listitem');
        await expect(dates.first()).toBeVisible();
        // Every date WordPress lists for the centre is on the page.
        for (const date of centre.next_dates) {
          await expect(booking.locator(`time[datetime="${date}"]`)).toHaveCount(1);
        }
        // Each is its event of the centre's exam, to add, or says that booking opens soon.
        for (const date of await dates.all()) {
          const add = date.getByRole('button', { name: /^Add .+ to cart$/ });
          if ((await add.count()) > 0) {
            await expect(add).toBeEnabled();
            await expect(date.getByRole('heading', { level: 3 })).toContainText(exam);
          } else {
            await expect(date).toContainText('Booking opens soon');
          }
        }
        // The other exams' events held there: each under its exam's own heading, none here.
        for (const other of events.filter(
          (event) => event.location_id === id && !event.title.startsWith(exam),
        )) {
          const otherExam = /^(UKMLA|PLAB|MSRA|MRCGP)/.exec(other.title)?.[1] ?? 'Other';
          await expect(booking).not.toContainText(other.title);
          const own = page.getByRole('region', { name: `${otherExam} events in ${centre.city}` });
          await expect(own.getByRole('listitem').filter({ hasText: other.title })).toHaveCount(1);
          await expect(
            addButton(own.getByRole('listitem').filter({ hasText: other.title })),
          ).toBeEnabled();
        }
      }
    });
  });
}

test.describe('with no script at all', () => {
  test.use({ javaScriptEnabled: false });

  test('every button a route serves in its page is disabled until the page’s code runs (the cookie question keeps its taps)', async ({
    page,
  }) => {
    const alive: string[] = [];
    let served = 0;
    for (const { path } of SAMPLE_ROUTES) {
      await page.goto(path);
      for (const button of await page.locator('#root button').all()) {
        served += 1;
        if (!(await button.isDisabled())) alive.push(`${path}: ${await button.innerText()}`);
      }
    }
    expect(served).toBeGreaterThan(0);
    expect(alive).toEqual([]);
  });
});
