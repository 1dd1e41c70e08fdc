import type { CartItem } from '../model/cartSlice';

/** The cart page: the drawer's View cart goes there; there the header's cart stays a link to it. */
export const CART_PATH = '/cart';

/** Why the cart drawer opens: a line a shop page added, or the shopper asking for their cart. */
export interface DrawerOpening {
  /**
   * The line just added (its key in the cart: id, and month, '' for an event's place); none when
   * the shopper asked for the cart.
   */
  added?: { id: number | string; month: string };
  /** The control the shopper pressed: the focus goes back to it when the drawer closes. */
  opener: HTMLElement | null;
  /**
   * Where the page's header ends on the screen, in px, as the drawer opens: the drawer and its
   * overlay start there, so the header's cart button stays in reach (0 once it has scrolled away).
   */
  top: number;
}

/** A line as the drawer shows it: read with the cart model's code the page has (MiniCart). */
export interface DrawerLine {
  line: CartItem;
  /** Its key in the cart (its React key). */
  key: string;
  /** Its month, or a package's duration. */
  duration: string;
}

/** The cart the drawer shows. */
export interface DrawerCart {
  lines: DrawerLine[];
  /** The cart's count of items. */
  count: number;
  /** The lines' sum, in pounds. */
  subtotal: number;
}

export interface CartDrawerProps {
  opening: DrawerOpening;
  cart: DrawerCart;
  /** Takes the drawer away (it has put the focus where it goes). */
  onClose: () => void;
}
