import { toast } from 'react-toastify/unstyled';
import { showToast } from './toaster';

// react-toastify times a toast by its progress bar's CSS animation, which jsdom does not run: what
// is checked here is the time each toast is given.
describe('how long a toast stays', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('a success or a piece of news closes by itself, after the default 5 s', () => {
    const success = jest.spyOn(toast, 'success').mockReturnValue('1');
    const info = jest.spyOn(toast, 'info').mockReturnValue('2');
    showToast('success', 'UKMLA Question Bank added to your cart');
    showToast('info', 'You are back online');
    expect(success).toHaveBeenCalledWith('UKMLA Question Bank added to your cart', undefined);
    expect(info).toHaveBeenCalledWith('You are back online', undefined);
  });

  it('an error stays until the visitor closes it', () => {
    const error = jest.spyOn(toast, 'error').mockReturnValue('3');
    showToast('error', 'Session Expired! Please Login Again');
    expect(error).toHaveBeenCalledWith('Session Expired! Please Login Again', { autoClose: false });
  });
});
