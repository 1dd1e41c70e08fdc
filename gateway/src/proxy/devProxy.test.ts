import { createRequire } from 'node:module';
import path from 'node:path';
import { GATEWAY_HEADER } from '.';
import { OWN_PAGES, tableFolders } from './routeTable';

/** tooling/devProxy.js: the dev servers' proxy to the gateway. */
interface DevProxy {
  GATEWAY_FOLDERS: string[];
  GATEWAY_HEADER: string;
  OWN_PAGES: string[];
  isGatewayPath: (pathname: string) => boolean;
  gatewayProxy: (options: { target: string; fetchImpl: typeof fetch }) => {
    router: () => Promise<string>;
  }[];
}
const devProxy = createRequire(__filename)(
  path.join(__dirname, '..', '..', '..', 'tooling', 'devProxy.js'),
) as DevProxy;

describe('the dev servers’ proxy', () => {
  it('sends the route table’s folders to the gateway, and shows the storefront’s own pages itself', () => {
    expect([...devProxy.GATEWAY_FOLDERS].sort()).toEqual(
      tableFolders()
        .map((folder) => `/${folder}`)
        .sort(),
    );
    expect(devProxy.OWN_PAGES).toEqual(OWN_PAGES.map((page) => page.prefix));
    expect(devProxy.GATEWAY_HEADER).toBe(GATEWAY_HEADER);
    expect(devProxy.isGatewayPath('/wp-json/wc/v3/orders')).toBe(true);
    expect(devProxy.isGatewayPath('/WP-JSON/wc/v3/orders')).toBe(true);
    expect(devProxy.isGatewayPath('/lms/api/v1/item/get-cart-data')).toBe(true);
    expect(devProxy.isGatewayPath('/checkout/order-received/12/')).toBe(false);
    expect(devProxy.isGatewayPath('/checkout/ORDER-received/12/')).toBe(true);
    expect(devProxy.isGatewayPath('/cart')).toBe(false);
  });

  it('passes nothing to a target that does not answer as the gateway; checks again after a failure', async () => {
    const asked: string[] = [];
    let answer = new Response('{}', { status: 200 });
    const fetchImpl = ((url: URL) => {
      asked.push(url.pathname);
      return Promise.resolve(answer);
    }) as unknown as typeof fetch;
    const [proxy] = devProxy.gatewayProxy({ target: 'http://127.0.0.1:9', fetchImpl });
    await expect(proxy?.router()).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining("is not the storefront's gateway") as unknown,
    });
    answer = new Response('{}', { status: 200, headers: { [GATEWAY_HEADER]: 'wp-json' } });
    await expect(proxy?.router()).resolves.toBe('http://127.0.0.1:9');
    await expect(proxy?.router()).resolves.toBe('http://127.0.0.1:9');
    // Only /healthz was asked, and not again once it had answered as the gateway.
    expect(asked).toEqual(['/healthz', '/healthz']);
  });
});
