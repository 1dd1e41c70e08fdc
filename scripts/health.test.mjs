// Tests of release health as the scripts read it (node --test): the listing's rows, promote's
// refusal and the gateways' rollbacks in the history.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, test } from 'node:test';
import { HEALTH_FILE, ROLLBACKS_FILE, healthLines, promoteRefusal } from './health.mjs';
import { promoteCanary, readHistory, startCanary, switchTo } from './releases.mjs';

let dir;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-test-'));
  process.env.DEPLOY_DIR = dir;
});

const row = (version, views, errorRate, lcpP75, inpP75, addToCartRate) => ({
  version,
  views,
  errorRate,
  lcpP75,
  inpP75,
  addToCartRate,
});

function writeHealth(verdict) {
  fs.writeFileSync(
    path.join(dir, HEALTH_FILE),
    JSON.stringify({
      remotes: {
        header: {
          live: row('v1', 1200, 0.004, 2000, 150, 0.031),
          canary: row('v2', 240, 0.125, 2500, 400, 0.02),
          verdict,
        },
      },
    }),
  );
}

const WORSE = {
  judged: true,
  worse: ["error rate 12.5% against live's 0.4% (at most 2 points more)"],
};

test('the listing shows live and the canary side by side: views, error rate, p75 LCP and INP, add-to-cart rate', () => {
  writeHealth(WORSE);
  assert.deepEqual(healthLines(dir, 'header'), [
    'health live v1: 1200 views, errors 0.4%, p75 LCP ≤ 2000 ms, p75 INP ≤ 150 ms, add to cart 3.1%',
    'health canary v2: 240 views, errors 12.5%, p75 LCP ≤ 2500 ms, p75 INP ≤ 400 ms, add to cart 2.0%',
    "verdict: worse than live: error rate 12.5% against live's 0.4% (at most 2 points more)",
  ]);
  assert.deepEqual(healthLines(dir, 'footer'), []);
});

test('a p75 above the gateway’s last bound is shown as such', () => {
  fs.writeFileSync(
    path.join(dir, HEALTH_FILE),
    JSON.stringify({ remotes: { header: { live: row('v1', 3, 0, 'over 10000', 90, 0) } } }),
  );
  assert.deepEqual(healthLines(dir, 'header'), [
    'health live v1: 3 views, errors 0.0%, p75 LCP over 10000 ms, p75 INP ≤ 90 ms, add to cart 0.0%',
  ]);
});

test('promote refuses a canary worse than live beyond the thresholds, printing the figures', () => {
  writeHealth(WORSE);
  const refusal = promoteRefusal(dir, 'header', 'v2');
  assert.match(refusal, /header v2 is worse than live beyond the thresholds: error rate 12\.5%/);
  assert.match(refusal, /live v1: 1200 views, errors 0\.4%/);
  assert.match(refusal, /canary v2: 240 views, errors 12\.5%/);
  assert.match(refusal, /--force/);
});

test('promote lets through a canary within the thresholds, one with too few views, and another version', () => {
  writeHealth({ judged: true, worse: [] });
  assert.equal(promoteRefusal(dir, 'header', 'v2'), undefined);
  writeHealth({ judged: false, worse: [] });
  assert.equal(promoteRefusal(dir, 'header', 'v2'), undefined);
  writeHealth(WORSE);
  assert.equal(promoteRefusal(dir, 'header', 'v3'), undefined);
});

test('a canary the gateway rolled back is over for the scripts: not running, not promotable, said in the listing', () => {
  switchTo('header', 'v1');
  startCanary('header', 'v2', 50);
  fs.writeFileSync(
    path.join(dir, ROLLBACKS_FILE),
    JSON.stringify({
      header: { version: 'v2', at: Date.UTC(2026, 11, 2), reason: 'canary v2: error rate 60.0%' },
    }),
  );
  assert.equal(readHistory().header.canary, undefined);
  assert.equal(readHistory().header.rolledBack.version, 'v2');
  assert.throws(() => promoteCanary('header'), /No canary of header is running/);
  assert.deepEqual(healthLines(dir, 'header'), [
    'rolled back by the gateway at 2026-12-02T00:00:00.000Z: canary v2: error rate 60.0%',
  ]);
  assert.match(promoteRefusal(dir, 'header', 'v2'), /rolled back by the gateway/);
});
