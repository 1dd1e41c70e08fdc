import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import * as v from 'valibot';
import type { StoredSlice } from './slices';

/** Anything a list slice holds: it has an id. */
export interface WithId {
  id: number | string;
}

export interface ListState<T extends WithId> {
  items: T[];
}

/**
 * A list the page keeps of what the backend last answered (the header's menu, the home page's
 * courses): a fresh answer replaces the whole list. Built here, with the page's one copy of Redux
 * Toolkit, for every team that keeps such a list.
 */
export function createListSlice<T extends WithId, Name extends string>(name: Name) {
  const initialState: ListState<T> = { items: [] };
  return createSlice({
    name,
    initialState,
    reducers: {
      itemsReceived(state, action: PayloadAction<T[]>) {
        state.items = action.payload as typeof state.items;
      },
    },
    selectors: {
      selectItems: (state) => state.items,
    },
  });
}

/**
 * How a list slice reads a stored list back: its items through the team's rule for a fresh answer
 * (the read's schema, or the function that cleans its answer), so a value someone wrote into the
 * page's storage is held to the same rules as one from the backend. Anything but `{ items: [...] }`
 * cannot be read.
 */
export function storedList<T extends WithId>(
  rule: v.GenericSchema<unknown, T[]> | ((items: unknown[]) => T[]),
): StoredSlice<ListState<T>> {
  return {
    restore: (stored) => {
      if (typeof stored !== 'object' || stored === null) return undefined;
      const { items } = stored as { items?: unknown };
      if (!Array.isArray(items)) return undefined;
      if (typeof rule === 'function') return { items: rule(items) };
      const result = v.safeParse(rule, items);
      return result.success ? { items: result.output } : undefined;
    },
  };
}
