import {
  MAX_REMOVED_LINES,
  cartText,
  lineKey,
  loginMerge,
  mergeLines,
  parseSavedCart,
  readLines,
  savedCartText,
  stampChanges,
  type CartItem,
  type CartLines,
  type RemovedLine,
} from './cartLines';

/** A course line (id 1, one month) with what the test changes. */
const line = (over: Partial<CartItem> = {}): CartItem => ({
  id: 1,
  slug: 'plab-1',
  month: '1 Month',
  quantity: 1,
  price: 49.99,
  ...over,
});

const removal = (over: Partial<RemovedLine> = {}): RemovedLine => ({
  id: 1,
  month: '1 Month',
  rev: 1,
  ...over,
});

const cart = (lines: CartItem[], removed: RemovedLine[] = []): CartLines => ({ lines, removed });
const EMPTY = cart([]);

/** A deep copy, so a function that mutates its input cannot change the test's data. */
const copy = (value: CartLines) => JSON.parse(JSON.stringify(value)) as CartLines;

/** The lines of a cart as [id, month, quantity]. */
const summary = (value: CartLines) => value.lines.map((l) => [l.id, l.month, l.quantity]);

describe('mergeLines', () => {
  // Two copies that disagree in every way a merge has to settle.
  const a = cart(
    [
      line({ quantity: 1, rev: 2, at: 1 }),
      line({ id: 2, slug: 'msra', rev: 3, at: 3 }),
      line({ id: 5, slug: 'tie', quantity: 1, rev: 4, at: 4 }),
    ],
    [removal({ id: 3, month: '6 Months', rev: 4 })],
  );
  const b = cart(
    [
      line({ quantity: 3, rev: 5, at: 1 }),
      line({ id: 3, slug: 'mrcgp', month: '6 Months', rev: 2, at: 2 }),
      line({ id: 4, slug: 'ukmla', rev: 1, at: 1 }),
      line({ id: 5, slug: 'tie', quantity: 2, rev: 4, at: 4 }),
    ],
    [removal({ id: 2, rev: 1 })],
  );

  it('is commutative: either order gives the same cart', () => {
    expect(mergeLines(copy(a), copy(b))).toEqual(mergeLines(copy(b), copy(a)));
    expect(cartText(mergeLines(a, b))).toBe(cartText(mergeLines(b, a)));
  });

  it('is idempotent: merging a copy with itself, or with what it already took in, changes nothing', () => {
    const merged = mergeLines(a, b);
    expect(mergeLines(a, a)).toEqual(mergeLines(a, EMPTY));
    expect(mergeLines(merged, merged)).toEqual(merged);
    expect(mergeLines(merged, a)).toEqual(merged);
    expect(mergeLines(b, merged)).toEqual(merged);
  });

  it('settles every disagreement line by line', () => {
    const merged = mergeLines(a, b);
    // In the order the lines were added, then by key.
    expect(summary(merged)).toEqual([
      [1, '1 Month', 3],
      [4, '1 Month', 1],
      [2, '1 Month', 1],
      [5, '1 Month', 2],
    ]);
    expect(merged.removed).toEqual([removal({ id: 3, month: '6 Months', rev: 4 })]);
  });

  it('a later stamp wins, whichever copy it is in', () => {
    const older = cart([line({ quantity: 4, rev: 3, at: 1 })]);
    const newer = cart([line({ quantity: 2, rev: 7, at: 1 })]);
    expect(summary(mergeLines(older, newer))).toEqual([[1, '1 Month', 2]]);
    expect(summary(mergeLines(newer, older))).toEqual([[1, '1 Month', 2]]);
  });

  it('a removal beats an older line', () => {
    const merged = mergeLines(cart([line({ rev: 3, at: 1 })]), cart([], [removal({ rev: 4 })]));
    expect(merged.lines).toEqual([]);
    expect(merged.removed).toEqual([removal({ rev: 4 })]);
  });

  it('a removal loses to a newer line, and is forgotten', () => {
    const merged = mergeLines(cart([], [removal({ rev: 4 })]), cart([line({ rev: 5, at: 5 })]));
    expect(summary(merged)).toEqual([[1, '1 Month', 1]]);
    expect(merged.removed).toEqual([]);
  });

  it('a copy that never had a line cannot erase it', () => {
    const merged = mergeLines(cart([line({ rev: 2, at: 2 })]), cart([line({ id: 9, rev: 8 })]));
    expect(summary(merged)).toContainEqual([1, '1 Month', 1]);
  });

  it('a line written before stamps existed loses to any stamped change', () => {
    const merged = mergeLines(cart([line({ quantity: 5 })]), cart([], [removal({ rev: 1 })]));
    expect(merged.lines).toEqual([]);
  });

  it('events match by id alone; other lines by id and month', () => {
    const event = (month: string, rev: number): CartItem =>
      line({ id: 9, slug: 'mock-day', month, from: 'event', rev, at: rev });
    expect(lineKey(event('', 1))).toBe(lineKey(event('anything', 1)));
    expect(lineKey(line())).not.toBe(lineKey(line({ month: '3 Months' })));
    // Text and number ids are different lines.
    expect(lineKey(line({ id: '1' }))).not.toBe(lineKey(line()));

    const events = mergeLines(cart([event('', 1)]), cart([event('Saturday', 2)]));
    expect(summary(events)).toEqual([[9, 'Saturday', 1]]);
    const courses = mergeLines(cart([line({ rev: 1 })]), cart([line({ month: '3 Months' })]));
    expect(courses.lines).toHaveLength(2);
  });

  it(`remembers at most ${String(MAX_REMOVED_LINES)} removals, the newest`, () => {
    const many = (from: number) =>
      Array.from({ length: 150 }, (_, i) => removal({ id: from + i, rev: from + i }));
    const merged = mergeLines(cart([], many(1)), cart([], many(151)));
    expect(merged.removed).toHaveLength(MAX_REMOVED_LINES);
    expect(merged.removed[0]?.rev).toBe(300);
    expect(Math.min(...merged.removed.map((r) => r.rev))).toBe(101);
  });
});

