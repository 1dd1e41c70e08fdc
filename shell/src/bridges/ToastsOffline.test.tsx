import { act, render, screen, waitFor } from '@testing-library/react';
import { notify } from 'shared-store';
import { bridgeNotifications } from './bridges';
import { Toasts } from './Toasts';

/** Whether the toaster's code fails to load, as a chunk does when the network is down. */
let mockOffline = true;
jest.mock('./toaster', () => {
  if (mockOffline) throw new Error('Loading chunk 582 failed.');
  return jest.requireActual<object>('./toaster');
});

describe('toasts when their code cannot load', () => {
  it('a notification whose toaster cannot load (the network down) leaves the page; the next one loads it and shows', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const subscription = bridgeNotifications();
    render(
      <>
        <h1>Your cart</h1>
        <Toasts />
      </>,
    );
    act(() => {
      notify('success', 'PLAB 1 Online Course added to your cart');
    });
    await waitFor(() => {
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('PLAB 1 Online Course added to your cart'),
      );
    });
    expect(screen.getByRole('heading', { name: 'Your cart' })).toBeVisible();

    mockOffline = false;
    act(() => {
      notify('success', 'UKMLA Question Bank added to your cart');
    });
    expect(await screen.findByText('UKMLA Question Bank added to your cart')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Your cart' })).toBeVisible();
    subscription.unsubscribe();
    warn.mockRestore();
  });
});
