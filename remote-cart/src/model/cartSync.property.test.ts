import fc from 'fast-check';
import { createSafeStorage, makeStore, userLoggedIn } from 'shared-store/testing';
import { cartText, lineKey, parseSavedCart } from './cartLines';
import {
  cartCopyMerged,
  courseDeleted,
  itemUpdated,
  restoreCart,
  selectCart,
  selectCartLines,
} from './cartSlice';
import { createCartSync } from './cartSync';
import { fakeCartService, fakeSyncDeps, manualTimers } from './fakeCartService';

/** The lines the learners play with: two months of one course, an event, another course. */
const LINES = [
  { id: 1, slug: 'plab-1', month: '1 Month', price: 49.99, product_id: 11, variation_id: 111 },
  { id: 1, slug: 'plab-1', month: '3 Months', price: 129, product_id: 11, variation_id: 113 },
  { id: 'mock-day', slug: 'mock-day', month: '', price: 150, from: 'event', product_id: 21 },
  { id: 3, slug: 'msra', month: '6 Months', price: 199, product_id: 31, variation_id: 316 },
];

type Tab = 0 | 1;
type Op =
  | { kind: 'add'; tab: Tab; line: number; quantity: number }
  | { kind: 'decrease'; tab: Tab; line: number }
  | { kind: 'remove'; tab: Tab; line: number }
  | { kind: 'sync'; tab: Tab; fail: 'none' | 'load' | 'save' }
  | { kind: 'deliver'; tab: Tab };

const tab = fc.constantFrom<Tab>(0, 1);
const line = fc.integer({ min: 0, max: LINES.length - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    tab,
    line,
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('decrease' as const), tab, line }),
  fc.record({ kind: fc.constant('remove' as const), tab, line }),
  fc.record({
    kind: fc.constant('sync' as const),
    tab,
    fail: fc.constantFrom('none' as const, 'load' as const, 'save' as const),
  }),
  fc.record({ kind: fc.constant('deliver' as const), tab }),
);

/**
 * Two tabs of one learner (each its own store and cart sync, sharing the session's storage), the
 * learner's account behind a cart service that fails when told, and the storage events between
 * the tabs as queues of the stored cart's text, delivered when the schedule says.
 */
function world() {
  const storage = createSafeStorage(() => undefined);
  storage.setItem('token', 'jwt');
  storage.setItem('user_id', '3');
  const account = fakeCartService();
  const tabs = ([0, 1] as const).map(() => {
    const store = makeStore();
    store.dispatch(userLoggedIn());
    const sync = createCartSync(fakeSyncDeps(storage, account.service, manualTimers()));
    sync.attach(store);
    return { store, sync, inbox: [] as string[] };
  });
  /** Runs a change in a tab; what it stores reaches the other tab's inbox. */
  function inTab(index: Tab, change: () => void) {
    const { store } = tabs[index] ?? fail();
    const before = selectCart(store.getState());
    change();
    const after = selectCart(store.getState());
    if (after !== before) tabs[1 - index]?.inbox.push(JSON.stringify(after));
  }
  return { account, tabs, inTab };
}

function fail(): never {
  throw new Error('no such tab');
}

const lineOf = (index: number) => LINES[index] ?? fail();
const keyOf = (index: number) => lineKey(lineOf(index));

describe('cart sync between two tabs and the account', () => {
  it('any interleaving ends with one cart everywhere and no line lost that nobody removed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40 }), async (ops) => {
        const { account, tabs, inTab } = world();
        const added = new Set<string>();
        const removed = new Set<string>();
        const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

        async function run(step: Op) {
          const target = tabs[step.tab] ?? fail();
          const state = () => selectCart(target.store.getState());
          switch (step.kind) {
            case 'add': {
              added.add(keyOf(step.line));
              inTab(step.tab, () =>
                target.store.dispatch(
                  itemUpdated({ ...lineOf(step.line), quantity: step.quantity }),
                ),
              );
              return;
            }
            case 'decrease': {
              const key = keyOf(step.line);
              const current = state().cartData.find((l) => lineKey(l) === key);
              if (current?.quantity === 1) removed.add(key);
              inTab(step.tab, () =>
                target.store.dispatch(
                  itemUpdated({ ...lineOf(step.line), quantity: 1, type: 'decrease' }),
                ),
              );
              return;
            }
            case 'remove': {
              const key = keyOf(step.line);
              if (state().cartData.some((l) => lineKey(l) === key)) removed.add(key);
              const { id, month } = lineOf(step.line);
              inTab(step.tab, () => target.store.dispatch(courseDeleted({ id, month })));
              return;
            }
            case 'sync': {
              if (step.fail !== 'none') account.failNext[step.fail] = 1;
              const before = state();
              await target.sync.sync();
              if (state() !== before) tabs[1 - step.tab]?.inbox.push(JSON.stringify(state()));
              account.failNext.load = 0;
              account.failNext.save = 0;
              return;
            }
            case 'deliver': {
              const message = target.inbox.shift();
              const copy = message === undefined ? undefined : restoreCart(JSON.parse(message));
              if (copy) inTab(step.tab, () => target.store.dispatch(cartCopyMerged(copy)));
              return;
            }
          }
        }

        for (const step of ops) await run(step);
        // Then the network holds and every message arrives.
        for (let round = 0; round < 3; round += 1) {
          for (const index of [0, 1] as const) {
            while ((tabs[index]?.inbox.length ?? 0) > 0) await run({ kind: 'deliver', tab: index });
          }
          await run({ kind: 'sync', tab: 0, fail: 'none' });
          await run({ kind: 'sync', tab: 1, fail: 'none' });
        }
        for (const index of [0, 1] as const) {
          while ((tabs[index]?.inbox.length ?? 0) > 0) await run({ kind: 'deliver', tab: index });
        }
        warn.mockRestore();

        const saved = parseSavedCart(account.account.data);
        const server = saved.kind === 'cart' ? saved.cart : { lines: [], removed: [] };
        const [first, second] = tabs.map((t) => selectCartLines(t.store.getState()));
        if (!first || !second) fail();
        expect(cartText(first)).toBe(cartText(second));
        expect(cartText(first)).toBe(cartText(server));
        const live = new Set(first.lines.map(lineKey));
        for (const key of added) {
          if (!removed.has(key)) expect(live).toContain(key);
        }
        // Totals follow the lines in both tabs.
        for (const t of tabs) {
          const cart = selectCart(t.store.getState());
          expect(cart.totalQuantity).toBe(cart.cartData.reduce((sum, l) => sum + l.quantity, 0));
        }
      }),
      { numRuns: 300 },
    );
  });
});
