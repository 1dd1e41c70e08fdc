/** What a part of the page that cannot come says of itself. */
export const UNAVAILABLE =
  'This part of the site is temporarily unavailable. Please try again in a moment.';
