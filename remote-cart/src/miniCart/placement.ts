/** Where the mini-cart opens, in px of the viewport: its top or its bottom, and its most height. */
export interface Placement {
  top?: number;
  bottom?: number;
  maxHeight: number;
}

/** The panel's distance from what it stands beside, and from the screen's edges. */
const GAP = 8;

/**
 * Beside the control the shopper pressed: below it, or above it when there is more room there,
 * never over it nor over the page's header (`headerBottom`, where the header ends on screen, so the
 * cart button stays in reach). Without a control, under the header.
 */
export function placeBeside(
  control: { top: number; bottom: number } | undefined,
  headerBottom: number,
  viewportHeight: number,
): Placement {
  const ceiling = Math.max(0, headerBottom) + GAP;
  if (!control) return { top: ceiling, maxHeight: viewportHeight - ceiling - GAP };
  const below = viewportHeight - control.bottom - 2 * GAP;
  const above = control.top - GAP - ceiling;
  return below >= above
    ? { top: control.bottom + GAP, maxHeight: below }
    : { bottom: viewportHeight - control.top + GAP, maxHeight: above };
}
