import { popupAllowedOn } from './popupPlaces';

describe('the pages the newsletter popup may open on', () => {
  it.each([
    '/login',
    '/signup',
    '/forgotpass',
    '/cart',
    '/cart/',
    '/checkout',
    '/checkout/order-received/52003',
    '/contact-us',
    '/Contact-Us/',
    '/arora-subscribe-form',
  ])('never on the sign-in, cart, checkout, contact and newsletter pages: %s', (path) => {
    expect(popupAllowedOn(path)).toBe(false);
  });

  it.each([
    '/',
    '/courses/plab-1-online-course',
    '/blogs',
    '/search',
    '/cartography',
    '/login-help',
  ])('on the other pages: %s', (path) => {
    expect(popupAllowedOn(path)).toBe(true);
  });
});
