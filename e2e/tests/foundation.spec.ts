import { cartButton, expect, goToCart, test } from '../support/fixtures';
import {
  expectHomeWithMinimalHeader,
  expectNothingShifted,
  expectSamePlace,
  firstCourseAdd,
  loadedResources,
  pageTakenOver,
  reachFooter,
  watchShifts,
  withoutScripts,
} from '../support/storefront';

test('the home page shows the header, the courses and the footer from their remotes', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(firstCourseAdd(page)).toBeVisible();
  const footer = await reachFooter(page);
  await expect(footer.getByText(`© ${String(new Date().getFullYear())}`)).toBeVisible();
});

test('the manifests of the remotes the page shows come in the page, and none is fetched', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('#courses-section')).toBeVisible();
  const footer = await reachFooter(page);
  await expect(footer.getByText(`© ${String(new Date().getFullYear())}`)).toBeVisible();
  const carried = JSON.parse(
    (await page.locator('#remote-manifests').textContent()) ?? '{}',
  ) as Record<string, { name?: string }>;
  // The ones it shows, as the gateway serves them at this moment: the header, footer and home,
  // and the cart, whose model every page loads before its first render.
  expect(Object.keys(carried).sort()).toEqual([
    '/remotes/cart/mf-manifest.json',
    '/remotes/footer/mf-manifest.json',
    '/remotes/header/mf-manifest.json',
    '/remotes/home/mf-manifest.json',
  ]);
  for (const [url, manifest] of Object.entries(carried)) {
    expect(manifest).toEqual(await (await page.request.get(url)).json());
  }
  const fetched = (await loadedResources(page))
    .map((t) => t.url)
    .filter((url) => url.endsWith('/mf-manifest.json'));
  // Neither the shell's contract check nor the federation runtime asks the network again.
  expect(fetched).toEqual([]);
});

test('the home data, the banner and the course list come in the page: neither the shell nor the home remote, which both want the home data, asks for any of them', async ({
  page,
}) => {
  await page.goto('/');
  // The remote has taken the served page over, so its reads have been made.
  await pageTakenOver(page);
  await expect(page.locator('#courses-section .home-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const urls = (await loadedResources(page)).map((t) => t.url);
  for (const read of [
    '/wp-json/wp/v2/home_banner',
    '/wp-json/wp/v2/courseList',
    '/wp-json/wp/v2/pages/96030',
  ]) {
    expect(
      urls.filter((url) => url.includes(read)),
      read,
    ).toHaveLength(0);
  }
});

test('the hero comes in the page itself, from the banner WordPress has now, and React takes it over without a shift', async ({
  page,
  request,
  consoleWatch,
}) => {
  const banner = await request.get(`/wp-json/wp/v2/home_banner?t=${String(Date.now())}`);
  const [slide] = (await banner.json()) as { title: string }[];
  await withoutScripts(page, consoleWatch);
  await page.goto('/');
  const title = page.locator('#home-hero-title');
  await expect(title).toHaveText(slide?.title ?? '');
  await expect(page.locator('.home-hero__image')).toBeVisible();
  const early = await title.boundingBox();

  await page.unrouteAll();
  const reads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/wp-json/wp/v2/home_banner')) reads.push(sent.url());
  });
  await page.goto('/');
  // The courses come in the served page too: what is measured is the page's code having taken it over.
  await pageTakenOver(page);
  await expect(page.locator('#courses-section')).toBeVisible();
  await expect(title).toHaveText(slide?.title ?? '');
  expectSamePlace(early, await title.boundingBox());
  const shifts = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          resolve(total);
        }, 100);
      }),
  );
  expect(shifts).toBe(0);
  expect(reads).toEqual([]);
});

test('while the home remote is still on its way, the running shell keeps the hero the page came with', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/remotes/home/exposed.*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for the load event: that waits for the held file.
  await page.goto('/', { waitUntil: 'commit' });
  // React runs (the header remote is in), and the hero is still the gateway's, in the shell's space.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const served = page.locator(
    '.shell-page-space [data-server-render="home/HomePage"] #home-hero-title',
  );
  await expect(served).toHaveText(/\S/);
  const title = await served.textContent();
  release();
  await expect(page.locator('#courses-section')).toBeVisible();
  await pageTakenOver(page);
  await expect(page.locator('#home-hero-title')).toHaveText(title ?? '');
});

for (const [route, remote, notLoaded] of [
  ['/', 'home', '/remotes/cart/__federation_expose_CartPage'],
  ['/cart', 'cart', '/remotes/home/'],
] as const) {
  test(`the code ${route} needs from the remotes downloads alongside the shell's own`, async ({
    page,
  }) => {
    await page.goto(route);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const timings = await loadedResources(page);
    const code = timings.filter(
      (t) =>
        (t.url.includes(`/remotes/${remote}/`) || t.url.includes('/remotes/cart/')) &&
        t.url.endsWith('.js'),
    );
    expect(code.map((t) => t.url.split('/').pop())).toContain('remoteEntry.js');
    // The cart's model comes on every page, the route's own code with it.
    expect(code.some((t) => t.url.includes('/remotes/cart/remoteEntry.js'))).toBe(true);
    // Hinted by the page, not discovered by the shell's code once it had run.
    for (const t of code) expect(t.initiator, t.url).toBe('link');
    expect(timings.some((t) => t.url.includes(notLoaded) && t.url.endsWith('.js'))).toBe(false);
  });
}

