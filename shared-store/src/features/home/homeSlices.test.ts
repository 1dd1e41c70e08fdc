import { makeStore } from '../../store/makeStore';
import { homeCourseSlice, homePartnerSlice } from './homeSlices';
import { loginStateSet, selectIsLoggedIn, userLoggedIn, userLoggedOut } from '../login/loginSlice';
import {
  selectSubscriptions,
  subscriptionAdded,
  subscriptionsCleared,
} from '../subscription/subscriptionSlice';

const partner = { id: 1, name: 'BMJ', logo: { url: '/bmj.png' }, url: 'https://bmj.test' };

describe('home slices', () => {
  it('add, update by id and delete by id', () => {
    const store = makeStore();
    const { itemAdded, itemUpdated, itemDeleted, itemsReceived } = homePartnerSlice.actions;
    store.dispatch(itemAdded(partner));
    store.dispatch(itemAdded({ ...partner, id: 2, name: 'NHS' }));
    store.dispatch(itemUpdated({ id: 2, changes: { name: 'NHS England' } }));
    store.dispatch(itemUpdated({ id: 99, changes: { name: 'nobody' } }));
    expect(homePartnerSlice.selectors.selectItems(store.getState()).map((p) => p.name)).toEqual([
      'BMJ',
      'NHS England',
    ]);
    store.dispatch(itemDeleted(1));
    expect(homePartnerSlice.selectors.selectItems(store.getState())).toHaveLength(1);
    store.dispatch(itemsReceived([]));
    expect(homePartnerSlice.selectors.selectItems(store.getState())).toEqual([]);
  });

  it('each home slice is its own list', () => {
    const store = makeStore();
    store.dispatch(homePartnerSlice.actions.itemAdded(partner));
    expect(homeCourseSlice.selectors.selectItems(store.getState())).toEqual([]);
  });
});

describe('subscription list', () => {
  it('adds an entry only when the same slug and id is not present; can be emptied', () => {
    const store = makeStore();
    store.dispatch(subscriptionAdded({ slug: 'gold', id: 2 }));
    store.dispatch(subscriptionAdded({ slug: 'gold', id: 2 }));
    store.dispatch(subscriptionAdded({ slug: 'gold', id: 3 }));
    expect(selectSubscriptions(store.getState())).toEqual([
      { slug: 'gold', id: 2 },
      { slug: 'gold', id: 3 },
    ]);
    store.dispatch(subscriptionsCleared());
    expect(selectSubscriptions(store.getState())).toEqual([]);
  });
});

describe('login state', () => {
  it('is one boolean', () => {
    const store = makeStore();
    store.dispatch(userLoggedIn());
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    store.dispatch(userLoggedOut());
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    store.dispatch(loginStateSet(true));
    expect(store.getState().loginData).toEqual({ loginData: true });
  });
});
