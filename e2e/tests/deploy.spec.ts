import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { addFirstCourse, expectHomeWithMinimalHeader, reachFooter } from '../support/storefront';

const ROOT = path.resolve(__dirname, '..', '..');
const TRUST_STRIP = path.join(ROOT, 'remote-header', 'src', 'TrustStrip.tsx');
const PROMO_BANNER = path.join(ROOT, 'remote-header', 'src', 'PromoBanner.tsx');
const CART_QUANTITY = path.join(ROOT, 'remote-cart', 'src', 'model', 'quantity.ts');
const HOME_SHAPES = path.join(ROOT, 'remote-home', 'src', 'data', 'shapes.ts');
const COURSE_PAGE = path.join(ROOT, 'remote-home', 'src', 'pages', 'CoursePage.tsx');
/** The shared-store this build's shell provides, and the contract of the next major version. */
const SHARED_STORE_VERSION = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'shared-store', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const NEXT_CONTRACT = `^${String(Number(SHARED_STORE_VERSION.split('.')[0]) + 1)}.0.0`;
const FOOTER = path.join(ROOT, 'remote-footer', 'src', 'Footer.tsx');
const ORIGINAL_TEXT = 'Medical education awards';
const RELEASED_TEXT = 'Medical education awards 2027';
const PREVIEWED_TEXT = 'Medical education awards 2028';

/** The script the marketing team runs, against this run's deploy folder; answers what it printed. */
function run(script: 'release' | 'rollback' | 'promote' | 'remotes', ...args: string[]): string {
  return execFileSync('node', [path.join(ROOT, 'scripts', `${script}.mjs`), ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DEPLOY_DIR: process.env.E2E_DEPLOY_DIR,
      PUBLIC_URL: test.info().project.use.baseURL,
      RELEASE_LINK_SECRET: process.env.E2E_RELEASE_LINK_SECRET,
    },
    encoding: 'utf8',
    stdio: 'pipe',
    timeout: 180_000,
  });
}

