import { EventBus, askToOpenCart, eventBus, notify, track, type BusEvent } from './eventBus';

describe('event bus', () => {
  it('delivers each event to the subscribers of its type only', () => {
    const bus = new EventBus();
    const messages: string[] = [];
    const subscription = bus.on('notify').subscribe((e) => messages.push(e.message));
    bus.emit({ type: 'notify', level: 'info', message: 'Saved' });
    bus.emit({ type: 'analytics:push', payload: { event: 'search_form' } });
    expect(messages).toEqual(['Saved']);
    subscription.unsubscribe();
  });

  it('notify and track go on the page bus', () => {
    const seen: BusEvent[] = [];
    const subscription = eventBus.all().subscribe((e) => seen.push(e));
    notify('info', 'hello');
    track({ event: 'search_form', search_term: 'msra' });
    expect(seen).toEqual([
      { type: 'notify', level: 'info', message: 'hello' },
      { type: 'analytics:push', payload: { event: 'search_form', search_term: 'msra' } },
    ]);
    subscription.unsubscribe();
  });

  it('asking to open the cart says whether someone showed it, and tells them the control pressed', () => {
    const button = document.createElement('button');
    expect(askToOpenCart(button)).toBe(false);

    const openers: (HTMLElement | null)[] = [];
    const subscription = eventBus.on('cart:open').subscribe(({ opener, taken }) => {
      openers.push(opener);
      taken();
    });
    expect(askToOpenCart(button)).toBe(true);
    expect(openers).toEqual([button]);
    subscription.unsubscribe();
  });
});
