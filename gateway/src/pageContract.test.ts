import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_CONTRACT_FILE, parsePageContract, readPageContract, routeOf } from './pageContract';
import { STOREFRONT_CONTRACT, STOREFRONT_CONTRACT_TEXT } from './test-support/contract';

function shellDirWith(text: string | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'));
  if (text !== undefined) fs.writeFileSync(path.join(dir, PAGE_CONTRACT_FILE), text);
  return dir;
}

describe('the page contract the gateway reads from the shell’s build', () => {
  it('is read as the shell emitted it', () => {
    expect(readPageContract(shellDirWith(STOREFRONT_CONTRACT_TEXT))).toEqual(STOREFRONT_CONTRACT);
  });

  it('stops the start with a clear message when the build has none, or an unusable one', () => {
    expect(() => readPageContract(shellDirWith(undefined))).toThrow(
      /has no page contract .*run "npm run build" first/,
    );
    expect(() => readPageContract(shellDirWith('{"remotes": ['))).toThrow(/unusable: not JSON/);
    expect(() => readPageContract(shellDirWith('{}'))).toThrow(/unusable: remotes: /);
  });

  it('refuses a module of a remote it does not name, and markup that could break out of the page', () => {
    const contract = JSON.parse(STOREFRONT_CONTRACT_TEXT) as {
      layout: { slot: string; module: string }[];
      markup: Record<string, string>;
    };
    contract.layout.push({ slot: 'chat', module: 'chat/Widget' });
    expect(() => parsePageContract(contract, 'test')).toThrow(
      'chat/Widget is of no remote the contract names',
    );
    contract.layout.pop();
    contract.markup.serverRenderAttribute = 'onload="alert(1)" data-x';
    expect(() => parsePageContract(contract, 'test')).toThrow(/markup.serverRenderAttribute/);
  });
});

describe('the route a path shows', () => {
  const page = (route: string) => routeOf(STOREFRONT_CONTRACT, route);

  it('is the remote’s page or the shell page the contract names for it', () => {
    expect(page('/')?.remote).toBe('home/HomePage');
    expect(page('/cart')?.remote).toBe('cart/CartPage');
    expect(page('/search')?.page).toBe('pages/SearchPage');
    expect(page('/blogs')?.page).toBe('pages/BlogsPage');
  });

  it('matches a parameter to exactly one non-empty segment', () => {
    expect(page('/blogs/some-post')?.page).toBe('pages/BlogPostPage');
    expect(page('/checkout/order-received/52003')?.page).toBe('pages/OrderReceivedPage');
    expect(page('/blogs/some-post/more')).toBeUndefined();
    expect(page('/checkout/order-received/')).toBeUndefined();
    expect(page('/nowhere')).toBeUndefined();
  });
});
