import { Subject, filter, type Observable } from 'rxjs';

/** Every event that crosses a team line; the emitting team owns the name. */
export type BusEvent =
  | { type: 'analytics:push'; payload: Record<string, unknown> }
  | { type: 'notify'; level: 'success' | 'error' | 'info'; message: string }
  /** The visitor asks to see their cookie choice again (the footer's Cookie settings). */
  | { type: 'consent:open' }
  /**
   * The cart took a line a shop page added (the cart model's lineAdded or packageChosen): the
   * line's key in the cart, id and month ('' for an event's place).
   */
  | { type: 'cart:item-added'; id: number | string; month: string }
  /**
   * The shopper asks to see their cart (the header's cart button): `opener` is the control pressed,
   * which takes the focus back when the cart closes. Whoever shows the cart in place calls `taken`
   * while the event is delivered (the bus delivers at once); when nobody does, the button goes on to
   * the cart page as a link.
   */
  | { type: 'cart:open'; opener: HTMLElement | null; taken: () => void };

export type BusEventType = BusEvent['type'];
export type BusEventOf<T extends BusEventType> = Extract<BusEvent, { type: T }>;

/** A typed event bus; the page has one, shared-store being a federation singleton. */
export class EventBus {
  private readonly subject = new Subject<BusEvent>();

  emit(event: BusEvent): void {
    this.subject.next(event);
  }

  on<T extends BusEventType>(type: T): Observable<BusEventOf<T>> {
    return this.subject.pipe(filter((event): event is BusEventOf<T> => event.type === type));
  }

  all(): Observable<BusEvent> {
    return this.subject.asObservable();
  }
}

export const eventBus = new EventBus();

/** Shows a toast through whoever renders notifications (the shell). */
export function notify(level: BusEventOf<'notify'>['level'], message: string): void {
  eventBus.emit({ type: 'notify', level, message });
}

/** Pushes an analytics event to the data layer (the shell bridges it to window.dataLayer). */
export function track(payload: Record<string, unknown>): void {
  eventBus.emit({ type: 'analytics:push', payload });
}

/**
 * Asks the page to show the cart in place (`cart:open`), for `opener`, the control pressed, which
 * takes the focus back when the cart closes. True when someone showed it (the cart's drawer);
 * false when nobody did, and the caller goes on to the cart page.
 */
export function askToOpenCart(opener: HTMLElement | null): boolean {
  let taken = false;
  eventBus.emit({
    type: 'cart:open',
    opener,
    taken: () => {
      taken = true;
    },
  });
  return taken;
}
