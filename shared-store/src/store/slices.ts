import {
  combineSlices,
  createAction,
  type Reducer,
  type Slice,
  type SliceCaseReducers,
  type SliceSelectors,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { loginSlice } from '../session/loginSlice';
import { sessionStatusSlice } from '../session/sessionStatusSlice';

/**
 * The slices teams inject, as the page's state types them (absent until injected). A team adds
 * its own to the page's types where it defines them:
 * `declare module 'shared-store' { interface TeamSlices extends WithSlice<typeof mySlice> {} }`.
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the teams
export interface TeamSlices {}

/**
 * The page's one reducer. The platform's own slices (whether the visitor is logged in, a logout's
 * progress, whether storage works) are there
 * from the start; every team injects its slices when its code arrives (`injectSlice`), so a slice
 * ships with the remote that owns it.
 */
export const rootReducer = combineSlices(
  loginSlice,
  sessionStatusSlice,
).withLazyLoadedSlices<TeamSlices>();

/** How a team's slice is read back from storage: its own rules, so hostile values do not survive. */
export interface StoredSlice<State> {
  /** The stored value as this slice's state, or undefined when it cannot be read. */
  restore: (stored: unknown) => State | undefined;
}

interface Claim {
  restore: (stored: unknown) => unknown;
  initial: unknown;
}

/** The slices injected so far, by key, with how each reads a stored value. */
const claims = new Map<string, Claim>([
  [loginSlice.reducerPath, { restore: restoreLogin, initial: loginSlice.getInitialState() }],
  [
    sessionStatusSlice.reducerPath,
    { restore: () => undefined, initial: sessionStatusSlice.getInitialState() },
  ],
]);

function restoreLogin(stored: unknown): unknown {
  return typeof stored === 'object' &&
    stored !== null &&
    typeof (stored as { loginData?: unknown }).loginData === 'boolean'
    ? stored
    : undefined;
}

/** Sent to every store when a slice is injected: its stored value is read back at once. */
const sliceInjected = createAction<string>('store/sliceInjected');

/** The stores of this page (weakly: tests make many), told when a slice is injected. */
const stores = new Set<WeakRef<{ dispatch: (action: UnknownAction) => unknown }>>();

export function watchInjections(store: { dispatch: (action: UnknownAction) => unknown }): void {
  stores.add(new WeakRef(store));
}

/**
 * Injects a team's slice into the page's store and answers the slice with selectors that read
 * its initial state until its state is there. A value the page's storage kept for it (while the
 * team's code was away, say) is read back through `stored.restore`. Injecting the same slice
 * again changes nothing.
 */
export function injectSlice<
  State,
  CaseReducers extends SliceCaseReducers<State>,
  Name extends string,
  ReducerPath extends string,
  Selectors extends SliceSelectors<State>,
>(slice: Slice<State, CaseReducers, Name, ReducerPath, Selectors>, stored?: StoredSlice<State>) {
  const injected = slice.injectInto(rootReducer);
  if (!claims.has(slice.reducerPath)) {
    claims.set(slice.reducerPath, {
      restore: stored?.restore ?? (() => undefined),
      initial: slice.getInitialState(),
    });
    for (const ref of stores) {
      const store = ref.deref();
      if (store) store.dispatch(sliceInjected(slice.reducerPath));
      else stores.delete(ref);
    }
  }
  return injected;
}

/**
 * A stored value read back by the rules of the slice that claims `key` (undefined: unreadable);
 * the value as stored while no slice claims it (its team's code has not arrived).
 */
export function restoreClaimed(key: string, stored: unknown): unknown {
  const claim = claims.get(key);
  return claim ? claim.restore(stored) : stored;
}

type State = Record<string, unknown>;

function isRecord(value: unknown): value is State {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The root reducer with the values of slices no team has claimed yet kept as they are: a cart the
 * page's storage holds while the cart's code cannot load stays untouched (and is written back as
 * it was) until the cart claims it. A kept value is read back by its slice's rules when the slice
 * arrives; one that cannot be read gives the slice its initial state.
 */
export function keepingUnclaimed(reducer: Reducer): Reducer<State> {
  /** Keys whose value in this store is as stored, for a slice not injected when it came. */
  const kept = new Set<string>();
  return (state: State | undefined, action: UnknownAction): State => {
    if (state === undefined) return reducer(undefined, action) as State;
    const held: State = {};
    const known: State = {};
    const arrived: string[] = [];
    for (const [key, value] of Object.entries(state)) {
      if (!claims.has(key)) {
        held[key] = value;
        kept.add(key);
      } else {
        known[key] = value;
        if (kept.delete(key)) arrived.push(key);
      }
    }
    const holding = Object.keys(held).length > 0;
    let next = reducer(holding ? known : state, action) as State;
    for (const key of arrived) {
      const claim = claims.get(key);
      if (claim) next = { ...next, [key]: claim.restore(next[key]) ?? claim.initial };
    }
    // The stored state comes back after this reducer has run (redux-persist merges it in): what
    // it brings for a slice not injected yet is noted as kept.
    if (action.type === REHYDRATE && isRecord(action.payload)) {
      for (const key of Object.keys(action.payload)) if (!claims.has(key)) kept.add(key);
    }
    if (!holding) return next;
    if (next === known) return state;
    return { ...next, ...held };
  };
}
