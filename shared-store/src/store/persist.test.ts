import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { makeStore, startPersistence } from './makeStore';
import { STORED_STATE_KEY, sanitizePersistedState } from './persist';
import { injectSlice } from './slices';

/** A team's slice as these tests inject it: a list of notes under one of the stored keys. */
interface Notes {
  notes: string[];
}

/** A team's rule for reading back a stored value: a list, of which only strings survive. */
const restoreNotes = (stored: unknown): Notes | undefined =>
  typeof stored === 'object' && stored !== null && Array.isArray((stored as Notes).notes)
    ? { notes: (stored as Notes).notes.filter((note) => typeof note === 'string') }
    : undefined;

const notesSlice = createSlice({
  name: 'homePageData',
  initialState: { notes: [] as string[] },
  reducers: {
    noted(state, action: PayloadAction<string>) {
      state.notes.push(action.payload);
    },
  },
  selectors: { selectNotes: (state) => state.notes },
});
const notes = injectSlice(notesSlice, { restore: restoreNotes });

/** A slice of the page no stored key names: it starts afresh on each page. */
const draftSlice = createSlice({
  name: 'searchDraft',
  initialState: { text: '' },
  reducers: {
    typed(state, action: PayloadAction<string>) {
      state.text = action.payload;
    },
  },
});
injectSlice(draftSlice);

/** What localStorage holds under persist:root, each slice parsed. */
function storedState(): Record<string, unknown> {
  const stored = JSON.parse(window.localStorage.getItem(STORED_STATE_KEY) ?? '{}') as Record<
    string,
    string
  >;
  return Object.fromEntries(
    Object.entries(stored).map(([key, text]) => [key, JSON.parse(text) as unknown]),
  );
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('persisted state', () => {
  it('keeps the stored keys of the slices in the page under persist:root, and no other', async () => {
    const store = makeStore({ persist: true });
    const persistor = await startPersistence(store);
    store.dispatch(draftSlice.actions.typed('plab'));
    store.dispatch(notesSlice.actions.noted('kept'));
    await persistor.flush();
    const stored = storedState();
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'homePageData', 'loginData']);
    expect(stored.homePageData).toEqual({ notes: ['kept'] });
    persistor.pause();
  });

  it('what is still pending is written when the page goes away', async () => {
    const store = makeStore({ persist: true });
    const persistor = await startPersistence(store);
    store.dispatch(notesSlice.actions.noted('ukmla-akt'));
    window.dispatchEvent(new Event('pagehide'));
    // Synchronously: the next page reads localStorage before any timer of this one could run.
    expect(storedState().homePageData).toEqual({ notes: ['ukmla-akt'] });
    persistor.pause();
  });

  it('reads each stored slice back by its team’s rules, drops one it cannot read and keeps the others', () => {
    const kept = sanitizePersistedState({
      loginData: { loginData: 'yes' },
      homePageData: { notes: ['first', 7] },
      searchDraft: { text: 'not a stored key' },
      _persist: { version: 2, rehydrated: true },
    });
    expect(kept).toEqual({
      homePageData: { notes: ['first'] },
      _persist: { version: 2, rehydrated: true },
    });
    expect(sanitizePersistedState('garbage')).toBeUndefined();
  });

  it('a corrupted persist:root leaves a working store with the initial state', async () => {
    window.localStorage.setItem(STORED_STATE_KEY, '{"homePageData":"{not json"');
    const store = makeStore({ persist: true });
    const persistor = await startPersistence(store);
    expect(notes.selectors.selectNotes(store.getState())).toEqual([]);
    await persistor.flush();
    persistor.pause();
  });

  it('one corrupt slice does not cost the others', async () => {
    window.localStorage.setItem(
      STORED_STATE_KEY,
      JSON.stringify({
        homePageData: '{broken',
        loginData: JSON.stringify({ loginData: true }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    const store = makeStore({ persist: true });
    const persistor = await startPersistence(store);
    expect(store.getState().loginData.loginData).toBe(true);
    expect(notes.selectors.selectNotes(store.getState())).toEqual([]);
    await persistor.flush();
    persistor.pause();
  });
});