describe('stampChanges', () => {
  const before = cart(
    [line({ rev: 2, at: 1 }), line({ id: 2, slug: 'msra', rev: 3, at: 3 })],
    [removal({ id: 7, rev: 1 })],
  );

  it('stamps only what changed; a quantity change keeps the place (`at`) of the line', () => {
    const after = copy(before);
    const changed = after.lines[1];
    if (!changed) throw new Error('no second line');
    changed.quantity = 2;
    after.lines.push(line({ id: 3, slug: 'mrcgp' }));
    expect(stampChanges(before, after, 5)).toBe(true);
    expect(after.lines.map((l) => [l.id, l.quantity, l.rev, l.at])).toEqual([
      [1, 1, 2, 1],
      [2, 2, 5, 3],
      [3, 1, 5, 5],
    ]);
  });

  it('an unchanged line keeps the stamps it had, whatever the new copy says', () => {
    const after = cart([line({ rev: 9, at: 9 }), line({ id: 2, slug: 'msra', rev: 3, at: 3 })]);
    after.removed.push(removal({ id: 7, rev: 1 }));
    expect(stampChanges(before, after, 5)).toBe(false);
    expect(after).toEqual(before);
    const unstamped = cart([line()]);
    const same = cart([line({ rev: 4, at: 4 })]);
    expect(stampChanges(unstamped, same, 5)).toBe(false);
    expect(same.lines).toEqual([line()]);
  });

  it('a line that leaves records a removal at the stamp', () => {
    const event = line({ id: 9, slug: 'mock-day', month: '', from: 'event', rev: 1, at: 1 });
    const withEvent = cart([...copy(before).lines, event], [removal({ id: 7, rev: 1 })]);
    const after = cart([line({ rev: 2, at: 1 })], [removal({ id: 7, rev: 1 })]);
    expect(stampChanges(withEvent, after, 6)).toBe(true);
    expect(after.removed).toEqual([
      { id: 9, month: '', from: 'event', rev: 6 },
      { id: 2, month: '1 Month', rev: 6 },
      removal({ id: 7, rev: 1 }),
    ]);
  });

  it('a line that comes back forgets its removal', () => {
    const gone = cart([], [removal({ rev: 4 })]);
    const back = cart([line()], [removal({ rev: 4 })]);
    expect(stampChanges(gone, back, 5)).toBe(true);
    expect(back.removed).toEqual([]);
    expect(back.lines).toEqual([line({ rev: 5, at: 5 })]);
    // And so it wins over a copy that still holds the removal.
    expect(summary(mergeLines(back, gone))).toEqual([[1, '1 Month', 1]]);
  });

  it(`keeps the newest ${String(MAX_REMOVED_LINES)} removals`, () => {
    const old = Array.from({ length: MAX_REMOVED_LINES }, (_, i) =>
      removal({ id: 1000 + i, rev: i + 1 }),
    );
    const full = cart([line({ rev: 200, at: 1 })], old);
    const after = cart([], [...old]);
    stampChanges(full, after, 201);
    expect(after.removed).toHaveLength(MAX_REMOVED_LINES);
    expect(after.removed[0]).toEqual(removal({ rev: 201 }));
    expect(after.removed.some((r) => r.rev === 1)).toBe(false);
    expect(after.removed.some((r) => r.rev === 2)).toBe(true);
  });
});

