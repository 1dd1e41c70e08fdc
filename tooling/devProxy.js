'use strict';
/**
 * The dev servers' API proxy. A dev server sends the folders the gateway's route table answers
 * (gateway/src/proxy/routeTable.ts) to the gateway `npm run dev` starts on :8090, and only to a
 * gateway: WordPress, the LMS or the sample backend run on their own (`npm start -w
 * sample-backend` listens on :8090 too) would answer a browser with nothing between them — no
 * WooCommerce refusal, no order or cart owner check, no rate limit, no canonical-path check,
 * and the WooCommerce keys are WordPress's own. So before it passes anything on, the proxy asks
 * the target's /healthz, and a target that does not answer as the gateway (`x-storefront-gateway`,
 * naming its folders) is sent nothing: the browser gets a 502 saying why.
 */

/** The gateway's folders (routeTable.ts ROUTE_TABLE's prefixes; gateway/src/proxy/devProxy.test.ts). */
const GATEWAY_FOLDERS = ['/wp-json', '/checkout', '/wp-content', '/lms', '/portal', '/api'];

/**
 * The storefront's own pages under those folders (routeTable.ts OWN_PAGES): the dev server shows
 * them itself, with its live code, as the gateway shows the shell's.
 */
const OWN_PAGES = ['/checkout/order-received'];

/** The header by which the gateway's /healthz says it is one (gateway/src/app.ts). */
const GATEWAY_HEADER = 'x-storefront-gateway';

const DEFAULT_TARGET = 'http://127.0.0.1:8090';

const under = (pathname, prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Whether the dev server passes a path on: one of the gateway's folders, not one of its own pages. */
function isGatewayPath(pathname) {
  // Another spelling of a folder goes to the gateway too, which refuses it; its own pages are
  // the shell's in their one spelling only.
  const lower = pathname.toLowerCase();
  return (
    GATEWAY_FOLDERS.some((folder) => under(lower, folder)) &&
    !OWN_PAGES.some((page) => under(pathname, page))
  );
}

/**
 * Why `target` is not the gateway, or undefined when it is: its /healthz answers with the
 * gateway's header.
 */
async function notAGateway(target, fetchImpl = fetch) {
  let response;
  try {
    response = await fetchImpl(new URL('/healthz', target), { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
  } catch (error) {
    return `${target} does not answer (${error instanceof Error ? error.message : String(error)}): is npm run dev's gateway running?`;
  }
  if (response.ok && response.headers.get(GATEWAY_HEADER) !== null) return undefined;
  return `${target} is not the storefront's gateway: the dev servers reach WordPress, the LMS and the sample backend only through it (npm run dev starts it on :8090; DEV_API_URL must name a gateway).`;
}

/**
 * The devServer `proxy` entry. The check is made before the first request is passed on and again
 * after a failure (the gateway may still be starting); once it has answered as the gateway, it is
 * believed for the life of the dev server.
 */
function gatewayProxy({ target = process.env.DEV_API_URL ?? DEFAULT_TARGET, fetchImpl } = {}) {
  let confirmed;
  /** Undefined once the target has answered as the gateway; else why not. */
  const check = () => {
    confirmed ??= notAGateway(target, fetchImpl).then((reason) => {
      if (reason !== undefined) confirmed = undefined;
      return reason;
    });
    return confirmed;
  };
  return [
    {
      context: (pathname) => isGatewayPath(pathname),
      target,
      changeOrigin: true,
      // Runs before a request to the target is made: one for a target that is not the gateway
      // is never made, and the browser gets a 502 saying why.
      router: async () => {
        const reason = await check();
        if (reason !== undefined) throw Object.assign(new Error(reason), { status: 502 });
        return target;
      },
      // The dev server's own `Access-Control-Allow-Origin: *` (for its scripts) is not the API's:
      // the gateway says who may read its answers.
      onProxyRes: (_proxyRes, _req, res) => {
        res.removeHeader('access-control-allow-origin');
      },
    },
  ];
}

module.exports = {
  GATEWAY_FOLDERS,
  GATEWAY_HEADER,
  OWN_PAGES,
  gatewayProxy,
  isGatewayPath,
  notAGateway,
};
