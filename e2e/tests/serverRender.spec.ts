import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startOwnGateway, type OwnGateway } from '../support/cluster';
import { expect, test } from '../support/fixtures';
import {
  expectSamePlace,
  loadedResources,
  pageTakenOver,
  expectNothingShifted,
  watchShifts,
  withoutScripts,
} from '../support/storefront';

/**
 * The routes whose first screen the gateway renders with their own code (the home remote's, and
 * the shell's for its own pages): what their served HTML holds (the heading, the first item), and
 * the reads it was drawn from, which the page carries and never asks for.
 */
const RENDERED = [
  {
    path: '/courses',
    heading: 'All courses',
    first: 'UKMLA AKT Online Course',
    reads: ['/wp-json/wp/v2/courseList'],
  },
  {
    path: '/courses/plab-1-online-course',
    heading: 'PLAB 1 Online Course',
    first: 'Add PLAB 1 Online Course to cart',
    reads: ['/wp-json/wp/v2/courseList'],
  },
  {
    path: '/events',
    heading: 'Events and mock exams',
    first: 'PLAB 2 Mock Circuit — Manchester',
    reads: ['/wp-json/wp/v2/products-with-ticket'],
  },
  {
    path: '/events/plab-2-mock-circuit-manchester-january-2027',
    heading: 'PLAB 2 Mock Circuit — Manchester',
    first: 'Pennine Clinical Skills Centre',
    reads: ['/wp-json/wp/v2/products-with-ticket'],
  },
  {
    path: '/locations/1',
    heading: 'PLAB 2 preparation in London',
    first: 'UKMLA CPSA Mock Day — London',
    reads: ['/wp-json/wp/v2/page-details/location-1', '/wp-json/wp/v2/products-with-ticket'],
  },
  {
    path: '/memberships',
    heading: 'Memberships: Silver, Gold and Ultimate',
    first: 'Silver Membership',
    reads: ['/wp-json/wp/v2/pages', '/wp-json/wp/v2/pages/96030', '/api/shop/prices'],
  },
  // The shell's own pages, drawn with the shell's renderers.
  {
    path: '/blogs',
    heading: 'Blog',
    first: 'How to pass the UKMLA AKT at the first attempt',
    reads: ['/wp-json/wp/v2/posts/', '/wp-json/wp/v2/categories/'],
  },
  {
    path: '/blogs/how-to-pass-ukmla-akt',
    heading: 'How to pass the UKMLA AKT at the first attempt',
    first: 'The Applied Knowledge Test is 200 single best answer questions',
    reads: ['/wp-json/wp/v2/posts'],
  },
  {
    path: '/search?s=plab',
    heading: 'Search results for “plab”',
    first: 'PLAB 1 Online Course',
    reads: ['/wp-json/custom/v1/search'],
  },
  {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    first: 'This policy explains how Arora Medical Education Ltd',
    reads: ['/wp-json/wp/v2/pages'],
  },
  {
    path: '/terms-and-conditions',
    heading: 'Terms and Conditions',
    first: 'These terms apply to every purchase',
    reads: ['/wp-json/wp/v2/pages'],
  },
  {
    path: '/contact-us',
    heading: 'Contact us',
    first: 'Questions about a course, an event booking or your account?',
    reads: ['/wp-json/wp/v2/pages'],
  },
  {
    path: '/acceptable-use-policy',
    heading: 'Acceptable Use Policy',
    first: 'This policy sets out how you may use the Arora Medical Education website',
    reads: ['/wp-json/custom/v1/acceptable-use-policy'],
  },
];

