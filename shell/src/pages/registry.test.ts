import { PAGE_CONTRACT } from 'shared-store';
import { SHELL_PAGES } from '.';

describe('the shell’s pages and the page contract', () => {
  it('every shell page a route names is one the shell has, and the shell has no page no route shows', () => {
    const named = new Set(PAGE_CONTRACT.routes.flatMap((route) => route.page ?? []));
    expect(named.size).toBeGreaterThan(0);
    expect([...named].sort()).toEqual(Object.keys(SHELL_PAGES).sort());
  });

  it('every route shows exactly one thing: a remote’s page or a shell page', () => {
    for (const route of PAGE_CONTRACT.routes) {
      expect([route.path, Boolean(route.remote) !== Boolean(route.page)]).toEqual([
        route.path,
        true,
      ]);
    }
  });
});
