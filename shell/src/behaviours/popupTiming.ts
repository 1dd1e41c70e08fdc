/** The newsletter popup falls due this long after the page opened (the specification's 10 s). */
export const POPUP_DELAY_MS = 10_000;

/** A visitor who typed less than this long ago is still typing: the popup does not take the focus. */
export const TYPING_PAUSE_MS = 3000;

/**
 * When the popup's code comes: early enough to hear the typing of the last TYPING_PAUSE_MS before
 * it falls due, and no earlier, so a visitor who leaves before then never downloads it.
 */
export const POPUP_CODE_AT_MS = POPUP_DELAY_MS - TYPING_PAUSE_MS;
