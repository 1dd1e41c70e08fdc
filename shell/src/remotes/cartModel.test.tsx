import { act, screen } from '@testing-library/react';
import { mountApp, type AppStore, type CartModel } from 'shared-store';
import {
  GOLD_3_MONTHS,
  cartModelStandIn,
  makeStore,
  mockFetch,
  pendingAnswer,
  userLoggedIn,
} from 'shared-store/testing';
import { App } from '../App';
import { loadCartModel, withCartModel, withinMs } from './cartModel';
import { STORED_STATE_KEY } from 'shared-store/testing';

/** The remote modules a test's remotes expose, by id (cart/model); every other one is down. */
const mockRemoteModules = new Map<string, unknown>();

// The cart's remote is down (its model and its pages), and so is the header's: the shell's own
// stand-in header shows the badge. Every other remote module shows its id. A module a test
// exposes loads when it is what the loader asks for, as federation's loadRemoteModule checks.
jest.mock('./federation', () => ({
  loadRemoteComponent: (id: string) =>
    id.startsWith('cart/') || id.startsWith('header/')
      ? Promise.reject(new Error(`Remote "${id.split('/')[0] ?? ''}" is down.`))
      : Promise.resolve({ default: () => <p>{id}</p> }),
  loadRemoteModule: (id: string, isModule: (module: unknown) => boolean) => {
    const module = mockRemoteModules.get(id);
    if (module === undefined)
      return Promise.reject(new Error(`Remote module "${id}" did not load.`));
    return isModule(module)
      ? Promise.resolve(module)
      : Promise.reject(new Error(`Remote module "${id}" is not what was asked for.`));
  },
}));

/** A learner's cart as the build before this one stored it: three items. */
const STORED_CART = JSON.stringify({
  cartData: [
    { id: 2103, slug: 'plab-1-online-course', month: '3 Months', quantity: 3, price: 19.99 },
  ],
  totalQuantity: 3,
  totalAmount: 59.97,
  couponName: '',
  revision: 1,
});

function storeCart(): void {
  window.localStorage.setItem(
    STORED_STATE_KEY,
    JSON.stringify({
      cartData: STORED_CART,
      loginData: JSON.stringify({ loginData: false }),
      _persist: JSON.stringify({ version: 2, rehydrated: true }),
    }),
  );
}

function storedCartText(): string | undefined {
  const stored = JSON.parse(window.localStorage.getItem(STORED_STATE_KEY) ?? '{}') as Record<
    string,
    string | undefined
  >;
  return stored.cartData;
}

/** Mounts the shell's app as its bootstrap does, at `path`, with the cart's model `model`. */
async function mountShell(path: string, model: Promise<CartModel>, waitMs?: number) {
  window.history.pushState(null, '', path);
  const root = document.createElement('div');
  document.body.append(root);
  let store: AppStore | undefined;
  await act(async () => {
    store = await mountApp(root, () => <App />, withCartModel(model, waitMs));
  });
  if (!store) throw new Error('not mounted');
  return store;
}

let consoleError: jest.SpyInstance;

beforeEach(() => {
  window.localStorage.clear();
  mockFetch({ '/': pendingAnswer });
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  consoleError.mockRestore();
  document.body.innerHTML = '';
  mockRemoteModules.clear();
});

