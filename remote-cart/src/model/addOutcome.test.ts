import { makeStore } from 'shared-store/testing';
import { cartModel } from './cartModel';

const silver = {
  product_id: 3201,
  slug: 'silver-membership',
  title: 'Silver Membership',
  tier: 'silver' as const,
  month: '3 Months',
  price: 79.99,
  variation_id: 320103,
  max_quantity: 1,
};
const gold = {
  ...silver,
  product_id: 3202,
  slug: 'gold-membership',
  title: 'Gold Membership',
  tier: 'gold' as const,
  price: 129.99,
  variation_id: 320203,
};
const course = {
  id: 2103,
  slug: 'plab-1-online-course',
  month: '3 Months',
  price: 129.99,
  title: 'PLAB 1 Online Course',
  product_id: 3103,
  variation_id: 310303,
  max_quantity: 1,
};
const event = {
  id: 2301,
  slug: 'plab-2-mock-circuit-manchester',
  month: '',
  price: 295,
  title: 'PLAB 2 Mock Circuit — Manchester',
  from: 'event' as const,
  product_id: 3301,
  max_quantity: 2,
};

function connected() {
  const store = makeStore();
  cartModel.connect(store);
  const outcome = (action: ReturnType<typeof cartModel.lineAdded>) =>
    cartModel.addOutcome(store.getState(), action);
  return { store, outcome };
}

describe('what an add does, as the shopper is told it', () => {
  it('a first add adds; a second of a course sold individually adds nothing and says why', () => {
    const { store, outcome } = connected();
    const add = cartModel.lineAdded(course);
    expect(outcome(add)).toEqual({ adds: true });
    store.dispatch(add);
    expect(outcome(cartModel.lineAdded(course))).toEqual({
      adds: false,
      message: 'PLAB 1 Online Course is already in your cart. It can be bought once per order.',
    });
  });

  it('an event whose places left are all in the cart says so', () => {
    const { store, outcome } = connected();
    store.dispatch(cartModel.lineAdded(event));
    expect(outcome(cartModel.lineAdded(event))).toEqual({ adds: true });
    store.dispatch(cartModel.lineAdded(event));
    expect(outcome(cartModel.lineAdded(event))).toEqual({
      adds: false,
      message:
        'Only 2 places are left at PLAB 2 Mock Circuit — Manchester, and they are all in your cart.',
    });
    expect(outcome(cartModel.lineAdded({ ...event, id: 2302, max_quantity: 0 }))).toMatchObject({
      adds: false,
      message: 'PLAB 2 Mock Circuit — Manchester is sold out.',
    });
  });

  it('a tier change is said out loud: "Gold Membership replaces Silver Membership in your cart."', () => {
    const { store, outcome } = connected();
    expect(outcome(cartModel.packageChosen(silver))).toEqual({ adds: true });
    store.dispatch(cartModel.packageChosen(silver));
    expect(outcome(cartModel.packageChosen(gold))).toEqual({
      adds: true,
      message: 'Gold Membership replaces Silver Membership in your cart.',
    });
    expect(outcome(cartModel.packageChosen(silver))).toEqual({
      adds: false,
      message: 'Silver Membership, 3 Months, is already in your cart.',
    });
    expect(outcome(cartModel.packageChosen({ ...silver, month: '6 Months' }))).toEqual({
      adds: true,
      message: 'Silver Membership is now 6 Months in your cart.',
    });
  });
});
