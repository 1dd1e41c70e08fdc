import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { remoteNamesOf } from 'shared-store/server';
import { beaconSchema, readBeacon } from './beacon';
import { createHealthCounts, currentRows, VITAL_BOUNDS, type HealthRow } from './counts';
import { recordRollback, writeWhole } from './rollbacks';
import {
  ERROR_RATE_CEILING,
  figuresOf,
  judge,
  type Figures,
  MAX_ERROR_RATE_RISE,
  MAX_INP_RISE_MS,
  MAX_LCP_RISE_MS,
  MIN_VIEWS,
} from './verdict';

/** Where browsers send their beacons (the route table limits its body and its pace). */
export const BEACON_PATH = '/api/release-health';

/** The figures the release scripts read (scripts/health.mjs), in the shared deploy folder. */
export const HEALTH_FILE = 'health.json';

/** How often the figures are written out, and the canaries judged, while beacons come in. */
const SNAPSHOT_EVERY_MS = 2_000;

/**
 * Figures as JSON can hold them: a p75 above its histogram's last bound (Infinity) is written
 * `over <bound>`, which the scripts print as it is.
 */
function writable(figures: Figures) {
  const over = (value: number | undefined, bounds: readonly number[]) =>
    value === Infinity ? `over ${String(bounds[bounds.length - 1])}` : value;
  return {
    ...figures,
    lcpP75: over(figures.lcpP75, VITAL_BOUNDS.lcp),
    inpP75: over(figures.inpP75, VITAL_BOUNDS.inp),
    clsP75: over(figures.clsP75, VITAL_BOUNDS.cls),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the figures out and judges the canaries now (the timer does it while beacons come). */
    releaseHealth: { snapshot(): Promise<void> };
  }
}

const foreign = {
  code: 'foreign_beacon',
  message: 'Beacons come from the storefront’s own pages.',
  data: { status: 403 },
};
const refused = {
  code: 'bad_beacon',
  message: 'Not a release-health beacon.',
  data: { status: 400 },
};

/**
 * Release health from real visitors: the beacon route, the counts (counts.ts), the figures the
 * scripts read (deploy/health.json) and the gateway's own rollback of a canary past the ceiling
 * (verdict.ts). A body that is not a beacon is a 400 and counts nothing; cookies are never read.
 */
export const releaseHealth = fp(
  (app: FastifyInstance, options: { snapshotEveryMs?: number }, done: () => void) => {
    const { config } = app;
    const remoteNames = remoteNamesOf(config.contract);
    const [first = '', ...others] = remoteNames;
    const schema = beaconSchema([first, ...others]);
    const counts = createHealthCounts(app.shared);
    // The operators' view of the same counts (plugins/metrics.ts): this gateway's beacons, by the
    // remote version and cohort they reported on; the Web Vitals stay in deploy/health.json.
    const signals = app.metrics.releaseHealthCounter(
      'signals',
      "What visitors' pages reported to this gateway: views, errors, failed loads, adds to cart.",
      ['signal'],
    );
    let dirty = false;

    app.post(BEACON_PATH, async (request, reply) => {
      // Another site's page could make its visitors' browsers post beacons (a text/plain POST
      // needs no preflight): only the storefront's own pages are taken.
      const { origin } = request.headers;
      if (origin !== undefined && origin !== config.publicUrl.origin) {
        return reply.code(403).send(foreign);
      }
      const beacon = readBeacon(schema, request.body);
      if (!beacon) return reply.code(400).send(refused);
      const counted = await counts.count(
        beacon,
        currentRows(remoteNames, config.remotes.get(), config.rollout.get()),
      );
      for (const { row, added } of counted) {
        for (const [signal, amount] of added) {
          if (signal.includes('.')) continue;
          signals.inc(
            { remote: row.remote, version: row.version, bucket: row.cohort, signal },
            amount,
          );
        }
      }
      dirty = true;
      return reply.code(204).send();
    });

    async function snapshot(): Promise<void> {
      dirty = false;
      const rows = await counts.read(
        currentRows(remoteNames, config.remotes.get(), config.rolloutAsWritten.get()),
      );
      const rollbacks = config.healthRollbacks.get();
      const remotes: Record<string, unknown> = {};
      for (const remote of remoteNames) {
        const of = (cohort: HealthRow['cohort']) =>
          rows.find((row) => row.remote === remote && row.cohort === cohort);
        const live = of('live');
        const canary = of('canary');
        const verdict = canary ? judge(live, canary) : undefined;
        const rolledBack = Object.hasOwn(rollbacks, remote) ? rollbacks[remote] : undefined;
        if (canary && verdict?.rollBack && rolledBack?.version !== canary.version) {
          const reason = `canary ${canary.version}: ${verdict.rollBack}`;
          recordRollback(config.deployDir, rollbacks, remote, {
            version: canary.version,
            at: Date.now(),
            reason,
          });
          app.log.warn(`Rolled back the canary of ${remote}: ${reason}`);
        }
        const shown = (row: HealthRow | undefined) =>
          row && { version: row.version, ...writable(figuresOf(row)) };
        remotes[remote] = { live: shown(live), canary: shown(canary), verdict };
      }
      writeWhole(path.join(config.deployDir, HEALTH_FILE), {
        at: Date.now(),
        thresholds: {
          minViews: MIN_VIEWS,
          maxErrorRateRise: MAX_ERROR_RATE_RISE,
          maxInpRiseMs: MAX_INP_RISE_MS,
          maxLcpRiseMs: MAX_LCP_RISE_MS,
          errorRateCeiling: ERROR_RATE_CEILING,
        },
        remotes,
      });
    }

    const timer = setInterval(() => {
      if (dirty) {
        snapshot().catch((error: unknown) => {
          app.log.error(`Release health could not be written: ${String(error)}`);
        });
      }
    }, options.snapshotEveryMs ?? SNAPSHOT_EVERY_MS);
    timer.unref();
    app.addHook('onClose', (_instance, closed) => {
      clearInterval(timer);
      closed();
    });
    app.decorate('releaseHealth', { snapshot });
    done();
  },
  { name: 'release-health', dependencies: ['configuration', 'shared-state'] },
);