describe('loginMerge', () => {
  it('the same line keeps the larger quantity, from either side', () => {
    const device = cart([
      line({ quantity: 1, rev: 3, at: 1 }),
      line({ id: 2, quantity: 4, rev: 1 }),
    ]);
    const server = cart([
      line({ quantity: 3, rev: 1, at: 1 }),
      line({ id: 2, quantity: 2, rev: 5 }),
    ]);
    const merged = loginMerge(device, server, 3);
    expect(summary(merged)).toEqual([
      [1, '1 Month', 3],
      [2, '1 Month', 4],
    ]);
  });

  it("a line that differs from the server's is stamped above everything either side has seen", () => {
    const device = cart([line({ id: 2, quantity: 4, rev: 1, at: 1 })]);
    const server = cart([line({ id: 2, quantity: 2, rev: 5, at: 2 })]);
    const [merged] = loginMerge(device, server, 3).lines;
    expect(merged).toMatchObject({ quantity: 4, rev: 6, at: 2 });
    // So it wins the next merge with the server.
    expect(summary(mergeLines(server, loginMerge(device, server, 3)))).toEqual([[2, '1 Month', 4]]);
    expect(loginMerge(device, server, 40).lines[0]?.rev).toBe(41);
  });

  it("leaves a line equal to the server's as the server has it, not stamped anew", () => {
    const device = cart([line({ rev: 8, at: 8 })]);
    const server = cart([line({ rev: 2, at: 2 })]);
    const merged = loginMerge(device, server, 8);
    expect(merged.lines).toEqual([line({ rev: 2, at: 2 })]);
    expect(cartText(merged)).toBe(cartText(server));
  });

  it('keeps a line even when the other side removed it, and the line then wins', () => {
    const device = cart([line({ id: 2, rev: 2, at: 2 })], [removal({ id: 3, rev: 7 })]);
    const server = cart([line({ id: 3, rev: 1, at: 1 })], [removal({ id: 2, rev: 9 })]);
    const merged = loginMerge(device, server, 7);
    expect(summary(merged)).toEqual([
      [3, '1 Month', 1],
      [2, '1 Month', 1],
    ]);
    expect(merged.removed).toEqual([]);
    expect(summary(mergeLines(merged, server))).toEqual(summary(merged));
  });

  it('keeps the removals of lines neither side has', () => {
    const device = cart([], [removal({ id: 4, rev: 3 })]);
    const server = cart([line({ rev: 1, at: 1 })], [removal({ id: 5, rev: 2 })]);
    expect(loginMerge(device, server, 3).removed).toEqual([
      removal({ id: 4, rev: 3 }),
      removal({ id: 5, rev: 2 }),
    ]);
  });
});