test('a page drawn in the browser carries the styles of what it shows: no style sheet is downloaded, and each applies', async ({
  page,
}) => {
  await page.goto('/cart');
  const empty = page.locator('.cart-empty-text');
  await expect(empty).toBeVisible();
  await expect(page.getByText(`© ${String(new Date().getFullYear())}`)).toBeVisible();
  // The cart's own sheet styles its text (18px, against the page's 16px).
  await expect(empty).toHaveCSS('font-size', '18px');
  const sheets = (await loadedResources(page))
    .map((t) => t.url)
    .filter((url) => new URL(url).pathname.endsWith('.css'));
  // Neither the page nor the remotes, as they mount, ask for a sheet the page carries.
  expect(sheets).toEqual([]);
});

test('what the header reads when it mounts starts with the page, and is asked for once', async ({
  page,
}) => {
  await page.goto('/cart');
  await expect(page.locator('.hdr-promo__text')).toBeVisible();
  const reads = [
    '/wp-json/custom/v2/getPromotionalBanner',
    '/wp-json/wp/v2/menu_home',
    '/wp-json/wp/v2/pages/96030',
  ];
  const timingsNow = async () =>
    (await loadedResources(page)).map((t) => ({ ...t, url: new URL(t.url).pathname }));
  // A resource is listed once its answer is in: wait for all three, however slow the machine.
  await expect
    .poll(async () => {
      const urls = (await timingsNow()).map((t) => t.url);
      return reads.filter((read) => !urls.includes(read));
    })
    .toEqual([]);
  const timings = await timingsNow();
  for (const read of reads) {
    const asked = timings.filter((t) => t.url === read);
    // Once, and started by the page's own hint: the remote's read is answered by it.
    expect(
      asked.map((t) => t.initiator),
      read,
    ).toEqual(['link']);
  }
});

/**
 * A course page's first screen wants more than its route names (its related events, its months'
 * prices, its description): the gateway reads them as the server draws the page (served-prices),
 * so the page carries their answers and the browser asks for none of them, not even by a hint.
 */
test('/courses/plab-1-online-course: what its first screen reads is carried in the page, never asked for', async ({
  page,
}) => {
  const wanted = ['/wp-json/wp/v2/products-with-ticket', '/wp-json/wp/v2/course/'];
  await page.goto('/courses/plab-1-online-course');
  const carried = await page.locator('#served-reads').textContent();
  for (const read of wanted) expect(carried, read).toContain(read);
  await expect(page.locator('main').getByText('PLAB 1 Online Course').first()).toBeVisible();
  // The remote has taken the served first screen over, so its reads have been asked, if at all.
  await pageTakenOver(page);
  await expect(page.locator('main').getByRole('heading', { name: 'Related events' })).toBeVisible();
  const urls = (await loadedResources(page)).map((t) => new URL(t.url).pathname);
  for (const read of wanted) {
    expect(
      urls.filter((url) => url.startsWith(read)),
      read,
    ).toEqual([]);
  }
});

test('on a phone, the course list does not move when its prices come: each card keeps its space', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await watchShifts(page);
  await page.goto('/courses');
  await expect(page.locator('main .home-card').first()).toBeVisible();
  // Every card's prices have come: no picker is waiting for its options.
  await expect(page.getByRole('group', { name: 'Access' }).first()).toBeVisible();
  await expect(page.locator('main .home-picker:disabled')).toHaveCount(0);
  await expectNothingShifted(page);
});

test('a page opened from another starts its reads as it opens, alongside its code, and asks for them once', async ({
  page,
}) => {
  await page.goto('/blogs');
  // The served list's links are plain links until the page's code has taken the list over (a
  // click before loads the post's page whole, drawn by the gateway): this is about the move after.
  await pageTakenOver(page);
  await page.locator('main a[href="/blogs/how-to-pass-ukmla-akt"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'How to pass the UKMLA AKT at the first attempt',
  );
  const post = (await loadedResources(page)).filter((t) =>
    new URL(t.url).pathname.startsWith('/wp-json/wp/v2/posts'),
  );
  // The list came in the served page (its server render was drawn from it); the post once: read
  // ahead as the pointer reached its link, or named by the shell as the post's page opened.
  expect(post.map((t) => new URL(t.url).search)).toEqual(['?slug=how-to-pass-ukmla-akt']);
  expect(['link', 'fetch']).toContain(post[0]?.initiator);
});

