import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { GatewayOptions } from '../app';
import { PAGE_CONTRACT_FILE, parsePageContract, type PageContract } from 'shared-store/server';

/** The storefront's page contract as text, as the shell's build emits it for the gateway. */
const STOREFRONT_CONTRACT_TEXT = fs.readFileSync(
  require.resolve('shared-store/page-contract.json'),
  'utf8',
);

/** The storefront's page contract, as the gateway reads it. */
export const STOREFRONT_CONTRACT: PageContract = parsePageContract(
  JSON.parse(STOREFRONT_CONTRACT_TEXT),
  'shared-store/page-contract.json',
);

/** The title and description a test shell's page is built with: the site's defaults. */
const DEFAULT_TITLE = 'Arora Medical Education | UKMLA &amp; PLAB exam preparation';
export const DEFAULT_DESCRIPTION = 'Online courses for UKMLA, PLAB, MSRA and MRCGP.';

/**
 * A shell page with the contract's slots around `firstPaint`, and the default title and
 * description, as the shell's build writes it.
 */
export function shellPage(firstPaint: string): string {
  return (
    `<html><head><title>${DEFAULT_TITLE}</title><meta name="description" content="${DEFAULT_DESCRIPTION}"/>` +
    '<!--page:head--></head><body><div id="root">' +
    `<!--page:first-paint-->${firstPaint}<!--/page:first-paint--></div></body></html>`
  );
}

/**
 * Writes a shell build for a test's apps root: its page (first paint `firstPaint`) and the page
 * contract it emits.
 */
export function writeShellBuild(appsRoot: string, firstPaint = ''): void {
  const dir = path.join(appsRoot, 'shell', 'dist');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), shellPage(firstPaint));
  fs.writeFileSync(path.join(dir, PAGE_CONTRACT_FILE), STOREFRONT_CONTRACT_TEXT);
}

/** Writes `text` to `file` under `root`, making its folders. */
export function writeIn(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/**
 * A test's apps root in a new temporary folder: the shell's build (its page around `firstPaint`,
 * the page contract) and each remote's entry with an empty manifest.
 */
export function makeAppsRoot(firstPaint = ''): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-apps-'));
  writeShellBuild(root, firstPaint);
  for (const { name } of STOREFRONT_CONTRACT.remotes) {
    writeIn(root, `remote-${name}/dist/remoteEntry.js`, 'var entry;');
    writeIn(root, `remote-${name}/dist/mf-manifest.json`, '{}');
  }
  return root;
}

/**
 * A test gateway's options: the apps root and a deploy folder beside it, one upstream for
 * WordPress and the LMS, the test's WooCommerce keys and cookie secret, no logs.
 */
export function testGatewayOptions(appsRoot: string, upstreamUrl: string): GatewayOptions {
  return {
    appsRoot,
    deployDir: path.join(appsRoot, 'deploy'),
    upstreams: { wordpress: upstreamUrl, lms: upstreamUrl },
    wooCommerce: { key: 'ck_server', secret: 'cs_server' },
    publicUrl: 'https://shop.example.test',
    portalUrl: 'https://portal.example.test',
    wordpressPublicUrl: 'https://www.example-academy.test',
    logLevel: 'silent',
    cookieSecret: 'test-secret-test-secret-test-secret',
  };
}
