import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { STORAGE_KEYS, safeStorage, type AppStore, type RootState } from 'shared-store';
import {
  makeStore,
  mockFetch,
  recordAnalytics,
  renderWithProviders,
  type AnalyticsRecording,
  userLoggedIn,
  type MockAnswer,
} from 'shared-store/testing';
import { cartModel } from './model/cartModel';
import { couponApplied, itemAdded, orderPlaced, selectCartItems } from './model/cartSlice';
import { checkPendingOrder } from './model/orderSettlement';
import OrderReceivedPage from './OrderReceivedPage';
import { MOCK_EXAM_ITEM, PLAB_1_ITEM, jsonBody, mockExam, plab1 } from './testSupport';

const ORDER_ID = 501;
const ORDER_URL = `/api/shop/orders/${String(ORDER_ID)}`;
const TRACKING_URL = `${ORDER_URL}/tracking`;

/** PLAB 1 x3 and a mock day with WELCOME10 off, checked out as order 501: the cart waits on it. */
function cartWaitingOnPayment(loggedIn = false): RootState {
  const store = makeStore();
  if (loggedIn) store.dispatch(userLoggedIn());
  store.dispatch(itemAdded(plab1));
  store.dispatch(itemAdded(mockExam));
  store.dispatch(couponApplied({ amount: '10.00', couponName: 'WELCOME10' }));
  store.dispatch(
    orderPlaced({
      order: {
        id: ORDER_ID,
        status: 'pending',
        total: '199.97',
        currency: 'GBP',
        payment_url: `http://localhost/checkout/order-pay/501/?key=wc_order_abc`,
      },
      lines: selectCartItems(store.getState()),
    }),
  );
  return store.getState();
}

const PURCHASE = {
  event: 'purchase',
  ecommerce: {
    transaction_id: '501',
    currency: 'GBP',
    value: 199.97,
    coupon: 'WELCOME10',
    items: [PLAB_1_ITEM, MOCK_EXAM_ITEM],
  },
};

/**
 * The shop as the order-received page and the reports reach it: the order, paid; and the
 * gateway's rule for reports, the first of an order taken (201), every later one not (200).
 */
function paidShop(report: () => MockAnswer = firstReportTaken()) {
  const reports: { body: unknown; authorization: string | null }[] = [];
  const { calls } = mockFetch({
    [TRACKING_URL]: ({ init }) => {
      reports.push({ body: jsonBody(init), authorization: init.headers.get('Authorization') });
      return report();
    },
    [ORDER_URL]: () => ({
      body: {
        id: ORDER_ID,
        status: 'processing',
        total: '199.97',
        currency: 'GBP',
        date_created: '2026-11-23T10:00:00',
        line_items: [{ name: 'PLAB 1 - 3 Months', quantity: 3, total: '59.97' }],
      },
    }),
  });
  return { reports, calls };
}

function firstReportTaken() {
  let taken = false;
  return (): MockAnswer => {
    const first = !taken;
    taken = true;
    return first ? { status: 201, body: { reported: true } } : { body: { reported: false } };
  };
}

const recordings: AnalyticsRecording[] = [];

/** The purchases analytics is told of from now on. */
function purchasesTold(): () => unknown[] {
  const recording = recordAnalytics();
  recordings.push(recording);
  return () => recording.named('purchase');
}

/** The order-received page in a tab whose stored state is `state`, the cart connected to it. */
function orderReceivedTab(state: RootState) {
  return renderWithProviders(
    <Routes>
      <Route path="/checkout/order-received/:id" element={<OrderReceivedPage />} />
    </Routes>,
    {
      route: `/checkout/order-received/${String(ORDER_ID)}/?key=wc_order_abc`,
      preloadedState: state,
      prepare: (store: AppStore) => {
        cartModel.connect(store);
      },
    },
  );
}

