/**
 * Leaving the storefront for another page (the order's payment page). One object so tests can
 * replace it: jsdom's window.location cannot be redefined or spied on.
 */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
