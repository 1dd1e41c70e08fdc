import { useEffect, useState, type ComponentType } from 'react';
import { eventBus, notify, useAppSelector } from 'shared-store';
import { lineDuration, lineName } from './lineNames';
import { placeBeside } from './miniCart/placement';
import type { MiniCartPanelProps, ShownAdd, ShownLine } from './miniCart/shownAdd';
import { selectCartItems, selectDurations, selectTotalQuantity } from './model/cartSlice';

type Panel = ComponentType<MiniCartPanelProps>;

/** The panel's code: loaded with the first add, not with the page; again after a failed load. */
let loading: Promise<Panel> | undefined;
function loadPanel(): Promise<Panel> {
  loading ??= import('./miniCart/MiniCartPanel').then((module) => module.default);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The control the shopper added with (focused as they clicked), to go back to on Escape. */
function focusedControl(): HTMLElement | null {
  const focused = document.activeElement;
  return focused instanceof HTMLElement && focused !== document.body ? focused : null;
}

/** How long a control pressed may stay disabled (an add's cooldown) for the focus to go back to it. */
const REFOCUS_WITHIN_MS = 2000;

/**
 * Puts the focus back on the control the shopper added with, without scrolling. One still disabled
 * (the add's cooldown: a disabled button takes no focus) takes it once it is enabled again, if the
 * focus has not gone anywhere meanwhile.
 */
function refocus(control: HTMLElement): void {
  if (!control.matches(':disabled')) {
    control.focus({ preventScroll: true });
    return;
  }
  const observer = new MutationObserver(() => {
    if (control.matches(':disabled')) return;
    observer.disconnect();
    if (document.activeElement === document.body) control.focus({ preventScroll: true });
  });
  observer.observe(control, { attributes: true, attributeFilter: ['disabled'] });
  setTimeout(() => {
    observer.disconnect();
  }, REFOCUS_WITHIN_MS);
}

/**
 * The panel with what it shows of the cart: the line added (while it is in the cart) and the count.
 * Read here, with the cart model's code the page has: the panel's own code is only its view.
 */
function AddedPanel({
  Panel,
  added,
  onClose,
}: Omit<MiniCartPanelProps, 'line' | 'count'> & { Panel: Panel }) {
  const line = useAppSelector(selectCartItems).find(
    (candidate) =>
      candidate.id === added.id && (candidate.from === 'event' || candidate.month === added.month),
  );
  const tierDuration = useAppSelector((state) =>
    line?.tier ? selectDurations(state)[line.tier] : '',
  );
  const count = useAppSelector(selectTotalQuantity);
  const shown: ShownLine | undefined = line && {
    name: lineName(line),
    details: [
      lineDuration(line, tierDuration),
      line.quantity > 1 ? `Quantity ${String(line.quantity)}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
    price: line.price,
  };
  return <Panel added={added} line={shown} count={count} onClose={onClose} />;
}

/**
 * The mini-cart (exposed as `cart/MiniCart`, in the shell's `minicart` layout slot): after each add
 * a shop page makes (the bus's `cart:item-added`), the line just added, the cart's count, View
 * cart and Checkout, with the focus on its heading. It opens beside the button the shopper
 * pressed, never over it nor over the page's header.
 */
export default function MiniCart() {
  const [Loaded, setLoaded] = useState<Panel | null>(null);
  const [shown, setShown] = useState<ShownAdd | null>(null);

  useEffect(() => {
    let live = true;
    const subscription = eventBus.on('cart:item-added').subscribe(({ id, month }) => {
      const trigger = focusedControl();
      // The page's header (the banner, whichever team draws it) keeps its cart button in reach.
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      const place = placeBeside(trigger?.getBoundingClientRect(), header, window.innerHeight);
      const add: ShownAdd = { id, month, trigger, place };
      loadPanel().then(
        (panel) => {
          if (!live) return;
          setLoaded(() => panel);
          setShown(add);
        },
        (error: unknown) => {
          // The badge has the count; the shopper still hears that the add went through.
          console.warn('The mini-cart could not load:', error);
          notify('success', 'Added to your cart');
        },
      );
    });
    return () => {
      live = false;
      subscription.unsubscribe();
    };
  }, []);

  function close(returnFocus: boolean) {
    if (returnFocus && shown?.trigger?.isConnected) refocus(shown.trigger);
    setShown(null);
  }

  return Loaded && shown ? <AddedPanel Panel={Loaded} added={shown} onClose={close} /> : null;
}
