import type { Placement } from './placement';

/** An add the mini-cart shows: the line's key in the cart, and where the shopper added it. */
export interface ShownAdd {
  id: number | string;
  /** The line's month ('' for an event's place). */
  month: string;
  /** The control the shopper added with: the focus goes back to it when the panel closes. */
  trigger: HTMLElement | null;
  /** Where the panel opens: beside the control, clear of it and of the page's header. */
  place: Placement;
}

/** The line just added as the panel shows it. */
export interface ShownLine {
  name: string;
  /** Its month or duration, and its quantity when above 1: "3 Months · Quantity 2". */
  details: string;
  /** Unit price in pounds. */
  price: number;
}

export interface MiniCartPanelProps {
  added: ShownAdd;
  /** The line added, while it is in the cart. */
  line: ShownLine | undefined;
  /** The cart's count of items. */
  count: number;
  /** Closes the panel; `returnFocus`: the focus goes back to the control the shopper added with. */
  onClose: (returnFocus: boolean) => void;
}
