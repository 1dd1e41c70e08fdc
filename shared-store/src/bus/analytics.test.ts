import { analyticsItem, examOf, trackEvent } from './analytics';
import { eventBus, type BusEvent } from './eventBus';

describe('analytics items', () => {
  it.each([
    [['PLAB'], 'PLAB'],
    [['', 'UKMLA AKT Online Course'], 'UKMLA'],
    [['', 'Mock day', 'plab-2-mock-day'], 'PLAB'],
    [['', 'MRCGP AKT Question Bank &amp; Course'], 'MRCGP'],
    [['', 'Revision for MSRA and PLAB'], 'MSRA'],
    [['msra'], 'MSRA'],
  ])('the exam of %p is %p', (texts, exam) => {
    expect(examOf(...texts)).toBe(exam);
  });

  it.each([[['', 'Gold Membership', 'membership']], [['', 'PLABS revision']], [['SUPERPLAB']]])(
    '%p names no exam',
    (texts) => {
      expect(examOf(...texts)).toBeUndefined();
    },
  );

  it('an item carries the id as text, the exam as its category and the month as its variant', () => {
    expect(
      analyticsItem({
        id: 2103,
        name: 'PLAB 1 Online Course',
        slug: 'plab-1-online-course',
        month: '3 Months',
        price: 49.99,
        quantity: 2,
      }),
    ).toEqual({
      item_id: '2103',
      item_name: 'PLAB 1 Online Course',
      item_category: 'PLAB',
      item_variant: '3 Months',
      price: 49.99,
      quantity: 2,
    });
  });

  it('an item of no exam and one price has neither category nor variant, and a quantity of 1', () => {
    const item = analyticsItem({ id: 3202, name: 'Gold Membership', month: '', price: 99.999 });
    expect(item).toStrictEqual({
      item_id: '3202',
      item_name: 'Gold Membership',
      price: 100,
      quantity: 1,
    });
  });

  it('trackEvent puts the event on the page bus for the shell to push', () => {
    const seen: BusEvent[] = [];
    const subscription = eventBus.all().subscribe((event) => seen.push(event));
    trackEvent({ event: 'search', search_term: 'plab' });
    expect(seen).toEqual([
      { type: 'analytics:push', payload: { event: 'search', search_term: 'plab' } },
    ]);
    subscription.unsubscribe();
  });
});
