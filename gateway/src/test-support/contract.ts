import fs from 'node:fs';
import path from 'node:path';
import { PAGE_CONTRACT_FILE, parsePageContract, type PageContract } from '../pageContract';

/** The storefront's page contract as text, as the shell's build emits it for the gateway. */
export const STOREFRONT_CONTRACT_TEXT = fs.readFileSync(
  require.resolve('shared-store/page-contract.json'),
  'utf8',
);

/** The storefront's page contract, as the gateway reads it. */
export const STOREFRONT_CONTRACT: PageContract = parsePageContract(
  JSON.parse(STOREFRONT_CONTRACT_TEXT),
  'shared-store/page-contract.json',
);

/** A shell page with the contract's slots around `firstPaint`, as the shell's build writes it. */
export function shellPage(firstPaint: string): string {
  return (
    '<html><head><title>Shop</title><!--page:head--></head><body><div id="root">' +
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
