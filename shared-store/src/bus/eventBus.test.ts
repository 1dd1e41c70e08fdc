import { EventBus, eventBus, notify, track, type BusEvent } from './eventBus';

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
});