describe('parseSavedCart', () => {
  it.each([null, undefined, ''])('%p is an empty cart', (data) => {
    expect(parseSavedCart(data)).toEqual({ kind: 'cart', cart: EMPTY, dropped: 0 });
  });

  it.each([
    ['{not json', 'The saved cart is not JSON.'],
    ['{"lines":[]}', 'The saved cart is not a list.'],
    ['42', 'The saved cart is not a list.'],
    ['null', 'The saved cart is not a list.'],
    ['{"format":1}', 'The saved cart is not a list.'],
    ['{"format":"9"}', 'The saved cart is not a list.'],
  ])('%s is malformed: %s', (data, reason) => {
    expect(parseSavedCart(data)).toEqual({ kind: 'malformed', reason });
  });

  it.each([[42], [{ data: [] }], [[line()]]])('%p (not text) is malformed', (data) => {
    expect(parseSavedCart(data)).toEqual({
      kind: 'malformed',
      reason: 'The saved cart is not text.',
    });
  });

  it('an object naming a higher format is a newer build’s cart', () => {
    expect(parseSavedCart('{"format":2}')).toEqual({ kind: 'newer', format: 2 });
    expect(parseSavedCart('{"format":7,"lines":[]}')).toEqual({ kind: 'newer', format: 7 });
  });

  it("a list with hostile lines keeps only what the cart's rules allow, and counts the rest", () => {
    const saved = parseSavedCart(
      JSON.stringify([
        { id: 1, slug: 'a', month: '1 Month', quantity: 1, price: 1e12, rev: 3, at: 1 },
        { id: 2, slug: 'b', month: '1 Month', quantity: -5, price: 10 },
        { id: { $gt: '' }, slug: 'c', month: '', quantity: 1, price: 10 },
        { id: 'x'.repeat(10_000), slug: 'd', month: '', quantity: 1, price: 10 },
        { id: '', slug: 'e', month: '', quantity: 1, price: 10 },
        { id: 3, slug: 'f', month: '3 Months', quantity: 5000, price: -4, tier: 'platinum' },
        { id: 4, month: '6 Months', quantity: 0, removed: true, rev: 6 },
        { id: 5, slug: 'g', month: '', quantity: 'lots', price: 10 },
        { id: 6, slug: 'h', month: 7, title: 'y'.repeat(600), quantity: 1, from: 'other' },
        'junk',
        null,
        [1, 2],
        { id: 7, slug: 'i', month: '', quantity: 1, price: 5, rev: 2 ** 60, product_id: -3 },
      ]),
    );
    if (saved.kind !== 'cart') throw new Error(`read as ${saved.kind}`);
    expect(saved.dropped).toBe(8);
    expect(saved.cart.lines).toEqual([
      { id: 3, slug: 'f', month: '3 Months', quantity: 999, price: 0 },
      { id: 6, slug: 'h', month: '', title: 'y'.repeat(500), quantity: 1, price: 0 },
      { id: 7, slug: 'i', month: '', quantity: 1, price: 5 },
      { id: 1, slug: 'a', month: '1 Month', quantity: 1, price: 1_000_000, rev: 3, at: 1 },
    ]);
    expect(saved.cart.removed).toEqual([{ id: 4, month: '6 Months', rev: 6 }]);
  });

  it('two entries for one line keep the later one', () => {
    const { lines, dropped } = readLines([
      line({ quantity: 2, rev: 4 }),
      line({ quantity: 3, rev: 2 }),
      { ...removal({ rev: 3 }), removed: true },
    ]);
    expect(dropped).toBe(0);
    expect(lines).toEqual([line({ quantity: 2, rev: 4 })]);
  });
});

describe('savedCartText', () => {
  it('round-trips through parseSavedCart, removals included', () => {
    const original = mergeLines(
      cart(
        [
          line({ quantity: 2, rev: 3, at: 1, product_id: 11, variation_id: 111, title: 'PLAB 1' }),
          line({ id: 'mock-day', slug: 'mock-day', month: '', from: 'event', rev: 4, at: 4 }),
          line({ id: 20, slug: 'subscription', month: '6 Months', tier: 'gold', rev: 5, at: 5 }),
        ],
        [
          removal({ id: 2, rev: 6 }),
          removal({ id: 'mock-night', month: '', from: 'event', rev: 2 }),
        ],
      ),
      EMPTY,
    );
    const text = savedCartText(original);
    expect(parseSavedCart(text)).toEqual({ kind: 'cart', cart: original, dropped: 0 });
    expect(JSON.parse(text)).toContainEqual({
      ...removal({ id: 2, rev: 6 }),
      quantity: 0,
      removed: true,
    });
  });

  it('an empty cart is an empty list', () => {
    expect(savedCartText(EMPTY)).toBe('[]');
    expect(parseSavedCart(savedCartText(EMPTY))).toEqual({ kind: 'cart', cart: EMPTY, dropped: 0 });
  });
});

describe('a line’s image', () => {
  const IMAGE = 'https://wp.example/uploads/plab-1.jpg';

  it('is kept through the saved cart’s text; a line saved without one (an older cart) still reads', () => {
    const saved = savedCartText(cart([line({ image: IMAGE }), line({ id: 2, slug: 'msra' })]));
    const read = parseSavedCart(saved);
    expect(read.kind === 'cart' && read.cart.lines.map((l) => l.image)).toEqual([IMAGE, undefined]);
  });

  it('anything but text is dropped', () => {
    const { lines } = readLines([{ ...line(), image: { src: IMAGE } }]);
    expect(lines[0]?.image).toBeUndefined();
  });

  it('is part of what a line says: two copies differing only in it merge the same either way', () => {
    const withImage = cart([line({ image: IMAGE, rev: 2, at: 1 })]);
    const without = cart([line({ rev: 2, at: 1 })]);
    expect(mergeLines(withImage, without)).toEqual(mergeLines(without, withImage));
  });
});
