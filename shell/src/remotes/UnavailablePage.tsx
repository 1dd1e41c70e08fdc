import { useCartCount } from 'shared-store';
import { SlotMessage, TryAgainButton } from '../components/SlotMessage';
import { PageSpace, servedWhole } from './ServerRendered';

/** What the cart on this device still holds, said where the cart's page cannot come. */
function CartKept() {
  const count = useCartCount();
  return count > 0 ? (
    <p>
      Your cart still holds {count} {count === 1 ? 'item' : 'items'}: nothing is lost.
    </p>
  ) : null;
}

/**
 * A remote's page that cannot come. Where the gateway rendered its first screen whole, that stays
 * (what the visitor reads is still true; its buttons, which wait for the page's code, stay
 * unusable), under a notice saying so; otherwise the page's message. `cart`: the page is the
 * cart's, whose count the device keeps.
 */
export function UnavailablePage({
  title,
  serverRenderOf,
  cart = false,
}: {
  title: string;
  serverRenderOf?: string;
  cart?: boolean;
}) {
  if (serverRenderOf && servedWhole(serverRenderOf)) {
    return (
      <>
        <div className="shell-part-notice" role="alert">
          <p>Part of this page could not load, so its buttons do not work yet.</p>
          <TryAgainButton />
        </div>
        <PageSpace serverRenderOf={serverRenderOf} loading={false} />
      </>
    );
  }
  return <SlotMessage title={title}>{cart && <CartKept />}</SlotMessage>;
}
