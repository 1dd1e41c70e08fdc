import { act, screen, waitFor } from '@testing-library/react';
import { safeStorage } from 'shared-store';
import { renderWithProviders } from 'shared-store/testing';
import { Popup } from './Popup';

// The dialog's code cannot be downloaded (offline by the time the popup is due).
jest.mock('./PopupDialog', () => {
  throw new Error('Loading chunk 749 failed.');
});

it('a popup whose code cannot load is skipped for the page, said once, and offered again later', async () => {
  jest.useFakeTimers();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  renderWithProviders(<Popup />);
  act(() => {
    jest.advanceTimersByTime(10_000);
  });
  await waitFor(() => {
    expect(warn).toHaveBeenCalledTimes(1);
  });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(warn).toHaveBeenCalledWith(
    'The newsletter popup could not load; the next page offers it.',
    expect.any(Error),
  );
  // Never closed, so not remembered as closed.
  expect(safeStorage.getItem('popupClosed')).toBeNull();
  warn.mockRestore();
  jest.useRealTimers();
});
