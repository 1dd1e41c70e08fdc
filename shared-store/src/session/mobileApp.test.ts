import { isIosApp, isMobileApp, postLogoutToApp } from './mobileApp';

function fakeWindow(
  search: string,
  userAgent = 'Mozilla/5.0',
  stored: Record<string, string> = {},
) {
  const session = new Map(Object.entries(stored));
  return {
    location: { search },
    navigator: { userAgent },
    sessionStorage: {
      getItem: (k: string) => session.get(k) ?? null,
      setItem: (k: string, v: string) => session.set(k, v),
    },
  } as unknown as Window;
}

describe('mobile app mode', () => {
  it('?isMobileApp=true turns it on and remembers it for the visit', () => {
    const win = fakeWindow('?isMobileApp=true');
    expect(isMobileApp(win)).toBe(true);
    (win.location as { search: string }).search = '';
    expect(isMobileApp(win)).toBe(true);
  });

  it('is off for an ordinary visit', () => {
    expect(isMobileApp(fakeWindow('?s=plab'))).toBe(false);
  });

  it('works when sessionStorage throws', () => {
    const win = {
      location: { search: '?isMobileApp=true' },
      get sessionStorage(): Storage {
        throw new Error('denied');
      },
    } as unknown as Window;
    expect(isMobileApp(win)).toBe(true);
  });

  it('the iOS app is app mode on an Apple device', () => {
    expect(
      isIosApp(fakeWindow('?isMobileApp=true', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')),
    ).toBe(true);
    expect(isIosApp(fakeWindow('?isMobileApp=true', 'Mozilla/5.0 (Linux; Android 14)'))).toBe(
      false,
    );
  });

  it('posts a logout message to the app when its bridge exists', () => {
    const postMessage = jest.fn();
    postLogoutToApp({ ReactNativeWebView: { postMessage } } as unknown as Window);
    expect(postMessage).toHaveBeenCalledWith('{"type":"logout"}');
    expect(() => {
      postLogoutToApp({} as Window);
    }).not.toThrow();
  });
});
