/**
 * The cart's lines as something several copies can agree on: this tab, the learner's other tabs
 * (through localStorage) and the cart service (the learner's other devices).
 *
 * Each line carries a stamp (`rev`) from a Lamport clock, the cart's `revision`: a change made
 * here is stamped one above the highest stamp this copy has seen. A removed line leaves a
 * `RemovedLine` with its stamp. Two copies merge line by line (a line is the same line when events
 * share an id, other lines an id and a month): the entry with the higher stamp wins, ties broken by
 * the entries' text, so every copy merges to the same cart in any order, a copy that had not seen
 * a line cannot erase it, and a line somebody removed does not come back.
 */
import { SUBSCRIPTION_TIERS, toNumber, toPrice, type SubscriptionTier } from 'shared-store';
import { MAX_QUANTITY, toQuantity } from './quantity';

/** One line of the cart: id, slug, month, quantity, price. */
export interface CartItem {
  id: number | string;
  slug: string;
  /** The month option of a course ("3 Months"), or the tier duration of a package. */
  month: string;
  quantity: number;
  /** Unit price in pounds. */
  price: number;
  /** Shown on the cart page; not part of the matching rules. */
  title?: string;
  /** 'event' lines are matched by id alone. */
  from?: 'event';
  /**
   * The course's or event's image as the shop's page read it from WordPress: only shown, and only
   * as `shownImage` lets it (a cart kept by an older build has none).
   */
  image?: string;
  /** The WooCommerce product and variation an order is made of. */
  product_id?: number;
  variation_id?: number;
  /** Subscription packages: which tier the line is. */
  tier?: SubscriptionTier;
  /**
   * The most one order may have of it, as the shop said (an event's places left, 1 for a course
   * sold individually, 0 sold out); absent for no limit. The cart never raises a line above it.
   */
  max_quantity?: number;
  /** The stamp of the line's last change (0: written by a build without stamps). */
  rev?: number;
  /** The stamp at which the line was added: lines are listed in this order. */
  at?: number;
}

/** What callers hand to add and update: raw values, parsed here. */
export interface CartItemInput {
  id: number | string;
  slug?: string;
  month?: string;
  quantity?: unknown;
  price?: unknown;
  title?: string;
  from?: string;
  image?: unknown;
  product_id?: unknown;
  variation_id?: unknown;
  tier?: string;
  max_quantity?: unknown;
  /** 'decrease' lowers the quantity; anything else raises it. */
  type?: string;
  rev?: unknown;
  at?: unknown;
}

/** A removed line, remembered so that a merge does not bring it back. */
export interface RemovedLine {
  id: number | string;
  month: string;
  from?: 'event';
  rev: number;
}

/** The lines of a cart and the removals it knows of. */
export interface CartLines {
  lines: CartItem[];
  removed: RemovedLine[];
}

/** The removals a cart remembers; older ones are forgotten first. */
export const MAX_REMOVED_LINES = 200;
/** Longest text id a line may have; anything longer is hostile input. */
const MAX_ID_LENGTH = 100;
const MAX_TEXT_LENGTH = 500;
/** Longest image URL a line keeps (WordPress's are well under it). */
const MAX_URL_LENGTH = 2000;

