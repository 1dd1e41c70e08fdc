import { useState } from 'react';
import { STORAGE_KEYS, safeStorage, selectIsLoggedIn, useAppSelector, useRead } from 'shared-store';
import { selectPendingOrderId } from './model/cartSlice';
import { cartReads } from './model/shop';
import { type PendingOrder } from './data/orders';

export interface PendingOrdersState {
  /** The unpaid orders holding the shopper's points or places, newest first. */
  orders: readonly PendingOrder[];
  /** Reads them again (after one was cancelled). */
  refresh: () => void;
}

const NONE: readonly PendingOrder[] = [];

/**
 * The shopper's unpaid orders that hold their reward points or places, asked as the cart opens
 * when a learner is logged in (their orders), or when this cart placed an order it has not seen
 * paid (this browser's): an order placed on this page goes to its payment page at once. A read
 * that fails shows none.
 */
export function usePendingOrders(): PendingOrdersState {
  const [token] = useState(() => safeStorage.getItem(STORAGE_KEYS.token));
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const placedHere = useAppSelector(selectPendingOrderId) !== null;
  const [asked] = useState(isLoggedIn || placedHere);
  const answer = useRead(cartReads.pendingOrders, asked ? { token: token || null } : null);
  if (answer.status !== 'ready') return { orders: NONE, refresh: () => undefined };
  return { orders: answer.data, refresh: answer.retry };
}

/** The reward points the orders hold between them. */
export function heldPoints(orders: readonly PendingOrder[]): number {
  return orders.reduce((sum, order) => sum + Math.max(0, order.reward?.points ?? 0), 0);
}
