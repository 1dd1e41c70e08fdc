import type { PageContract } from './contractReader';
import contract from './page-contract.json';

/*
 * The page contract as the page's code holds it: page-contract.json, typed by the contract's one
 * declaration (contractReader.ts), with which the gateway reads the shell's build.
 */

export type { LayoutSlot, PageRead, PageRoute } from './contractReader';

/**
 * What the browser reads of the page contract: the layout, the teams' models, the routes and the
 * markup. The rest
 * (remotes' dev ports, the reads the gateway starts) is the build's and the gateway's, and stays
 * out of the page's code.
 */
export type BrowserPageContract = Pick<PageContract, 'layout' | 'models' | 'routes' | 'markup'>;

export const PAGE_CONTRACT: BrowserPageContract = {
  layout: contract.layout,
  models: contract.models,
  routes: contract.routes,
  markup: contract.markup,
};

/** The routes on which the company's app shows the page without the layout. */
export const BARE_IN_APP_ROUTES: readonly string[] = PAGE_CONTRACT.routes
  .filter((route) => route.bareInApp === true)
  .map((route) => route.path);
