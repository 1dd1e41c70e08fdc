import { screen } from '@testing-library/react';
import { eventBus, provideModel, type AddOutcome, type BusEventOf } from 'shared-store';
import { GOLD_3_MONTHS, cartModelStandIn, renderWithProviders } from 'shared-store/testing';
import { useAddToCart } from './useAddToCart';

/** A package card's button, asking the cart for Gold. */
function ChooseGold() {
  const { add } = useAddToCart();
  return (
    <button
      type="button"
      onClick={() => {
        add((cart) => cart.packageChosen(GOLD_3_MONTHS));
      }}
    >
      Choose Gold Membership
    </button>
  );
}

/** Clicks the button with the cart model answering `outcome`: the toasts and the actions sent. */
async function choose(outcome: AddOutcome) {
  provideModel('cart', cartModelStandIn(0, outcome).model);
  const toasts: BusEventOf<'notify'>[] = [];
  const subscription = eventBus.on('notify').subscribe((event) => toasts.push(event));
  const sent: string[] = [];
  const { user } = renderWithProviders(<ChooseGold />, {
    prepare: (store) => {
      const dispatch = store.dispatch;
      store.dispatch = ((action: { type: string }) => {
        sent.push(action.type);
        return dispatch(action);
      }) as typeof store.dispatch;
    },
  });
  await user.click(screen.getByRole('button', { name: 'Choose Gold Membership' }));
  subscription.unsubscribe();
  return { toasts, sent };
}

describe('what the shopper is told of an add', () => {
  it('a package taking another’s place says so, out loud, and is added', async () => {
    const { toasts, sent } = await choose({
      adds: true,
      message: 'Gold Membership replaces Silver Membership in your cart.',
    });
    expect(toasts).toEqual([
      {
        type: 'notify',
        level: 'success',
        message: 'Gold Membership replaces Silver Membership in your cart.',
      },
    ]);
    expect(sent).toContain('cartStandIn/packageChosen');
  });

  it('an add the cart would not make (at its limit) is not sent, and the shopper reads why', async () => {
    const { toasts, sent } = await choose({
      adds: false,
      message: 'Gold Membership, 3 Months, is already in your cart.',
    });
    expect(toasts).toEqual([
      {
        type: 'notify',
        level: 'info',
        message: 'Gold Membership, 3 Months, is already in your cart.',
      },
    ]);
    expect(sent).not.toContain('cartStandIn/packageChosen');
  });

  it('a plain add is sent with no toast: the mini-cart confirms it', async () => {
    const { toasts, sent } = await choose({ adds: true });
    expect(toasts).toEqual([]);
    expect(sent).toContain('cartStandIn/packageChosen');
  });
});