/** A positive whole number, or undefined. */
function toId(value: unknown): number | undefined {
  const n = toNumber(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** A stamp: a whole number at least 0 (a missing stamp is 0, older than any change). */
export function toStamp(value: unknown): number {
  const n = typeof value === 'number' ? value : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

const text = (value: unknown, max = MAX_TEXT_LENGTH): string | undefined =>
  typeof value === 'string' ? value.slice(0, max) : undefined;

/** A line's limit: a whole number from 0 to MAX_QUANTITY, or undefined for none. */
export function toLimit(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? Math.min(value, MAX_QUANTITY)
    : undefined;
}

/** Whether a value can be a line's id. */
export function isLineId(value: unknown): value is number | string {
  return (
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH)
  );
}

/** A line through the cart's rules: numbers bounded, unknown markers dropped. */
export function toItem(input: CartItemInput): CartItem {
  const item: CartItem = {
    id: input.id,
    slug: text(input.slug) ?? '',
    month: text(input.month) ?? '',
    quantity: toQuantity(input.quantity),
    price: toPrice(input.price),
  };
  const title = text(input.title);
  if (title) item.title = title;
  if (input.from === 'event') item.from = 'event';
  const image = text(input.image, MAX_URL_LENGTH);
  if (image) item.image = image;
  const productId = toId(input.product_id);
  if (productId) item.product_id = productId;
  const variationId = toId(input.variation_id);
  if (variationId) item.variation_id = variationId;
  const tier = SUBSCRIPTION_TIERS.find((known) => known === input.tier);
  if (tier) item.tier = tier;
  const max = toLimit(input.max_quantity);
  if (max !== undefined) item.max_quantity = max;
  const rev = toStamp(input.rev);
  if (rev) item.rev = rev;
  const at = toStamp(input.at);
  if (at) item.at = at;
  return item;
}

/** A line's identity as one text: an event by its id, another line by its id and month. */
export function lineKey(line: { id: number | string; month?: string; from?: string }): string {
  const id = `${typeof line.id}:${String(line.id)}`;
  return line.from === 'event' ? `event|${id}` : `${id}|${line.month ?? ''}`;
}

function removal(line: { id: number | string; month?: string; from?: string }, rev: number) {
  const removed: RemovedLine = { id: line.id, month: line.month ?? '', rev };
  if (line.from === 'event') removed.from = 'event';
  return removed;
}

/** What a line says, without its stamps: two lines saying the same are the same line. */
function content(line: CartItem): string {
  return JSON.stringify([
    line.id,
    line.slug,
    line.month,
    line.quantity,
    line.price,
    line.title ?? '',
    line.from ?? '',
    line.product_id ?? 0,
    line.variation_id ?? 0,
    line.tier ?? '',
    line.max_quantity ?? -1,
    line.image ?? '',
  ]);
}

type Entry = { line: CartItem; removed?: undefined } | { removed: RemovedLine; line?: undefined };

const stampOf = (entry: Entry) => (entry.line ? (entry.line.rev ?? 0) : entry.removed.rev);
const textOf = (entry: Entry) =>
  entry.line ? `1${content(entry.line)}${String(entry.line.at ?? 0)}` : '0';

/** Whether `a` beats `b` for the same key: the higher stamp, then the greater text. */
function beats(a: Entry, b: Entry): boolean {
  const byStamp = stampOf(a) - stampOf(b);
  return byStamp !== 0 ? byStamp > 0 : textOf(a) > textOf(b);
}

/** Lines in the order they were added, then by key; removals newest first, bounded. */
function normalForm(winners: Iterable<Entry>): CartLines {
  const lines: CartItem[] = [];
  const removed: RemovedLine[] = [];
  for (const entry of winners) {
    if (entry.line) lines.push(entry.line);
    else removed.push(entry.removed);
  }
  const keyOrder = (a: { key: string }, b: { key: string }) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  const sortedLines = lines
    .map((line) => ({ line, key: lineKey(line) }))
    .sort((a, b) => (a.line.at ?? 0) - (b.line.at ?? 0) || keyOrder(a, b))
    .map(({ line }) => line);
  const sortedRemoved = removed
    .map((line) => ({ line, key: lineKey(line) }))
    .sort((a, b) => b.line.rev - a.line.rev || keyOrder(a, b))
    .slice(0, MAX_REMOVED_LINES)
    .map(({ line }) => line);
  return { lines: sortedLines, removed: sortedRemoved };
}

function winnersOf(...carts: CartLines[]): Map<string, Entry> {
  const winners = new Map<string, Entry>();
  const offer = (key: string, entry: Entry) => {
    const current = winners.get(key);
    if (!current || beats(entry, current)) winners.set(key, entry);
  };
  for (const cart of carts) {
    for (const line of cart.lines) offer(lineKey(line), { line });
    for (const removed of cart.removed) offer(lineKey(removed), { removed });
  }
  return winners;
}

/** Two copies of a cart as one: per line, the later change wins. */
export function mergeLines(a: CartLines, b: CartLines): CartLines {
  return normalForm(winnersOf(a, b).values());
}

/** The highest stamp in a cart. */
export function highestStamp(cart: CartLines): number {
  let highest = 0;
  for (const line of cart.lines) highest = Math.max(highest, line.rev ?? 0, line.at ?? 0);
  for (const removed of cart.removed) highest = Math.max(highest, removed.rev);
  return highest;
}

/** One text per cart content: equal texts, equal carts. */
export function cartText(cart: CartLines): string {
  const form = normalForm(winnersOf(cart).values());
  return JSON.stringify([
    form.lines.map((line) => [content(line), line.rev ?? 0, line.at ?? 0]),
    form.removed,
  ]);
}

/**
 * Stamps what changed from `before` to `after` at `stamp`: changed or new lines take it (a new
 * line also as its place in the list), lines gone leave a removal, lines back forget theirs.
 * Answers whether anything changed.
 */
export function stampChanges(before: CartLines, after: CartLines, stamp: number): boolean {
  const previous = new Map(before.lines.map((line) => [lineKey(line), line]));
  const live = new Set<string>();
  let changed = false;
  for (const line of after.lines) {
    const key = lineKey(line);
    live.add(key);
    const old = previous.get(key);
    if (old && content(old) === content(line)) {
      if (old.rev) line.rev = old.rev;
      else delete line.rev;
      if (old.at) line.at = old.at;
      else delete line.at;
      continue;
    }
    changed = true;
    line.rev = stamp;
    line.at = old?.at ?? stamp;
  }
  const removals = after.removed.filter((line) => !live.has(lineKey(line)));
  for (const [key, old] of previous) {
    if (live.has(key)) continue;
    changed = true;
    removals.push(removal(old, stamp));
  }
  const kept = normalForm(winnersOf({ lines: [], removed: removals }).values()).removed;
  after.removed.splice(0, after.removed.length, ...kept);
  return changed;
}

/**
 * The merge at login: every line of either cart, the same line keeping the larger
 * quantity, whatever either side removed. Lines that differ from the server's are stamped anew so
 * that they win the next merge with it.
 */
export function loginMerge(device: CartLines, server: CartLines, revision: number): CartLines {
  const stamp = Math.max(revision, highestStamp(device), highestStamp(server)) + 1;
  const serverLines = new Map(server.lines.map((line) => [lineKey(line), line]));
  const removedHere = new Map(device.removed.map((line) => [lineKey(line), line.rev]));
  const chosen = new Map<string, CartItem>();
  for (const line of [...device.lines, ...server.lines]) {
    const key = lineKey(line);
    const current = chosen.get(key);
    if (!current || line.quantity > current.quantity) chosen.set(key, line);
  }
  const lines: CartItem[] = [];
  for (const [key, line] of chosen) {
    const onServer = serverLines.get(key);
    // The server's own line stays as it is, unless this device removed it later: kept by the
    // login rule, it must then win over that removal wherever the removal has gone.
    const unchanged =
      onServer !== undefined &&
      content(onServer) === content(line) &&
      (removedHere.get(key) ?? -1) < (onServer.rev ?? 0);
    lines.push(
      unchanged ? { ...onServer } : { ...line, rev: stamp, at: onServer?.at ?? line.at ?? stamp },
    );
  }
  const removed = [...device.removed, ...server.removed].filter(
    (line) => !chosen.has(lineKey(line)),
  );
  return normalForm(winnersOf({ lines, removed }).values());
}

/** Keeps a list's lines that can be lines, through the cart's rules; one per key. */
export function readLines(values: readonly unknown[]): CartLines & { dropped: number } {
  const cart: CartLines = { lines: [], removed: [] };
  let dropped = 0;
  for (const value of values) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      dropped += 1;
      continue;
    }
    const record = value as Record<string, unknown>;
    if (!isLineId(record.id)) {
      dropped += 1;
      continue;
    }
    if (record.removed === true) {
      cart.removed.push(
        removal(
          { id: record.id, month: text(record.month) ?? '', from: text(record.from) },
          toStamp(record.rev),
        ),
      );
      continue;
    }
    const line = toItem({
      ...(record as Partial<CartItemInput>),
      id: record.id,
      slug: text(record.slug),
      month: text(record.month),
      title: text(record.title),
      from: text(record.from),
      tier: text(record.tier),
    });
    if (line.quantity > 0) cart.lines.push(line);
    else dropped += 1;
  }
  return { ...normalForm(winnersOf(cart).values()), dropped };
}

