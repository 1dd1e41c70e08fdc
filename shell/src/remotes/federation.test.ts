import { SHARED_STORE_VERSION } from 'shared-store';
import { mockFetch } from 'shared-store/testing';
import type * as Module from './federation';

const loadRemote = jest.fn();
const registerRemotes = jest.fn();
const registerPlugins = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote,
  registerRemotes,
  registerPlugins,
}));

type Federation = typeof Module;

/** The shared-store contract this page runs (its major version), and the next, which it refuses. */
const MAJOR = Number(SHARED_STORE_VERSION.split('.')[0]);
const THIS_CONTRACT = `^${String(MAJOR)}.0.0`;
const NEXT_CONTRACT = `^${String(MAJOR + 1)}.0.0`;

function manifest(range: string) {
  return { shared: [{ name: 'shared-store', requiredVersion: range }] };
}

/** The URLs the module under test requested. */
let requested: string[] = [];

/** How often the module fetched `url`. */
function reads(url: string): number {
  return requested.filter((requestedUrl) => requestedUrl === url).length;
}

/**
 * A fresh module (its configuration is read once per page) with a fake network: /remotes.json
 * answers the next of `configs`, each manifest URL its entry of `manifests`.
 */
function setup(configs: Record<string, string>[], manifests: Record<string, unknown>) {
  jest.resetModules();
  document.body.innerHTML = `<script id="remotes-config" type="application/json">${JSON.stringify(configs[0])}</script>`;
  let served = 0;
  requested = mockFetch({
    '/remotes.json': () => {
      served = Math.min(served + 1, configs.length - 1);
      return { body: configs[served] };
    },
    '/': ({ url }) => (url in manifests ? { body: manifests[url] } : { status: 404, body: {} }),
  }).calls;
  return jest.requireActual<Federation>('./federation');
}

const Header = () => null;

/** What the runtime's preload hooks receive of a preload. */
interface Preload {
  filter?: (url: string) => boolean;
}

