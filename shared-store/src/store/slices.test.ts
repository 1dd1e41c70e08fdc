import { createSlice, type Middleware, type PayloadAction } from '@reduxjs/toolkit';
import { userLoggedIn } from '../session/loginSlice';
import { addMiddleware, makeStore, startPersistence } from './makeStore';
import { PERSIST_VERSION, STORED_STATE_KEY } from './persist';
import { writeStoredState } from '../testing/storedState';
import { injectSlice } from './slices';

/** A team's slice as the tests inject it: a list under one of the stored keys. */
interface Notes {
  notes: string[];
}

function notesSlice<Name extends string>(name: Name) {
  const initialState: Notes = { notes: [] };
  return createSlice({
    name,
    initialState,
    reducers: {
      noted(state, action: PayloadAction<string>) {
        state.notes.push(action.payload);
      },
    },
    selectors: { selectNotes: (state) => state.notes },
  });
}

// The tests' slices, under stored keys, as the page's state types them.
declare module './slices' {
  interface TeamSlices {
    homeCourseData: Notes;
    homeEventData: Notes;
    homeBannerData: Notes;
    headerMenuData: Notes;
    headerLogoData: Notes;
    homePageData: Notes;
  }
}

/** A team's rule for reading back a stored value: only strings survive. */
const restoreNotes = (stored: unknown): Notes | undefined =>
  typeof stored === 'object' && stored !== null && Array.isArray((stored as Notes).notes)
    ? { notes: (stored as Notes).notes.filter((note) => typeof note === 'string') }
    : undefined;

function storedSlice(key: string): unknown {
  const stored = JSON.parse(window.localStorage.getItem(STORED_STATE_KEY) ?? '{}') as Record<
    string,
    string | undefined
  >;
  const text = stored[key];
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('slice injection', () => {
  it('a slice injected after the store exists starts from its initial state and takes actions', () => {
    const store = makeStore();
    const slice = notesSlice('homeCourseData');
    const injected = injectSlice(slice, { restore: restoreNotes });
    expect(injected.selectors.selectNotes(store.getState())).toEqual([]);
    store.dispatch(slice.actions.noted('first'));
    expect(injected.selectors.selectNotes(store.getState())).toEqual(['first']);
  });

  it('a stored value whose team has not arrived yet is kept as it was, and written back unchanged', async () => {
    const stored = { notes: ['kept', 7], extra: { from: 'the team that wrote it' } };
    writeStoredState({ homePartnerData: stored, loginData: { loginData: false } });
    const store = makeStore({ persist: true });
    const persistor = await startPersistence(store);
    store.dispatch(userLoggedIn());
    await persistor.flush();
    expect(storedSlice('homePartnerData')).toEqual(stored);
    expect(storedSlice('loginData')).toEqual({ loginData: true });
  });

  it('a kept value is read back by its team’s rules when the team’s slice arrives', async () => {
    writeStoredState({ homeEventData: { notes: ['kept', 7] } });
    const store = makeStore({ persist: true });
    await startPersistence(store);
    const slice = notesSlice('homeEventData');
    const injected = injectSlice(slice, { restore: restoreNotes });
    expect(injected.selectors.selectNotes(store.getState())).toEqual(['kept']);
  });

  it('a kept value its team cannot read gives the slice its initial state', async () => {
    writeStoredState({ homeBannerData: 'garbage' });
    const store = makeStore({ persist: true });
    await startPersistence(store);
    const injected = injectSlice(notesSlice('homeBannerData'), { restore: restoreNotes });
    expect(injected.selectors.selectNotes(store.getState())).toEqual([]);
  });

  it('a slice injected before the stored state is read back gets it through its team’s rules', async () => {
    writeStoredState({ headerMenuData: { notes: ['menu', null] } });
    const store = makeStore({ persist: true });
    const injected = injectSlice(notesSlice('headerMenuData'), { restore: restoreNotes });
    await startPersistence(store);
    expect(injected.selectors.selectNotes(store.getState())).toEqual(['menu']);
  });

  it('a state stored by a newer build is read as far as this one can and never written over', async () => {
    const newer = { notes: ['from a newer build'], shape: 'unknown here' };
    writeStoredState(
      { headerLogoData: newer, loginData: { loginData: false } },
      PERSIST_VERSION + 1,
    );
    const store = makeStore({ persist: true });
    const slice = notesSlice('headerLogoData');
    const injected = injectSlice(slice, { restore: restoreNotes });
    const persistor = await startPersistence(store);
    expect(injected.selectors.selectNotes(store.getState())).toEqual(['from a newer build']);
    store.dispatch(slice.actions.noted('here'));
    store.dispatch(userLoggedIn());
    await persistor.flush();
    expect(storedSlice('headerLogoData')).toEqual(newer);
    expect(storedSlice('loginData')).toEqual({ loginData: false });
  });

  it('a state stored by the build before (version 2) is read back as it is', async () => {
    writeStoredState({ homePageData: { notes: ['home'] }, loginData: { loginData: true } }, 2);
    const store = makeStore({ persist: true });
    const injected = injectSlice(notesSlice('homePageData'), { restore: restoreNotes });
    await startPersistence(store);
    expect(injected.selectors.selectNotes(store.getState())).toEqual(['home']);
    expect(store.getState().loginData.loginData).toBe(true);
  });
});

describe('team middleware', () => {
  it('a middleware a team adds sees every action dispatched from then on, on its store only', () => {
    const store = makeStore();
    const other = makeStore();
    const seen: string[] = [];
    const watch: Middleware = () => (next) => (action) => {
      seen.push((action as { type: string }).type);
      return next(action);
    };
    addMiddleware(store, watch);
    store.dispatch(userLoggedIn());
    other.dispatch(userLoggedIn());
    expect(seen).toEqual([userLoggedIn.type]);
  });
});