test('the footer, below the first screen, is downloaded once the page has loaded, not with it', async ({
  page,
}) => {
  await page.goto('/cart');
  await expect(page.locator('.cart-empty-text')).toBeVisible();
  await expect(page.getByText(`© ${String(new Date().getFullYear())}`)).toBeVisible();
  const loadStart = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
  );
  const footer = (await loadedResources(page)).filter((t) => {
    const path = new URL(t.url).pathname;
    return (
      (path.startsWith('/remotes/footer/') && path.endsWith('.js')) ||
      path === '/wp-json/wp/v2/footer'
    );
  });
  expect(footer.map((t) => new URL(t.url).pathname.split('/').pop())).toEqual(
    expect.arrayContaining(['remoteEntry.js', 'footer']),
  );
  // Each asked for once the page's load had ended (on a page slower than that, 2 s in, when the
  // footer is due), so none took a share of the first screen's line.
  for (const t of footer) expect(t.start, t.url).toBeGreaterThanOrEqual(Math.min(loadStart, 2000));
});

test('on a long page the footer’s code and data wait for the visitor to come near it', async ({
  page,
}) => {
  // Every request the page makes (its resource timings stop at the buffer's 250 entries).
  const footers: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/remotes/footer/') || path === '/wp-json/wp/v2/footer') {
      footers.push(path.split('/').pop() ?? '');
    }
  });
  await page.clock.install();
  await page.goto('/');
  await expect(firstCourseAdd(page)).toBeVisible();
  // Past the moment the footer is due at the latest (2 s from the page's opening).
  await page.clock.runFor(3000);
  expect(footers).toEqual([]);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const footer = await reachFooter(page);
  await expect(footer.getByRole('navigation', { name: 'COMPANY' })).toBeVisible();
  expect(footers).toEqual(expect.arrayContaining(['remoteEntry.js', 'footer']));
});

test('a search link’s page brings its own code alongside the shell’s, and its results in the page', async ({
  page,
}) => {
  await page.goto('/search?s=%20plab%20');
  await expect(page.getByRole('heading', { name: 'Search results for “plab”' })).toBeVisible();
  await expect(page.locator('.shell-results > li').first()).toBeVisible();
  // The results are served drawn; the page's code has taken them over, so its files are in.
  await pageTakenOver(page);
  const timings = await loadedResources(page);
  const results = timings.filter((t) => t.url.includes('/wp-json/custom/v1/search?'));
  // The results come in the served page, which its server render was drawn from: never asked for.
  expect(results.map((t) => new URL(t.url).search)).toEqual([]);
  // The search page's code, loaded on demand elsewhere (its files as the shell's build lists
  // them), is named by this page: its script hinted by the page, its style sheet carried in it.
  const built = (await (await page.request.get('/pages.json')).json()) as Record<string, string[]>;
  const files = built['pages/SearchPage'] ?? [];
  const scripts = files.filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    const t = timings.find((timing) => timing.url.endsWith(`/${file}`));
    expect(t?.initiator, file).toBe('link');
  }
  for (const file of files.filter((name) => name.endsWith('.css'))) {
    await expect(page.locator(`style[data-href="${file}"]`)).toHaveCount(1);
  }
});

test('before any script runs, the page paints its layout with the site’s logo where the header puts it', async ({
  page,
  consoleWatch,
}) => {
  await withoutScripts(page, consoleWatch);
  await page.goto('/');
  const served = page.locator('.shell-header-space img.shell-brand');
  await expect(served).toBeVisible();
  const early = await served.boundingBox();
  const src = await served.getAttribute('src');

  await page.unrouteAll();
  await page.goto('/');
  const logo = page.getByRole('banner').getByRole('link').locator('img').first();
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', src ?? '');
  expectSamePlace(early, await logo.boundingBox());
});

test('in the company’s app an auth page paints no layout it would then take away', async ({
  page,
  consoleWatch,
}) => {
  await withoutScripts(page, consoleWatch);
  await page.goto('/login?isMobileApp=true');
  await expect(page.locator('#root')).toBeEmpty();
  await page.goto('/login');
  await expect(page.locator('.shell-header-space .shell-brand')).toBeVisible();
});

test('one store: Add to cart in the home remote raises the header badge and fills /cart, also after a reload', async ({
  page,
}) => {
  await page.goto('/');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  const firstAdd = firstCourseAdd(page);
  const title = (await firstAdd.textContent())
    ?.replace(/\s+/g, ' ')
    .trim()
    .replace(/^Add (.*) to cart$/, '$1');
  await firstAdd.click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  await goToCart(page);
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
  // Every file of it is gone (its manifest comes in the page, so the runtime goes on to them).
  await page.route('**/remotes/header/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/');
  await expectHomeWithMinimalHeader(page);
  await expect(cartButton(page)).toBeVisible();
});

test('an unknown route is a 404 with a helpful page not found', async ({ page, consoleWatch }) => {
  // The browser reports the page's own status.
  consoleWatch.allow(/Failed to load resource: the server responded with a status of 404/);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse our courses' })).toHaveAttribute(
    'href',
    '/courses',
  );
});
