/** What a modal's focus handling needs of a key event (React's or the DOM's). */
export interface TabKey {
  key: string;
  shiftKey: boolean;
  preventDefault(): void;
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside a modal dialog: Tab on its last focusable element goes to the first, Shift+Tab
 * on the first to the last. Other keys are left alone.
 */
export function keepTabWithin(dialog: HTMLElement, event: TabKey): void {
  if (event.key !== 'Tab') return;
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable.at(-1);
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
