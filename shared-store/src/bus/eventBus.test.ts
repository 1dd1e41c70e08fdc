import { EventBus, eventBus, notify, track, type BusEvent } from './eventBus';

describe('event bus', () => {
  it('delivers each event to the subscribers of its type only', () => {
    const bus = new EventBus();
    const searches: string[] = [];
    const subscription = bus.on('header:search-submitted').subscribe((e) => searches.push(e.term));
    bus.emit({ type: 'header:search-submitted', term: 'plab' });
    bus.emit({ type: 'session:expired' });
    expect(searches).toEqual(['plab']);
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
});
