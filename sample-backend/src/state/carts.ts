import path from 'node:path';
import { isRecord } from '../json';
import type { StateLogger } from './json-file';
import { JsonFile } from './json-file';

type CartDocument = Record<string, string>;

function parseCarts(value: unknown): CartDocument | undefined {
  if (!isRecord(value)) return undefined;
  const carts: CartDocument = {};
  for (const [userId, data] of Object.entries(value)) {
    if (!/^\d+$/.test(userId) || typeof data !== 'string') return undefined;
    carts[userId] = data;
  }
  return carts;
}

/**
 * The LMS cart service's storage: one cart (the cart items as JSON text) per user id, kept in
 * memory and persisted to `carts.json` in the state folder after every change.
 */
export class CartStore {
  private constructor(
    private readonly file: JsonFile<CartDocument>,
    private readonly carts: Map<string, string>,
  ) {}

  /** Opens the store in `stateDir`, loading the carts saved by an earlier run. */
  static async open(stateDir: string, logger: StateLogger): Promise<CartStore> {
    const file = new JsonFile(path.join(stateDir, 'carts.json'), parseCarts, logger);
    const saved = (await file.read()) ?? {};
    return new CartStore(file, new Map(Object.entries(saved)));
  }

  /** The saved cart text of a user, or null when there is none. */
  get(userId: number): string | null {
    return this.carts.get(String(userId)) ?? null;
  }

  /** Saves a user's cart text; resolves once it is on disk. */
  async save(userId: number, data: string): Promise<void> {
    this.carts.set(String(userId), data);
    await this.persist();
  }

  /** Deletes a user's cart; resolves once the change is on disk. */
  async delete(userId: number): Promise<void> {
    this.carts.delete(String(userId));
    await this.persist();
  }

  private persist(): Promise<void> {
    return this.file.write(Object.fromEntries(this.carts));
  }
}
