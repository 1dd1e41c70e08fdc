import { makeStore } from 'shared-store/testing';
import { courseDeleted, itemAdded } from './cartSlice';
import { CART_LINES_COOKIE, keepLineCountCookie, reservedLinesOf } from './lineCount';
import { mockExam, plab1 } from '../testSupport';

/** A document that records every cookie written to it, served over `protocol`. */
function recordingDocument(protocol: string) {
  const written: string[] = [];
  const doc = {
    location: { protocol },
    set cookie(value: string) {
      written.push(value);
    },
  } as unknown as Document;
  return { doc, written };
}

describe('the cookie that tells the gateway how many lines the cart holds', () => {
  it('is written at start with the lines the cart holds, then at every change of their count only', () => {
    const store = makeStore();
    store.dispatch(itemAdded(plab1));
    const { doc, written } = recordingDocument('http:');
    const stop = keepLineCountCookie(store, doc);
    expect(written).toEqual([`${CART_LINES_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`]);
    store.dispatch(itemAdded(mockExam));
    // One more of a line already there: the count of lines is the same, nothing is written.
    store.dispatch(itemAdded({ ...plab1, quantity: 1 }));
    store.dispatch(courseDeleted({ id: plab1.id, month: plab1.month }));
    store.dispatch(courseDeleted({ id: mockExam.id, month: mockExam.month }));
    expect(written.map((cookie) => cookie.split(';')[0])).toEqual([
      'cart_lines=1',
      'cart_lines=2',
      'cart_lines=1',
      'cart_lines=0',
    ]);
    stop();
    store.dispatch(itemAdded(plab1));
    expect(written).toHaveLength(4);
  });

  it('is sent over HTTPS only on a page served over HTTPS', () => {
    const { doc, written } = recordingDocument('https:');
    keepLineCountCookie(makeStore(), doc);
    expect(written).toEqual([
      `${CART_LINES_COOKIE}=0; Path=/; Max-Age=31536000; SameSite=Lax; Secure`,
    ]);
  });

  it('is read by the server as a count of lines, at most six (a first screen’s worth); anything else is an empty cart', () => {
    expect(reservedLinesOf('2')).toBe(2);
    expect(reservedLinesOf('0')).toBe(0);
    expect(reservedLinesOf('40')).toBe(6);
    for (const sent of [undefined, '', '-1', '1e3', '2.5', ' 2', '0x2', '2;x', '1234', 'NaN']) {
      expect(reservedLinesOf(sent)).toBe(0);
    }
  });
});
