import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { watchedFile } from '../page/remotesConfig';
import type { Rollout, RolloutSource } from '../page/rollout';

/**
 * The canaries the gateways rolled back on their own (verdict.ts's ceiling), in the shared deploy
 * folder beside rollout.json: remote -> the version rolled back, when and why. Every gateway stops
 * serving that canary as soon as it reads the file; the release scripts read it too
 * (scripts/health.mjs), so `npm run remotes` says so and the history ends the canary.
 */
export const ROLLBACKS_FILE = 'health-rollbacks.json';

const rollbacksSchema = v.record(
  v.string(),
  v.strictObject({
    version: v.pipe(v.string(), v.regex(/^\w[\w.-]{0,63}$/)),
    at: v.pipe(v.number(), v.integer()),
    reason: v.pipe(v.string(), v.maxLength(500)),
  }),
);

export type Rollbacks = v.InferOutput<typeof rollbacksSchema>;

/** The file as it is now; absent, nothing was rolled back; corrupt, the last good one. */
export function createRollbacksSource(deployDir: string, onError: (message: string) => void) {
  const file = path.join(deployDir, ROLLBACKS_FILE);
  return watchedFile<Rollbacks>(
    file,
    (text) => v.parse(rollbacksSchema, JSON.parse(text)),
    {},
    (problem) => {
      onError(`Rollbacks ${file} unusable, keeping the last good one: ${problem}`);
    },
  );
}

export type RollbacksSource = ReturnType<typeof createRollbacksSource>;

/** The rollout without the canaries rolled back (a later canary of another version runs). */
function withoutRolledBack(rollout: Rollout, rollbacks: Rollbacks): Rollout {
  return {
    ...rollout,
    canaries: Object.fromEntries(
      Object.entries(rollout.canaries).filter(
        ([name, canary]) =>
          !Object.hasOwn(rollbacks, name) || rollbacks[name]?.version !== canary.version,
      ),
    ),
  };
}

/** A rollout source that leaves out what was rolled back. */
export function rolloutWithoutRolledBack(
  written: RolloutSource,
  rollbacks: RollbacksSource,
): RolloutSource {
  return { get: () => withoutRolledBack(written.get(), rollbacks.get()) };
}

/** Writes a JSON file of the deploy folder whole (a temporary file renamed into place). */
export function writeWhole(file: string, value: unknown): void {
  const temporary = `${file}.${String(process.pid)}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

/** Records a canary as rolled back, keeping the others'. */
export function recordRollback(
  deployDir: string,
  current: Rollbacks,
  remote: string,
  rollback: Rollbacks[string],
): void {
  writeWhole(path.join(deployDir, ROLLBACKS_FILE), { ...current, [remote]: rollback });
}
