import { act, render, screen } from '@testing-library/react';
import { notify } from 'shared-store';
import { bridgeNotifications } from './bridges';
import { Toasts } from './Toasts';

describe('toasts', () => {
  // The toaster is a lazy chunk: compiling it is the test runner's work, not the page's, so it
  // is compiled before the tests rather than inside their wait for the message.
  beforeAll(async () => {
    await import('./toaster');
  });

  it('nothing toast-related is on the page until the first notification', () => {
    const { container } = render(<Toasts />);
    expect(container).toBeEmptyDOMElement();
  });

  it('the first notification loads the toasts and shows its message', async () => {
    const subscription = bridgeNotifications();
    render(<Toasts />);
    act(() => {
      notify('success', 'UKMLA Question Bank added to your cart');
    });
    expect(await screen.findByText('UKMLA Question Bank added to your cart')).toBeVisible();
    subscription.unsubscribe();
  });

  it('a toast has a close button named Close notification', async () => {
    const subscription = bridgeNotifications();
    render(<Toasts />);
    act(() => {
      notify('error', 'Session Expired! Please Login Again');
    });
    expect(await screen.findByRole('button', { name: 'Close notification' })).toBeVisible();
    subscription.unsubscribe();
  });
});