describe('loading remotes at run time', () => {
  beforeEach(() => {
    loadRemote.mockReset();
    registerRemotes.mockReset();
    registerPlugins.mockReset();
  });

  it('registers the configured remotes and loads the module', async () => {
    const federation = setup([{ header: '/h/1/mf-manifest.json' }], {
      '/h/1/mf-manifest.json': manifest(THIS_CONTRACT),
    });
    loadRemote.mockResolvedValue({ default: Header });
    await expect(federation.loadRemoteComponent('header/Header')).resolves.toEqual({
      default: Header,
    });
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'header', entry: '/h/1/mf-manifest.json' }],
      { force: false },
    );
  });

  it('the runtime takes a manifest the shell has read from the shell, not from the network again', async () => {
    const federation = setup([{ header: '/h/1/mf-manifest.json' }], {
      '/h/1/mf-manifest.json': manifest(THIS_CONTRACT),
    });
    federation.startRemoteDiscovery();
    const [[plugins]] = registerPlugins.mock.calls as [[{ fetch: (url: string) => unknown }[]]];
    const plugin = plugins[0];
    // The runtime asks its fetch hook for the manifest while loading the module.
    loadRemote.mockImplementation(async () => {
      const response = await (plugin?.fetch(
        `${window.location.origin}/h/1/mf-manifest.json`,
      ) as Promise<Response>);
      expect(await response.json()).toEqual(manifest(THIS_CONTRACT));
      return { default: Header };
    });
    await federation.loadRemoteComponent('header/Header');
    expect(reads('/h/1/mf-manifest.json')).toBe(1);
    // A manifest the shell never read is left to the runtime.
    expect(plugin?.fetch('/other/mf-manifest.json')).toBeUndefined();
  });

  it('a loading remote’s style sheets the page carries inline are not downloaded again; others are', () => {
    const federation = setup([{ cart: '/remotes/cart/mf-manifest.json' }], {});
    document.head.innerHTML = '<style data-href="exposed.2ca7eb2e.css">.cart{}</style>';
    federation.startRemoteDiscovery();
    const [[plugins]] = registerPlugins.mock.calls as [
      [{ beforePreloadRemote?: (args: { preloadOps: Preload[] }) => void }[]],
    ];
    const preloadOps: Preload[] = [{}, { filter: (url) => !url.endsWith('.js') }];
    for (const plugin of plugins) plugin.beforePreloadRemote?.({ preloadOps });
    const [own, filtered] = preloadOps.map(
      ({ filter }) =>
        (url: string) =>
          filter?.(url) ?? true,
    );
    const base = `${window.location.origin}/remotes/cart/`;
    expect(own?.(`${base}exposed.2ca7eb2e.css`)).toBe(false);
    expect(own?.(`${base}exposed.2ca7eb2e.css?v=1`)).toBe(false);
    expect(own?.(`${base}other.11111111.css`)).toBe(true);
    expect(own?.(`${base}exposed.3cf1a2b4.js`)).toBe(true);
    // A filter the runtime was given still applies.
    expect(filtered?.(`${base}exposed.3cf1a2b4.js`)).toBe(false);
    expect(filtered?.(`${base}exposed.2ca7eb2e.css`)).toBe(false);
    expect(filtered?.(`${base}other.11111111.css`)).toBe(true);
    document.head.innerHTML = '';
  });

  it('a manifest the page carries is the one read, for the contract check and the runtime, without fetching it', async () => {
    const federation = setup([{ header: '/h/1/mf-manifest.json' }], {
      '/h/1/mf-manifest.json': manifest(THIS_CONTRACT),
    });
    const carried = { '/h/1/mf-manifest.json': manifest('^9.0.0') };
    document.body.insertAdjacentHTML(
      'beforeend',
      `<script id="remote-manifests" type="application/json">${JSON.stringify(carried)}</script>`,
    );
    federation.startRemoteDiscovery();
    // The carried copy says ^9: that is the contract checked, not the network's ^1.
    await expect(federation.loadRemoteComponent('header/Header')).rejects.toThrow(
      'built for shared-store ^9.0.0',
    );
    const [[plugins]] = registerPlugins.mock.calls as [[{ fetch: (url: string) => unknown }[]]];
    const response = await (plugins[0]?.fetch(
      `${window.location.origin}/h/1/mf-manifest.json`,
    ) as Promise<Response>);
    expect(await response.json()).toEqual(manifest('^9.0.0'));
    expect(reads('/h/1/mf-manifest.json')).toBe(0);
  });

  it('manifests in the page that cannot be read are fetched instead, with a warning', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const federation = setup([{ header: '/h/1/mf-manifest.json' }], {
      '/h/1/mf-manifest.json': manifest(THIS_CONTRACT),
    });
    document.body.insertAdjacentHTML(
      'beforeend',
      '<script id="remote-manifests" type="application/json">{"/h/1/mf-manifest.json":</script>',
    );
    loadRemote.mockResolvedValue({ default: Header });
    await expect(federation.loadRemoteComponent('header/Header')).resolves.toEqual({
      default: Header,
    });
    expect(warn).toHaveBeenCalledWith(
      'The manifests in the page could not be read; they are fetched instead.',
      expect.any(SyntaxError),
    );
    expect(reads('/h/1/mf-manifest.json')).toBe(1);
  });

  it('refuses a remote built for another shared-store contract, naming it and both versions', async () => {
    const federation = setup([{ header: '/h/2/mf-manifest.json' }], {
      '/h/2/mf-manifest.json': manifest(NEXT_CONTRACT),
    });
    await expect(federation.loadRemoteComponent('header/Header')).rejects.toThrow(
      `Remote "header" was built for shared-store ${NEXT_CONTRACT}, but this page runs shared-store ${SHARED_STORE_VERSION}`,
    );
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('after a release, a failed load reads the configuration again and retries once with the live version', async () => {
    const federation = setup(
      [{ header: '/h/1/mf-manifest.json' }, { header: '/h/2/mf-manifest.json' }],
      {
        '/h/1/mf-manifest.json': manifest(THIS_CONTRACT),
        '/h/2/mf-manifest.json': manifest(THIS_CONTRACT),
      },
    );
    loadRemote
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValueOnce({ default: Header });
    await expect(federation.loadRemoteComponent('header/Header')).resolves.toEqual({
      default: Header,
    });
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'header', entry: '/h/2/mf-manifest.json' }],
      { force: true },
    );
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('a remote that is simply down fails once, without retrying the same version', async () => {
    const federation = setup([{ header: '/h/1/mf-manifest.json' }], {
      '/h/1/mf-manifest.json': manifest(THIS_CONTRACT),
    });
    loadRemote.mockRejectedValue(new Error('manifest 404'));
    await expect(federation.loadRemoteComponent('header/Header')).rejects.toThrow('manifest 404');
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('a module that is not what its caller expects is refused: a component module must export a component', async () => {
    const federation = setup([{ header: '/h/1/mf-manifest.json' }], {
      '/h/1/mf-manifest.json': manifest(THIS_CONTRACT),
    });
    loadRemote.mockResolvedValue({ default: { not: 'a component' } });
    await expect(federation.loadRemoteComponent('header/Header')).rejects.toThrow(
      'Remote module "header/Header" did not load.',
    );
    const isNamed = (module: unknown): module is { name: string } =>
      typeof (module as { name?: unknown } | null)?.name === 'string';
    loadRemote.mockResolvedValue({ name: 'a model' });
    await expect(federation.loadRemoteModule('header/model', isNamed)).resolves.toEqual({
      name: 'a model',
    });
  });

  it('a remote missing from the configuration is an error', async () => {
    const federation = setup([{ header: '/h/1/mf-manifest.json' }], {});
    await expect(federation.loadRemoteComponent('cart/CartPage')).rejects.toThrow(
      'Remote "cart" is not configured.',
    );
  });
});