for (const { path, heading, first, reads } of RENDERED) {
  test.describe(path, () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('its first screen is in the served HTML: with no script at all, its heading and first item show', async ({
      page,
      consoleWatch,
    }) => {
      await withoutScripts(page, consoleWatch);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('main').getByText(first).first()).toBeVisible();
    });

    test('the remote takes the first screen over without moving it, and asks nothing the page carries', async ({
      page,
      consoleWatch,
    }) => {
      await withoutScripts(page, consoleWatch);
      await page.goto(path);
      const served = await page.getByRole('heading', { level: 1 }).boundingBox();
      await page.unrouteAll();

      await watchShifts(page);
      await page.goto(path);
      // The remote's page has replaced the gateway's markup, and its prices (or places) are in.
      await pageTakenOver(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      await expect(page.locator('main .home-picker:disabled')).toHaveCount(0);
      expectSamePlace(served, await page.getByRole('heading', { level: 1 }).boundingBox());
      await expectNothingShifted(page);
      const asked = (await loadedResources(page)).map((t) => new URL(t.url).pathname);
      for (const read of reads) expect(asked, read).not.toContain(read);
    });
  });
}

const HERO_IMAGE = '**/home-banner-doctors.svg';
/** The shell's entry script, once the page's code loader has started it. */
const shellEntry = (page: Page) => page.locator('script[src="/main.js"]');

/**
 * Opens the home page with the page's clock stopped, so the loader's 3 s cap cannot start the code
 * while the test looks: the page's timers run only when the test lets them (`runFor`).
 */
async function openWithClockStopped(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) resolve();
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

/** The hero image is in, or failed (`complete` either way). */
async function heroSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.locator('img.home-hero__image').evaluate((img: HTMLImageElement) => img.complete),
    )
    .toBe(true);
}

test.describe('a drawn page starts its code once its first screen is in', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('not while the first screen’s image is still coming: the image has the line to itself', async ({
    page,
  }) => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(HERO_IMAGE, async (route) => {
      await held;
      await route.continue();
    });
    await openWithClockStopped(page);
    await page.clock.runFor(100);
    await expect(shellEntry(page)).toHaveCount(0);

    release();
    await heroSettled(page);
    await page.clock.runFor(100);
    await expect(shellEntry(page)).toHaveCount(1);
    await page.clock.resume();
    await pageTakenOver(page);
  });

  test('an image that fails to load does not hold the code back', async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/Failed to load resource/);
    await page.route(HERO_IMAGE, (route) => route.abort());
    await openWithClockStopped(page);
    await heroSettled(page);
    await page.clock.runFor(100);
    await expect(shellEntry(page)).toHaveCount(1);
    await page.clock.resume();
    await pageTakenOver(page);
  });
});

test.describe('/cart, drawn from the count of lines the browser says its cart holds', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a new visitor’s empty cart is in the served HTML, and the cart remote takes it over without a change', async ({
    page,
    consoleWatch,
  }) => {
    await withoutScripts(page, consoleWatch);
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty.' })).toBeVisible();
    const served = await page.getByRole('heading', { name: 'Your cart is empty.' }).boundingBox();
    await page.unrouteAll();

    await watchShifts(page);
    await page.goto('/cart');
    await pageTakenOver(page);
    await expect(page.getByRole('link', { name: 'Browse our courses' })).toBeVisible();
    expectSamePlace(
      served,
      await page.getByRole('heading', { name: 'Your cart is empty.' }).boundingBox(),
    );
    await expectNothingShifted(page);
  });

  test('with a line in the cart the served page is the cart’s frame, one line reserved, which the line takes without moving the page', async ({
    page,
    context,
    consoleWatch,
  }) => {
    await page.goto('/courses/plab-1-online-course');
    await page.getByRole('button', { name: 'Add PLAB 1 Online Course to cart' }).click();
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'cart_lines')?.value)
      .toBe('1');

    await withoutScripts(page, consoleWatch);
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart');
    await expect(page.locator('main .cart-line-reserved')).toHaveCount(1);
    await expect(page.getByText('Your cart is empty.')).toHaveCount(0);
    const served = await page.getByRole('heading', { level: 1 }).boundingBox();
    await page.unrouteAll();

    await watchShifts(page);
    await page.goto('/cart');
    await pageTakenOver(page);
    await expect(page.getByRole('listitem', { name: 'PLAB 1 Online Course' })).toBeVisible();
    expectSamePlace(served, await page.getByRole('heading', { level: 1 }).boundingBox());
    await expectNothingShifted(page);
  });
});

