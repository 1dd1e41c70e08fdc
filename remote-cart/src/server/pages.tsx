import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router-dom';
import { makeStore, type ServerRenderer } from 'shared-store';
import CartPage, { ReservedCart } from '../CartPage';
import { CART_LINES_COOKIE, reservedLinesOf } from '../model/lineCount';

/**
 * The first screen of /cart as the gateway puts it into the page (dist/server/pages.js). The cart
 * is on the device, so the page's cookie says only how many lines it holds: none (or no cookie, a
 * new visitor's), and the page is the cart page's own empty state, exactly as its first render in
 * the browser draws an empty cart, so React replaces it without a change; some, and it is the
 * page's frame with their space reserved, which the lines take. Nothing here touches a document:
 * the process that runs it has none, and effects do not run in a server render.
 */
export const renderers: Record<string, ServerRenderer> = {
  cart: (input) => {
    const lines = reservedLinesOf(input.cookies?.[CART_LINES_COOKIE]);
    // A store of the page's shape with an empty cart: the page's handlers never run here.
    const store = makeStore();
    const location = input.search ? `${input.path}?${input.search}` : input.path;
    return renderToString(
      <Provider store={store}>
        <StaticRouter location={location}>
          {lines === 0 ? <CartPage /> : <ReservedCart lines={lines} />}
        </StaticRouter>
      </Provider>,
    );
  },
};
