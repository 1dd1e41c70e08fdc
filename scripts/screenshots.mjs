#!/usr/bin/env node
// npm run screenshots: the home page, a course page (at its top, and scrolled to its month options
// and related events), the cart drawer after its Add to cart, the cart
// (with a course in it) and the confirmation of its order (paid, with a coupon) at a phone's width
// (375 px) and a laptop's (1280 px), from the production build on the embedded sample backend,
// written to docs/screenshots/. Builds first when there is no build.
// The functions handed to page.evaluate run in the page.
/* global document, requestAnimationFrame, window */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT, ensureBuilt, startGateway } from './serve-build.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = path.join(ROOT, 'docs', 'screenshots');
const COURSE = '/courses/plab-1-online-course';
const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

if (!fs.existsSync(CHROMIUM)) {
  console.error(
    `Chromium is missing at ${CHROMIUM}: install it with "apt-get install -y chromium".`,
  );
  process.exit(1);
}

/** Waits until the page has stopped loading, its images and fonts included, then a frame more. */
async function settled(page) {
  await page.waitForLoadState('networkidle');
  await page.locator('main h1').first().waitFor();
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images, (image) =>
        // A lazy image below the screen never loads, and is not in the picture.
        image.complete || image.loading === 'lazy'
          ? null
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

ensureBuilt(false);
fs.mkdirSync(OUT, { recursive: true });
const gateway = await startGateway();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  for (const { name, width, height } of WIDTHS) {
    // A visitor who closed the newsletter popup before, so it does not cover the page.
    const context = await browser.newContext({
      viewport: { width, height },
      reducedMotion: 'reduce',
    });
    await context.addInitScript(() => localStorage.setItem('popupClosed', 'true'));
    const page = await context.newPage();
    const shoot = async (file, { fullPage = false } = {}) => {
      await settled(page);
      await page.screenshot({ path: path.join(OUT, `${file}-${name}.png`), fullPage });
      console.log(`docs/screenshots/${file}-${name}.png`);
    };
    await page.goto(`${gateway.base}/`);
    await shoot('home');
    await page.goto(`${gateway.base}${COURSE}`);
    await shoot('course');
    // Scrolled: on a phone, the month options at the top of the screen; on a laptop, down to the
    // related events, the options beside them (their box stays in view as the page scrolls).
    await page.getByRole('heading', { level: 2, name: 'Related events' }).waitFor();
    await page.evaluate((wide) => {
      const target = wide
        ? Array.from(document.querySelectorAll('main h2'))
            .find((heading) => heading.textContent === 'Related events')
            ?.closest('section')
        : document.querySelector('.home-shop__buy');
      target?.scrollIntoView({ block: wide ? 'end' : 'start' });
      // A little of what is above the options, so their box shows whole.
      if (!wide) window.scrollBy(0, -16);
    }, width >= 900);
    await shoot('course-scrolled');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page
      .getByRole('button', { name: /^Add .* to cart$/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Added to your cart' }).waitFor();
    await shoot('cart-drawer');
    await page.getByRole('link', { name: 'Cart, 1 item' }).first().waitFor();
    await page.goto(`${gateway.base}/cart`);
    await shoot('cart');
    // The order of that cart with a coupon, paid with the sample's test card: its confirmation.
    await page.getByLabel('Coupon code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply', exact: true }).first().click();
    await page.getByText('Coupon WELCOME10 applied.').waitFor();
    await page.getByLabel('Email for your receipt').fill('doctor@nhs.net');
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByTestId('order-payment-status').waitFor();
    // The whole page: what happens next is below a phone's first screen.
    await shoot('confirmation', { fullPage: true });
    await context.close();
  }
} finally {
  await browser.close();
  gateway.stop();
}
