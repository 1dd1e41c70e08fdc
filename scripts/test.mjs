#!/usr/bin/env node
// npm test: type-check, lint, unused exports, unit tests, production build, end-to-end tests in
// Chromium.
// Ends with one plain summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const steps = [
  { name: 'type-check', cmd: 'npm', args: ['run', 'type-check'] },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  {
    // knip.config.js: each export of shared-store's public entry is imported by another package.
    name: 'unused exports of shared-store',
    cmd: 'npm',
    args: ['run', '--silent', 'check:exports'],
    output: true,
    counts: (out) => {
      const unused = out.match(/shared-store\/src\/index\.ts:\d+/g)?.length ?? 0;
      return { passed: unused === 0 ? 1 : 0, failed: unused };
    },
  },
  {
    name: 'unit tests',
    before: () => {
      // The gateway's differential tests run Debian's php-cli (proxy/phpParams.php.test.ts).
      if (fs.existsSync('/usr/bin/php')) return true;
      console.error(
        '/usr/bin/php is missing: install it with "apt-get install -y php-cli" (Debian).',
      );
      return false;
    },
    cmd: 'npx',
    args: [
      'jest',
      '--ci',
      '--coverage',
      '--json',
      `--outputFile=${path.join(reports, 'jest.json')}`,
    ],
    counts: () => {
      const r = JSON.parse(fs.readFileSync(path.join(reports, 'jest.json'), 'utf8'));
      return { passed: r.numPassedTests, failed: r.numFailedTests + r.numRuntimeErrorTestSuites };
    },
  },
  {
    name: 'release scripts, federation tooling, lint boundaries and the exports check',
    cmd: 'node',
    args: [
      '--test',
      '--test-reporter=tap',
      'scripts/releases.test.mjs',
      'scripts/health.test.mjs',
      'tooling/federation/borrowBundlerRuntime.test.mjs',
      'tooling/federation/remoteBuild.test.mjs',
      'tooling/sharedConfig.test.mjs',
      'tooling/lintBoundaries.test.mjs',
      'tooling/unusedExports.test.mjs',
    ],
    output: true,
    counts: (out) => ({
      passed: Number(/# pass (\d+)/.exec(out)?.[1] ?? 0),
      failed: Number(/# fail (\d+)/.exec(out)?.[1] ?? 1),
    }),
  },
  { name: 'build', cmd: 'npm', args: ['run', 'build'] },
  { name: 'size budget', cmd: 'node', args: ['scripts/size-budget.mjs'] },
  {
    name: 'end-to-end tests',
    cmd: 'npm',
    args: ['run', 'test:e2e'],
    before: () => {
      // The cluster's tests run Debian's redis-server and nginx (npm run cluster).
      const needed = [
        [chromium, 'chromium'],
        ['/usr/bin/redis-server', 'redis-server'],
        ['/usr/sbin/nginx', 'nginx'],
      ].filter(([file]) => !fs.existsSync(file));
      for (const [file, pkg] of needed) {
        console.error(`${file} is missing: install it with "apt-get install -y ${pkg}" (Debian).`);
      }
      return needed.length === 0;
    },
    counts: () => {
      const r = JSON.parse(fs.readFileSync(path.join(reports, 'e2e.json'), 'utf8'));
      return {
        // No retries: a test that needed one is a failure too.
        passed: r.stats.expected,
        failed: r.stats.unexpected + r.stats.flaky,
      };
    },
  },
];

let passed = 0;
let failed = 0;
const started = Date.now();
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const t0 = Date.now();
  let output = '';
  let ok = step.before?.() ?? true;
  if (ok) {
    const result = spawnSync(step.cmd, step.args, {
      cwd: root,
      env: process.env,
      stdio: step.output ? ['inherit', 'pipe', 'inherit'] : 'inherit',
      encoding: 'utf8',
    });
    if (step.output) {
      output = result.stdout ?? '';
      process.stdout.write(output);
    }
    ok = result.status === 0;
  }
  let counted = { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
  if (step.counts) {
    try {
      counted = step.counts(output);
      if (!ok && counted.failed === 0) counted.failed = 1;
    } catch {
      // No report: the step failed before it could write one.
    }
  }
  passed += counted.passed;
  failed += counted.failed;
  console.log(
    `--- ${step.name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  if (!ok) break;
}
console.log(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
