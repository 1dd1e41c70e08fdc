import { mockFetch } from 'shared-store/testing';
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
    const { calls } = mockFetch({});
    await expect(loadRemotesConfig()).resolves.toEqual({ home: '/remotes/home/mf-manifest.json' });
    expect(calls).toEqual([]);
  });

  it('fetches /remotes.json, revalidated, when nothing is inlined', async () => {
    document.body.innerHTML = '';
    const { fetchMock } = mockFetch({ '/remotes.json': () => ({ body: { footer: '/f.json' } }) });
    await expect(loadRemotesConfig()).resolves.toEqual({ footer: '/f.json' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/remotes.json',
      expect.objectContaining({ method: 'GET', cache: 'no-cache' }),
    );
  });
});
