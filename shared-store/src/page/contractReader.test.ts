import { HOME_PAGE_ID } from '../api/schemas';
import { parsePageContract, routeOf } from './contractReader';
import contractJson from './page-contract.json';

/** The storefront's page contract as the shell's build emits it. */
const STOREFRONT_CONTRACT_TEXT = JSON.stringify(contractJson);
const STOREFRONT_CONTRACT = parsePageContract(contractJson, 'page-contract.json');

describe('the page contract', () => {
  it('of the storefront is one the gateway can serve, read as its file says', () => {
    expect(STOREFRONT_CONTRACT).toEqual(contractJson);
  });

  it('starts the home page’s read (its id is the platform’s) on every page with the layout', () => {
    expect(STOREFRONT_CONTRACT.layoutData).toContainEqual({
      path: `/wp-json/wp/v2/pages/${String(HOME_PAGE_ID)}`,
    });
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

describe('the heads the contract gives its routes', () => {
  interface Editable {
    routes: { path: string; title?: unknown }[];
    heads: Record<string, Record<string, unknown>>;
  }
  const edited = (change: (contract: Editable) => void) => {
    const contract = JSON.parse(STOREFRONT_CONTRACT_TEXT) as Editable;
    change(contract);
    return () => parsePageContract(contract, 'test');
  };

  it('are read with the routes’ titles: description, what the page is about, noindex', () => {
    expect(STOREFRONT_CONTRACT.heads['/courses/:slug']).toEqual({ read: 'course' });
    expect(STOREFRONT_CONTRACT.heads['/cart']).toMatchObject({ noindex: true });
    expect(STOREFRONT_CONTRACT.heads['*']).toEqual({ read: 'page' });
    expect(routeOf(STOREFRONT_CONTRACT, '/cart')?.title).toBe('Your cart');
  });

  it('refuse what the gateway cannot serve, naming the head', () => {
    expect(
      edited((contract) => {
        contract.heads['/cart'] = { read: 'product' };
      }),
    ).toThrow(/heads\.\/cart\.read: /);
    expect(
      edited((contract) => {
        contract.heads['/cart'] = { description: 'x', canonical: 'https://evil.example' };
      }),
    ).toThrow(/heads\.\/cart\.canonical: Unrecognized key: "canonical"/);
    expect(
      edited((contract) => {
        contract.heads['/nowhere'] = { noindex: true };
      }),
    ).toThrow('heads./nowhere: no route has this path');
    expect(
      edited((contract) => {
        contract.heads['/cart'] = { read: 'course' };
      }),
    ).toThrow(/heads\.\/cart\.read: a course is named by the route's last segment/);
    expect(
      edited((contract) => {
        const cart = contract.routes.find((route) => route.path === '/cart');
        if (cart) cart.title = 42;
      }),
    ).toThrow(/routes\.1\.title/);
  });

  it('may be left out by an older shell: every route then has the default head', () => {
    expect(
      edited((contract) => {
        Reflect.deleteProperty(contract, 'heads');
      })().heads,
    ).toEqual({});
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
    expect(page('/checkout/order-received/52003')?.path).toBe('/checkout/order-received/:id');
    expect(page('/blogs/some-post/more')?.path).toBe('*');
    expect(page('/checkout/order-received/')?.path).toBe('*');
  });

  it('is the route of any other path (*) when no other route matches, whatever their order', () => {
    expect(page('/nowhere')?.page).toBe('pages/WordPressPage');
    expect(page('/ukmla/content-map')?.page).toBe('pages/WordPressPage');
    const star = STOREFRONT_CONTRACT.routes.filter((route) => route.path === '*');
    const others = STOREFRONT_CONTRACT.routes.filter((route) => route.path !== '*');
    const starFirst = { ...STOREFRONT_CONTRACT, routes: [...star, ...others] };
    expect(routeOf(starFirst, '/cart')?.remote).toBe('cart/CartPage');
  });
});
