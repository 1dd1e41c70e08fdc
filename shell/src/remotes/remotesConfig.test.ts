import { loadRemotesConfig, parseRemotesConfig } from './remotesConfig';

describe('remotes configuration', () => {
  it('keeps same-origin paths and http(s) URLs and drops anything else, naming each', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(
      parseRemotesConfig({
        header: '/remotes/header/mf-manifest.json',
        cart: 'https://cdn.example.test/cart/mf-manifest.json',
        evil: 'javascript:alert(1)',
        protocolRelative: '//evil.test/mf-manifest.json',
        broken: 42,
      }),
    ).toEqual({
      header: '/remotes/header/mf-manifest.json',
      cart: 'https://cdn.example.test/cart/mf-manifest.json',
    });
    expect(errors.mock.calls).toEqual(
      ['evil', 'protocolRelative', 'broken'].map((name) => [
        `Remote "${name}" has no usable manifest URL in the configuration.`,
      ]),
    );
    errors.mockRestore();
  });

  it('rejects a configuration that is not an object', () => {
    expect(() => parseRemotesConfig(['header'])).toThrow('not an object');
  });

  it('reads the configuration the gateway inlined into the page without a request', async () => {
    document.body.innerHTML =
      '<script id="remotes-config" type="application/json">{"home":"/remotes/home/mf-manifest.json"}</script>';
    globalThis.fetch = jest.fn();
    await expect(loadRemotesConfig()).resolves.toEqual({ home: '/remotes/home/mf-manifest.json' });
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it('fetches /remotes.json, revalidated, when nothing is inlined', async () => {
    document.body.innerHTML = '';
    const fetchMock = jest.fn(() =>
      Promise.resolve({ ok: true, json: () => Promise.resolve({ footer: '/f.json' }) } as Response),
    );
    globalThis.fetch = fetchMock;
    await expect(loadRemotesConfig()).resolves.toEqual({ footer: '/f.json' });
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
  });
});
