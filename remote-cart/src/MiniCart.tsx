import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { eventBus, notify, useAppSelector } from 'shared-store';
import { lineDuration } from './lineNames';
import {
  CART_PATH,
  type CartDrawerProps,
  type DrawerCart,
  type DrawerOpening,
} from './miniCart/drawerProps';
import { lineKey } from './model/cartLines';
import {
  selectCartItems,
  selectDurations,
  selectSubtotal,
  selectTotalQuantity,
} from './model/cartSlice';

type Drawer = ComponentType<CartDrawerProps>;

/**
 * The drawer's code (its view and the reads of every line): loaded with the first add or the first
 * tap on the header's cart, not with the page; again after a failed load.
 */
let loading: Promise<Drawer> | undefined;
function loadDrawer(): Promise<Drawer> {
  loading ??= import('./miniCart/CartDrawer').then((module) => module.default);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Where the page's header (the banner, whichever team draws it) ends on the screen. */
function headerBottom(): number {
  return Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
}

/** The control the shopper added with (focused as they clicked), to go back to on Escape. */
function focusedControl(): HTMLElement | null {
  const focused = document.activeElement;
  return focused instanceof HTMLElement && focused !== document.body ? focused : null;
}

/**
 * The drawer with the cart it shows, read here with the cart model's code the page has: the
 * drawer's own code is only its view (reading there would bring a second copy of the model).
 */
function DrawerWithCart({ Drawer, ...props }: Omit<CartDrawerProps, 'cart'> & { Drawer: Drawer }) {
  const items = useAppSelector(selectCartItems);
  const count = useAppSelector(selectTotalQuantity);
  const subtotal = useAppSelector(selectSubtotal);
  const silver = useAppSelector((state) => selectDurations(state).silver);
  const gold = useAppSelector((state) => selectDurations(state).gold);
  const ultimate = useAppSelector((state) => selectDurations(state).ultimate);
  const durations = { silver, gold, ultimate };
  const cart: DrawerCart = {
    lines: items.map((line) => ({
      line,
      key: lineKey(line),
      duration: lineDuration(line, line.tier ? durations[line.tier] : ''),
    })),
    count,
    subtotal,
  };
  return <Drawer {...props} cart={cart} />;
}

/**
 * The mini-cart (exposed as `cart/MiniCart`, in the shell's `minicart` layout slot): the cart
 * drawer, opened by each add a shop page makes (the bus's `cart:item-added`: "Added to your cart")
 * and by the header's cart button (`cart:open`: "Your cart"), except on the cart page itself. It
 * opens under the header, whose cart button stays in reach. Its code comes with the first of those;
 * while it cannot, an add is told in a toast and the cart button goes on to the cart page.
 */
export default function MiniCart() {
  const [Loaded, setLoaded] = useState<Drawer | null>(null);
  const [opening, setOpening] = useState<DrawerOpening | null>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The bus's listeners are set once: they read where the page is and how to leave it from here.
  const page = useRef({ pathname, navigate });
  useEffect(() => {
    page.current = { pathname, navigate };
  });
  const close = useCallback(() => {
    setOpening(null);
  }, []);

  useEffect(() => {
    let live = true;
    const show = (open: DrawerOpening, failed: () => void) => {
      loadDrawer().then(
        (drawer) => {
          if (!live) return;
          setLoaded(() => drawer);
          setOpening(open);
        },
        (error: unknown) => {
          console.warn('The cart drawer could not load:', error);
          if (live) failed();
        },
      );
    };
    const added = eventBus.on('cart:item-added').subscribe(({ id, month }) => {
      // The badge has the count; the shopper still hears that the add went through.
      show({ added: { id, month }, opener: focusedControl(), top: headerBottom() }, () => {
        notify('success', 'Added to your cart');
      });
    });
    const asked = eventBus.on('cart:open').subscribe(({ opener, taken }) => {
      if (page.current.pathname === CART_PATH) return;
      taken();
      show({ opener, top: headerBottom() }, () => {
        void page.current.navigate(CART_PATH);
      });
    });
    return () => {
      live = false;
      added.unsubscribe();
      asked.unsubscribe();
    };
  }, []);

  return Loaded && opening ? (
    <DrawerWithCart Drawer={Loaded} opening={opening} onClose={close} />
  ) : null;
}