/** Lets the answers already out be read: their callbacks run before the next task. */
function answered(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

beforeEach(() => {
  safeStorage.setItem(STORAGE_KEYS.mcCid, '2f1a9c7e44');
  safeStorage.setItem(STORAGE_KEYS.mcEid, 'b61d0e5f3a');
});

afterEach(() => {
  for (const recording of recordings.splice(0)) recording.stop();
  safeStorage.removeItem(STORAGE_KEYS.mcCid);
  safeStorage.removeItem(STORAGE_KEYS.mcEid);
  safeStorage.removeItem(STORAGE_KEYS.token);
});

describe('a paid order: its tracking and its purchase, once', () => {
  it('the order-received page reports the paid order with the campaign ids; the first report is the purchase, as the order was placed', async () => {
    const { reports } = paidShop();
    const told = purchasesTold();
    orderReceivedTab(cartWaitingOnPayment());
    await screen.findByRole('heading', { level: 1, name: 'Order received' });
    await waitFor(() => {
      expect(told()).toEqual([PURCHASE]);
    });
    expect(reports).toEqual([
      { body: { mc_cid: '2f1a9c7e44', mc_eid: 'b61d0e5f3a' }, authorization: null },
    ]);
  });

  it('a reload of the page (the order settled and stored) reports nothing and tells no purchase again', async () => {
    const { reports } = paidShop();
    const told = purchasesTold();
    const first = orderReceivedTab(cartWaitingOnPayment());
    await waitFor(() => {
      expect(told()).toHaveLength(1);
    });
    const stored = first.store.getState();
    first.unmount();

    const { calls } = paidShop();
    orderReceivedTab(stored);
    await screen.findByRole('heading', { level: 1, name: 'Order received' });
    await answered();
    // The read only: the confirmation link's key goes with it, and no report follows.
    expect(calls).toEqual([`${ORDER_URL}?key=wc_order_abc`]);
    expect(told()).toHaveLength(1);
    expect(reports).toHaveLength(1);
  });

  it('a second tab learning of the same payment is told by the shop it was not the first: one purchase in all', async () => {
    const { reports } = paidShop();
    const told = purchasesTold();
    const waiting = cartWaitingOnPayment();
    orderReceivedTab(waiting);
    // The other tab, on another page, learns of the payment as the cart starts there.
    const otherTab = makeStore({ preloadedState: waiting });
    cartModel.connect(otherTab);
    checkPendingOrder(otherTab);
    await waitFor(() => {
      expect(reports).toHaveLength(2);
    });
    await answered();
    expect(told()).toEqual([PURCHASE]);
  });

  it('a report that fails is only logged: no purchase is told, and the page thanks the learner', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { reports } = paidShop(() => ({
      status: 503,
      body: { code: 'tracking_unavailable', message: 'The order could not be reported just now.' },
    }));
    const told = purchasesTold();
    orderReceivedTab(cartWaitingOnPayment());
    expect(await screen.findByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();
    await waitFor(() => {
      expect(warn).toHaveBeenCalledWith(
        'Could not report the payment of order 501:',
        expect.anything(),
      );
    });
    expect(reports).toHaveLength(1);
    expect(told()).toEqual([]);
    warn.mockRestore();
  });

  it('a logged-in learner’s report carries their token (the shop knows the order as theirs)', async () => {
    safeStorage.setItem(STORAGE_KEYS.token, 'jwt-learner');
    const { reports } = paidShop();
    const store = makeStore({ preloadedState: cartWaitingOnPayment(true) });
    cartModel.connect(store);
    checkPendingOrder(store);
    await waitFor(() => {
      expect(reports).toHaveLength(1);
    });
    expect(reports[0]?.authorization).toBe('Bearer jwt-learner');
  });

  it('campaign ids the visitor never came with are sent as ""', async () => {
    safeStorage.removeItem(STORAGE_KEYS.mcCid);
    safeStorage.removeItem(STORAGE_KEYS.mcEid);
    const { reports } = paidShop();
    orderReceivedTab(cartWaitingOnPayment());
    await waitFor(() => {
      expect(reports).toEqual([{ body: { mc_cid: '', mc_eid: '' }, authorization: null }]);
    });
  });
});