const ROOT = path.resolve(__dirname, '..', '..');

/** The builds of this run, with a home remote whose every server renderer throws. */
function appsWithThrowingRenderers(): string {
  const apps = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-throwing-renderers-'));
  for (const name of ['shell', 'remote-header', 'remote-footer', 'remote-cart']) {
    fs.symlinkSync(path.join(ROOT, name), path.join(apps, name));
  }
  const home = path.join(apps, 'remote-home', 'dist');
  fs.cpSync(path.join(ROOT, 'remote-home', 'dist'), home, { recursive: true });
  const names = ['hero', 'courseList', 'course', 'eventList', 'event', 'location'];
  fs.writeFileSync(
    path.join(home, 'server', 'pages.js'),
    `'use strict';\nconst broken = () => { throw new Error('A release that cannot draw'); };\n` +
      `exports.renderers = { ${names.map((name) => `${name}: broken`).join(', ')} };\n`,
  );
  return apps;
}

test.describe('a home release whose server renderers throw', () => {
  let apps = '';
  let gateway: OwnGateway | undefined;

  test.beforeAll(async () => {
    apps = appsWithThrowingRenderers();
    gateway = await startOwnGateway(apps);
  });

  test.afterAll(async () => {
    await gateway?.stop();
    fs.rmSync(apps, { recursive: true, force: true });
  });

  test('its routes are served as before its renderers: no first screen in the page, the remote draws it in the browser', async ({
    page,
  }) => {
    const url = gateway?.url ?? '';
    for (const route of ['/', '/courses', '/events/plab-2-mock-circuit-manchester-january-2027']) {
      const served = await page.request.get(`${url}${route}`, { headers: { Accept: 'text/html' } });
      expect(served.status(), route).toBe(200);
      const html = await served.text();
      expect(html, route).toContain('<div class="shell-page-space"');
      expect(html, route).not.toContain('data-server-render');
    }
    await page.goto(`${url}/courses`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All courses');
    await expect(page.locator('main').getByText('UKMLA AKT Online Course').first()).toBeVisible();
    // The operators are told which release could not draw which route.
    expect(gateway?.output()).toMatch(/home\/CourseListPage could not render \/courses/);
  });
});

test('the server renderers are read from disk, never served: the shell’s, each remote’s and a released version’s are not found', async ({
  request,
}) => {
  const page = await request.get('/courses', { headers: { Accept: 'text/html' } });
  expect(await page.text()).toContain('data-server-render="');

  // A release of the home remote as scripts/release.mjs lays it out (its whole build, server/
  // included), beside the live one.
  const version = `renderers-${String(process.pid)}`;
  const released = path.join(process.env.E2E_DEPLOY_DIR ?? '', 'remotes', 'home', version);
  fs.cpSync(path.join(ROOT, 'remote-home', 'dist'), released, { recursive: true });
  try {
    for (const [url, file] of [
      ['/server/pages.js', 'shell/dist/server/pages.js'],
      ['/remotes/home/server/pages.js', 'remote-home/dist/server/pages.js'],
      ['/remotes/cart/server/pages.js', 'remote-cart/dist/server/pages.js'],
      [`/releases/home/${version}/server/pages.js`, ''],
    ] as const) {
      if (file) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await request.fetch(url, { method });
        expect({ url, method, status: answer.status() }).toEqual({ url, method, status: 404 });
      }
    }
    expect(fs.existsSync(path.join(released, 'server', 'pages.js'))).toBe(true);
    const manifest = await request.get(`/releases/home/${version}/mf-manifest.json`);
    expect(manifest.status()).toBe(200);
  } finally {
    fs.rmSync(released, { recursive: true, force: true });
  }
});
