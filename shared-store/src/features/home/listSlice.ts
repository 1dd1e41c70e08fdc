import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Anything a home list holds: it has an id. */
export interface WithId {
  id: number | string;
}

export interface ListState<T extends WithId> {
  items: T[];
}

/**
 * The home slices share one behaviour: items can be added, deleted by id and updated by id; a
 * fresh fetch replaces the whole list.
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
      itemAdded(state, action: PayloadAction<T>) {
        state.items.push(action.payload as (typeof state.items)[number]);
      },
      itemDeleted(state, action: PayloadAction<T['id']>) {
        state.items = state.items.filter((item) => item.id !== action.payload);
      },
      itemUpdated(state, action: PayloadAction<{ id: T['id']; changes: Partial<T> }>) {
        const { id, changes } = action.payload;
        const index = state.items.findIndex((item) => item.id === id);
        const current = state.items[index];
        if (current) state.items[index] = { ...current, ...changes };
      },
    },
    selectors: {
      selectItems: (state) => state.items,
    },
  });
}
