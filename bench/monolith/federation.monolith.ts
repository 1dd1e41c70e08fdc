/**
 * For measurement only, outside every app's folder: the single-bundle build's stand-in for the
 * shell's src/remotes/federation.ts (./webpack.config.js aliases it). No federation runtime, no
 * remotes configuration; the remotes' exposed modules are compiled into the one bundle, the one
 * place that does so. The layout and the landing page are in the first load; the cart route is
 * split off.
 */
import type { ComponentType } from 'react';
import Footer from 'remote-footer/src/Footer';
import Header from 'remote-header/src/Header';
import PromoBanner from 'remote-header/src/PromoBanner';
import TrustStrip from 'remote-header/src/TrustStrip';
import cartModel from 'remote-cart/src/model/cartModel';
import HomePage from 'remote-home/src/HomePage';
import type { RemoteComponentModule } from 'shared-store';
import type * as Federation from 'shell/src/remotes/federation';

/** All React.lazy asks of its loader's result. */
interface Thenable {
  then(onFulfilled: (module: RemoteComponentModule) => void): void;
}

/**
 * A module already in the bundle, handed over at once: React.lazy then renders it in the first
 * pass, as a static import would be. (A resolved Promise would still suspend, and React holds
 * content back until 300 ms after a placeholder shows.)
 */
const inBundle =
  (component: ComponentType): (() => Thenable) =>
  () => ({
    then: (onFulfilled) => {
      onFulfilled({ default: component });
    },
  });

const MODULES: Record<string, () => Thenable | Promise<RemoteComponentModule>> = {
  'header/PromoBanner': inBundle(PromoBanner),
  'header/Header': inBundle(Header),
  'header/TrustStrip': inBundle(TrustStrip),
  'footer/Footer': inBundle(Footer),
  'home/HomePage': inBundle(HomePage),
  'cart/CartPage': () => import('remote-cart/src/CartPage'),
};

/** Nothing to discover: every module is in the build. */
export const startRemoteDiscovery: typeof Federation.startRemoteDiscovery = () => undefined;

/** The module for `remote/Module`, in the shape ./federation's loadRemoteComponent gives it. */
export function loadRemoteComponent(id: string): Thenable | Promise<RemoteComponentModule> {
  const load = MODULES[id];
  return load ? load() : Promise.reject(new Error(`Remote module "${id}" is not in the build.`));
}

/** The teams' models (the cart's), in the bundle too: handed over at once. */
const MODELS: Record<string, object> = { 'cart/model': { default: cartModel } };

/** The model for `remote/Module`, checked as ./federation's loadRemoteModule checks it. */
export const loadRemoteModule: typeof Federation.loadRemoteModule = (id, isModule) => {
  const module = MODELS[id];
  return isModule(module)
    ? Promise.resolve(module)
    : Promise.reject(new Error(`Remote module "${id}" is not in the build.`));
};