describe('the cart’s remote down', () => {
  it('the page renders; the badge counts the stored cart; the cart page says it is unavailable, what the cart still holds, and offers to try again; the saved cart stays as it was', async () => {
    storeCart();
    const store = await mountShell('/cart', loadCartModel('cart/model'));
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toHaveTextContent(
      'Cart (3)',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This part of the site is temporarily unavailable. Please try again in a moment.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your cart still holds 3 items: nothing is lost.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalledWith(
      'The cart could not load: the page shows without it.',
      expect.any(Error),
    );
    // The page lives on, and writes its state: the cart's is written back as it was stored.
    act(() => {
      store.dispatch(userLoggedIn());
    });
    window.dispatchEvent(new Event('pagehide'));
    expect(storedCartText()).toBe(STORED_CART);
  });
});

// In this order: a model, once provided, is the page's (as it is for a page).
describe('the cart’s model', () => {
  it('late: the page shows without it, and it joins when it arrives', async () => {
    storeCart();
    let arrive: (model: CartModel) => void = () => undefined;
    const late = new Promise<CartModel>((resolve) => {
      arrive = resolve;
    });
    const calls: string[] = [];
    await mountShell('/', late, 0);
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    await act(async () => {
      arrive({
        ...cartModelStandIn(5).model,
        connect: () => calls.push('connect'),
        start: () => calls.push('start'),
      });
      await late;
    });
    expect(calls).toEqual(['connect', 'start']);
    expect(screen.getByRole('link', { name: 'Cart, 5 items' })).toBeVisible();
  });

  it('in time: connected and provided before the first render (the badge is its count), started once the stored state is back', async () => {
    const standIn = cartModelStandIn(4);
    const calls: string[] = [];
    const rendered = () => (document.querySelector('main') ? ' (rendered)' : '');
    const model: CartModel = {
      ...standIn.model,
      connect: () => calls.push(`connect${rendered()}`),
      start: () => calls.push(`start${rendered()}`),
    };
    await mountShell('/', Promise.resolve(model));
    expect(calls).toEqual(['connect', 'start']);
    expect(await screen.findByRole('link', { name: 'Cart, 4 items' })).toBeVisible();
  });
});

describe('the cart’s model as its release exposes it', () => {
  const PLAB_1 = {
    id: 2103,
    slug: 'plab-1-online-course',
    month: '3 Months',
    price: 19.99,
    title: 'PLAB 1',
  };
  const atLimit = { adds: false, message: 'PLAB 1 is already in your cart.' };

  it('a release from before addOutcome loads, and answers every add as the plain add that release made of it', async () => {
    const released: Record<string, unknown> = { ...cartModelStandIn(2, atLimit).model };
    Reflect.deleteProperty(released, 'addOutcome');
    mockRemoteModules.set('cart/model', { default: released });
    const model = await loadCartModel('cart/model');
    const state = makeStore().getState();
    expect(model.addOutcome(state, model.lineAdded(PLAB_1))).toEqual({ adds: true });
    expect(model.addOutcome(state, model.packageChosen(GOLD_3_MONTHS))).toEqual({ adds: true });
    // The rest is the release's own.
    expect(model.selectTotalQuantity(state)).toBe(2);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a release with addOutcome is asked its own', async () => {
    mockRemoteModules.set('cart/model', { default: cartModelStandIn(2, atLimit).model });
    const model = await loadCartModel('cart/model');
    expect(model.addOutcome(makeStore().getState(), model.lineAdded(PLAB_1))).toEqual(atLimit);
  });

  it('an addOutcome that is no function is no cart model: it is not loaded, and the console says the page shows without it', async () => {
    mockRemoteModules.set('cart/model', {
      default: { ...cartModelStandIn(2).model, addOutcome: { adds: true } },
    });
    await expect(loadCartModel('cart/model')).rejects.toThrow('is not what was asked for');
    expect(consoleError).toHaveBeenCalledWith(
      'The cart could not load: the page shows without it.',
      expect.any(Error),
    );
  });
});

describe('waiting at most so long', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  /** Whether `promise` has settled after the microtasks queued so far. */
  async function settled(promise: Promise<unknown>): Promise<boolean> {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await jest.advanceTimersByTimeAsync(0);
    return done;
  }

  it('ends when the task is done, before the time is up', async () => {
    let finish: () => void = () => undefined;
    const task = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const wait = withinMs(3000, task);
    await jest.advanceTimersByTimeAsync(100);
    expect(await settled(wait)).toBe(false);
    finish();
    expect(await settled(wait)).toBe(true);
  });

  it('a task that fails ends the wait too, without failing it', async () => {
    await expect(withinMs(3000, Promise.reject(new Error('the remote is down')))).resolves.toBe(
      undefined,
    );
  });

  it('a task that never ends: the wait ends when the time is up, not before', async () => {
    const wait = withinMs(3000, new Promise(() => undefined));
    await jest.advanceTimersByTimeAsync(2999);
    expect(await settled(wait)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await settled(wait)).toBe(true);
  });
});