/** Replaces a file whole, as the release scripts do, so the gateway never reads half of it. */
function writeWhole(file: string, text: string): void {
  const temporary = `${file}.${String(process.pid)}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/**
 * Puts live a header whose manifest names another shared-store contract, as a header built
 * against another major version of shared-store would: a copy of the live release with that one
 * change, under a version folder of its own (releases are never changed in place). Answers a
 * function that puts the release before it back live.
 */
function releaseHeaderForContract(range: string): () => void {
  const deploy = process.env.E2E_DEPLOY_DIR ?? '';
  const configFile = path.join(deploy, 'remotes.json');
  if (!fs.existsSync(configFile)) run('release', 'header');
  const config = fs.readFileSync(configFile, 'utf8');
  const live = JSON.parse(config) as Record<string, string>;
  const manifestUrl = live.header ?? '';
  const versionDir = path.dirname(
    path.join(deploy, 'remotes', manifestUrl.replace(/^\/releases\//, '')),
  );
  const otherDir = `${versionDir}-contract-${range.replace(/\W/g, '')}`;
  fs.cpSync(versionDir, otherDir, { recursive: true });
  const manifestFile = path.join(otherDir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
    shared: { name: string; requiredVersion?: string }[];
  };
  const entry = manifest.shared.find((shared) => shared.name === 'shared-store');
  if (!entry) throw new Error(`${manifestFile} shares no shared-store`);
  entry.requiredVersion = range;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const otherUrl = `${path.posix.dirname(manifestUrl)}-contract-${range.replace(/\W/g, '')}/mf-manifest.json`;
  writeWhole(configFile, `${JSON.stringify({ ...live, header: otherUrl }, null, 2)}\n`);
  return () => {
    writeWhole(configFile, config);
  };
}

/** One change to a source file: `from` replaced by `to`. */
interface Change {
  file: string;
  from: string;
  to: string;
}

/**
 * Releases `remote` built with these changes to its files (each put back at once): a team's
 * change shipped by the team's own release.
 */
function releaseChanges(remote: string, changes: Change[]): void {
  const sources = changes.map(({ file }) => fs.readFileSync(file, 'utf8'));
  try {
    changes.forEach(({ file, from, to }, index) => {
      const source = sources[index] ?? '';
      expect(source).toContain(from);
      fs.writeFileSync(file, source.replace(from, to));
    });
    run('release', remote);
  } finally {
    changes.forEach(({ file }, index) => {
      fs.writeFileSync(file, sources[index] ?? '');
    });
  }
}

/** Releases `remote` built from `file` with `from` replaced by `to` (the file is put back at once). */
function releaseChanged(remote: string, file: string, from: string, to: string): void {
  releaseChanges(remote, [{ file, from, to }]);
}

/** A hash of every file the shell and the given remotes serve. */
function hashOf(apps: string[]): string {
  const hash = crypto.createHash('sha256');
  for (const app of apps) {
    const dir = path.join(ROOT, app, 'dist');
    for (const file of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
      const full = path.join(dir, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
  }
  return hash.digest('hex');
}

/** A hash of every file the shell and the other remotes serve. */
const hashOfOthers = () => hashOf(['shell', 'remote-footer', 'remote-home', 'remote-cart']);

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test('the header ships and rolls back alone; the shell and other remotes stay byte-for-byte the same', async ({
  page,
}) => {
  const source = fs.readFileSync(TRUST_STRIP, 'utf8');
  const before = hashOfOthers();
  try {
    run('release', 'header');
    fs.writeFileSync(TRUST_STRIP, source.replace(ORIGINAL_TEXT, RELEASED_TEXT));
    run('release', 'header');
  } finally {
    fs.writeFileSync(TRUST_STRIP, source);
  }
  await page.goto('/');
  await expect(page.getByText(RELEASED_TEXT)).toBeVisible();
  expect(hashOfOthers()).toBe(before);

  run('rollback', 'header');
  await page.reload();
  await expect(page.getByText(ORIGINAL_TEXT, { exact: true })).toBeVisible();
  await expect(page.getByText(RELEASED_TEXT)).toHaveCount(0);
});

test('a header built for another shared-store contract is refused; the page keeps working', async ({
  page,
  consoleWatch,
}) => {
  const escape = (text: string) => text.replace(/[.^]/g, '\\$&');
  consoleWatch.allow(
    new RegExp(
      `Remote "header" was built for shared-store ${escape(NEXT_CONTRACT)}, but this page runs shared-store ${escape(SHARED_STORE_VERSION)}`,
    ),
  );
  consoleWatch.allow(/header\/(PromoBanner|Header|TrustStrip)/);
  const restore = releaseHeaderForContract(NEXT_CONTRACT);
  try {
    await page.goto('/');
    await expectHomeWithMinimalHeader(page);
  } finally {
    restore();
  }
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('the banner’s pause cap is the header’s: a new cap ships with the header alone, and rolls back', async ({
  page,
}) => {
  const shellAndOthers = hashOfOthers();
  run('release', 'header');
  releaseChanged(
    'header',
    PROMO_BANNER,
    'BANNER_PAUSE_CAP_MS = 10_000',
    'BANNER_PAUSE_CAP_MS = 3_000',
  );
  expect(hashOfOthers()).toBe(shellAndOthers);

  const banner = page.getByRole('complementary', { name: 'Promotion' });
  await page.clock.install();
  /** Hovers the banner on a fresh page, with the page's clock stopped for the test to move on. */
  async function hoverBanner() {
    await page.goto('/');
    await expect(banner).toBeVisible();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await banner.hover();
    await expect(banner).toHaveAttribute('data-paused', 'true');
  }

  await hoverBanner();
  await page.clock.runFor(2_900);
  await expect(banner).toHaveAttribute('data-paused', 'true');
  await page.clock.runFor(200);
  await expect(banner).toHaveAttribute('data-paused', 'false');

  run('rollback', 'header');
  // The page's time flows again for the next page to start.
  await page.clock.resume();
  await hoverBanner();
  await page.clock.runFor(3_100);
  await expect(banner).toHaveAttribute('data-paused', 'true');
  await page.clock.runFor(7_000);
  await expect(banner).toHaveAttribute('data-paused', 'false');
});

test('a field added to WordPress’s course ships with the home release alone: the shell byte-identical', async ({
  page,
  request,
}) => {
  // WordPress's course says when it last changed (`modified_gmt`, as every post type does), which
  // the course page does not show today.
  const [course] = (await (await request.get('/wp-json/wp/v2/courseList')).json()) as {
    slug: string;
    modified_gmt: string;
  }[];
  if (!course) throw new Error('WordPress has no course');
  const updated = `Updated ${course.modified_gmt.slice(0, 10)}`;
  const coursePage = `/courses/${course.slug}`;
  /** The course page as the gateway serves it, before any script runs. */
  const served = async () =>
    (await request.get(coursePage, { headers: { accept: 'text/html' } })).text();
  expect(await served()).not.toContain(updated);

  const addToCart = page.getByRole('button', { name: /^Add .* to cart$/ }).first();
  const others = ['shell', 'remote-header', 'remote-footer', 'remote-cart'];
  const shellAndOthers = hashOf(others);
  // The home remote as it is, released first: the rollback goes back to it.
  run('release', 'home');
  try {
    // The field in the home remote's course shape, and its course page showing it: nothing else.
    releaseChanges('home', [
      {
        file: HOME_SHAPES,
        from: 'excerpt: text, exam: text });',
        to: 'excerpt: text, exam: text, modified_gmt: text });',
      },
      {
        file: COURSE_PAGE,
        from: '<CourseBuy course={course} title={title} />',
        to: '<CourseBuy course={course} title={title} /><p>{`Updated ${course.modified_gmt.slice(0, 10)}`}</p>',
      },
    ]);
    expect(hashOf(others)).toBe(shellAndOthers);
    // Served in the page's first screen, drawn by the new release's server renderer (its process
    // loaded by the first page that asks for it), with no gateway restart.
    await expect.poll(served).toContain(updated);
    // And after the page's code ran: its buttons are drawn again with their handlers.
    await page.goto(coursePage);
    await expect(addToCart).toBeEnabled();
    await expect(page.getByText(updated)).toHaveCount(1);
    await expect(page.getByText(updated)).toBeVisible();
  } finally {
    run('rollback', 'home');
  }
  await expect.poll(served).not.toContain(updated);
  await page.reload();
  await expect(addToCart).toBeEnabled();
  await expect(page.getByText(updated)).toHaveCount(0);
});

test('the quantity floor is the cart’s rule: a new floor ships with the cart alone, and rolls back', async ({
  page,
}) => {
  const title = await addFirstCourse(page);
  await page.goto('/cart');
  const decrease = page.getByRole('button', { name: `Decrease quantity of ${title}` });
  // Today's floor is 0: a line of one can be lowered (to be removed).
  await expect(decrease).toBeEnabled();

  const shellAndOthers = hashOf(['shell', 'remote-header', 'remote-footer', 'remote-home']);
  // The cart as it is, released first: the rollback goes back to it.
  run('release', 'cart');
  try {
    releaseChanged('cart', CART_QUANTITY, 'QUANTITY_FLOOR = 0;', 'QUANTITY_FLOOR = 1;');
    expect(hashOf(['shell', 'remote-header', 'remote-footer', 'remote-home'])).toBe(shellAndOthers);
    await page.reload();
    await expect(page.getByRole('button', { name: `Increase quantity of ${title}` })).toBeEnabled();
    await expect(decrease).toBeDisabled();
  } finally {
    run('rollback', 'cart');
  }
  await page.reload();
  await expect(decrease).toBeEnabled();
});

test('a first release rolls back to the build that was live before it', async ({ page }) => {
  // No test releases the footer before: this is its first release.
  const fortnightly = 'Exam tips, course news and offers for doctors, once a fortnight.';
  const weekly = 'Exam tips, course news and offers for doctors, once a week.';
  releaseChanged('footer', FOOTER, fortnightly, weekly);
  await page.goto('/');
  await expect((await reachFooter(page)).getByText(weekly)).toBeVisible();
  expect(run('rollback', 'footer')).toMatch(/^footer is back to 1\.0\.0-[a-f0-9]{10}\./);
  await page.reload();
  await expect((await reachFooter(page)).getByText(fortnightly)).toBeVisible();
});

test('what is previewed is what ships: the preview, the canary and the promotion move one version by its id, and staff join or leave the canary by a signed link', async ({
  page,
  browser,
  baseURL,
}) => {
  const source = fs.readFileSync(TRUST_STRIP, 'utf8');
  let previewed: string;
  try {
    fs.writeFileSync(TRUST_STRIP, source.replace(ORIGINAL_TEXT, PREVIEWED_TEXT));
    previewed = run('release', 'header', '--preview');
  } finally {
    fs.writeFileSync(TRUST_STRIP, source);
  }
  const version = /^header (\S+) is published\.$/m.exec(previewed)?.[1] ?? '';
  const previewLink = /^(\S+\/preview\/[a-f0-9]{32})$/m.exec(previewed)?.[1] ?? '';
  expect(previewLink.startsWith(`${baseURL ?? ''}/preview/`)).toBe(true);
  await page.goto(previewLink);
  await expect(page.getByText(PREVIEWED_TEXT)).toBeVisible();

  // The source is as it was: the canary is the version previewed, by its id, not a new build.
  const canary = run('release', 'header', '--from', version, '--canary', '1');
  expect(canary).toContain(`header ${version} was published before`);
  const join = /^Put a browser in it: (\S+)$/m.exec(canary)?.[1] ?? '';
  const leave = /^Take a browser out of it: (\S+)$/m.exec(canary)?.[1] ?? '';
  expect(join).not.toContain(process.env.E2E_RELEASE_LINK_SECRET ?? 'no secret');
  const staff = await browser.newContext();
  try {
    const staffPage = await staff.newPage();
    await staffPage.goto(join);
    await expect(staffPage.getByText(PREVIEWED_TEXT)).toBeVisible();
    await staffPage.goto(leave);
    await expect(staffPage.getByText(ORIGINAL_TEXT, { exact: true })).toBeVisible();
    await expect(staffPage.getByText(PREVIEWED_TEXT)).toHaveCount(0);
    // A link changed by hand is refused, and says so.
    await staffPage.goto(join.replace('join=in', 'join=out'));
    await expect(
      staffPage.getByRole('heading', { name: 'This canary link is not valid' }),
    ).toBeVisible();
  } finally {
    await staff.close();
  }

  expect(run('promote', 'header')).toContain(`header ${version} is live.`);
  // A new visitor is served the version previewed; its preview has ended, as it is live.
  const visitor = await browser.newContext();
  try {
    const live = await visitor.request.get('/remotes.json');
    expect((await live.json()) as Record<string, string>).toMatchObject({
      header: `/releases/header/${version}/mf-manifest.json`,
    });
    const ended = await visitor.request.get(previewLink, { maxRedirects: 0 });
    expect(ended.status()).toBe(404);
    expect(await ended.text()).toContain('This preview link is not valid');
  } finally {
    await visitor.close();
  }
  const listed = run('remotes');
  expect(listed).toMatch(new RegExp(`^header +live +${version.replace(/\./g, '\\.')} +100%`, 'm'));
  expect(listed).not.toMatch(/^header +(canary|preview)/m);

  // Back to the version live before, for the tests after.
  run('rollback', 'header');
});
