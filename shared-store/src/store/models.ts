import { useSyncExternalStore } from 'react';
import type { CartModel } from '../contract/cartModel';

/** What a team's exposed model offers the other teams, by team. */
export interface TeamModels {
  cart: CartModel;
}

const models: Partial<TeamModels> = {};
const listeners = new Set<() => void>();

/**
 * Makes a team's model (loaded by the shell from the team's exposed module) available to the
 * page's other teams; those waiting for it render again.
 */
export function provideModel<K extends keyof TeamModels>(name: K, model: TeamModels[K]): void {
  models[name] = model;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A team's model in a component, rendering again when it arrives. */
export function useModel<K extends keyof TeamModels>(name: K): TeamModels[K] | undefined {
  return useSyncExternalStore(
    subscribe,
    () => models[name],
    () => models[name],
  );
}