/** The cart format this build writes; a saved cart naming a higher one is a newer build's. */
const CART_FORMAT = 1;

/** What a saved cart's text turned out to be. */
export type SavedCart =
  | { kind: 'cart'; cart: CartLines; dropped: number }
  | { kind: 'newer'; format: number }
  | { kind: 'malformed'; reason: string };

/**
 * Reads the cart service's text: a JSON list of lines (the lines the cart service stores), removals
 * among them as `{id, month, quantity: 0, removed: true, rev}`. Empty or absent is an empty cart;
 * an object naming a higher `format` is a newer build's cart, which this build must not overwrite.
 */
export function parseSavedCart(data: unknown): SavedCart {
  if (data === null || data === undefined || data === '') {
    return { kind: 'cart', cart: { lines: [], removed: [] }, dropped: 0 };
  }
  if (typeof data !== 'string') return { kind: 'malformed', reason: 'The saved cart is not text.' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { kind: 'malformed', reason: 'The saved cart is not JSON.' };
  }
  if (Array.isArray(parsed)) {
    const { dropped, ...cart } = readLines(parsed);
    return { kind: 'cart', cart, dropped };
  }
  if (typeof parsed === 'object' && parsed !== null && 'format' in parsed) {
    const format = toStamp(parsed.format);
    if (format > CART_FORMAT) return { kind: 'newer', format };
  }
  return { kind: 'malformed', reason: 'The saved cart is not a list.' };
}

/** The text the cart service keeps: the lines, then the removals as lines of quantity 0. */
export function savedCartText(cart: CartLines): string {
  return JSON.stringify([
    ...cart.lines,
    ...cart.removed.map((line) => ({ ...line, quantity: 0, removed: true })),
  ]);
}
