import { useCallback, useEffect, useRef } from 'react';
import { TYPING_PAUSE_MS } from './popupTiming';

/** Inputs that are pressed or ticked rather than typed in. */
const NOT_TYPED_IN = new Set(['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'range']);

/** Whether `element` is a field a visitor types in or chooses from (it has their keystrokes). */
function isField(element: Element | null): boolean {
  if (element instanceof HTMLInputElement) return !NOT_TYPED_IN.has(element.type);
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLElement && element.isContentEditable;
}

/**
 * Whether the visitor is typing, asked at the moment it matters: a field has the focus, or they
 * typed in one less than TYPING_PAUSE_MS ago (in a field they may just have left).
 */
export function useTyping(): () => boolean {
  const lastInput = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    const onInput = () => {
      lastInput.current = Date.now();
    };
    // Capture: a field that stops the event's propagation still counts.
    document.addEventListener('input', onInput, true);
    return () => {
      document.removeEventListener('input', onInput, true);
    };
  }, []);

  return useCallback(
    () => isField(document.activeElement) || Date.now() - lastInput.current < TYPING_PAUSE_MS,
    [],
  );
}
