import path from 'node:path';
import { DEMO_LEARNER } from '../config';
import { isRecord } from '../json';
import type { StateLogger } from './json-file';
import { JsonFile } from './json-file';

/** Points every user has before anything was earned or spent: the demo learner has 1500. */
const STARTING_BALANCES: ReadonlyMap<number, number> = new Map([[DEMO_LEARNER.userId, 1500]]);

type PointsDocument = Record<string, number>;

function parsePoints(value: unknown): PointsDocument | undefined {
  if (!isRecord(value)) return undefined;
  const balances: PointsDocument = {};
  for (const [userId, points] of Object.entries(value)) {
    if (!/^\d+$/.test(userId) || typeof points !== 'number' || !Number.isSafeInteger(points)) {
      return undefined;
    }
    balances[userId] = points;
  }
  return balances;
}

/**
 * Points and Rewards balances, one per user id, persisted to `points.json` in the state folder.
 * Changes apply in memory at once; {@link PointsStore.save} writes them.
 */
export class PointsStore {
  private constructor(
    private readonly file: JsonFile<PointsDocument>,
    private readonly balances: Map<number, number>,
  ) {}

  /** Opens the store in `stateDir`, loading the balances saved by an earlier run. */
  static async open(stateDir: string, logger: StateLogger): Promise<PointsStore> {
    const file = new JsonFile(path.join(stateDir, 'points.json'), parsePoints, logger);
    const saved = (await file.read()) ?? {};
    const balances = new Map(STARTING_BALANCES);
    for (const [userId, points] of Object.entries(saved)) balances.set(Number(userId), points);
    return new PointsStore(file, balances);
  }

  balance(userId: number): number {
    return this.balances.get(userId) ?? 0;
  }

  /**
   * Adds (or with a negative `points`, takes away) points; the balance only stops at zero.
   * Whether an order may take them is `settlePoints`'s to say (domain/points.ts).
   */
  adjust(userId: number, points: number): void {
    this.balances.set(userId, Math.max(0, this.balance(userId) + points));
  }

  /** Writes the balances; resolves once they are on disk. */
  save(): Promise<void> {
    return this.file.write(Object.fromEntries(this.balances));
  }
}
