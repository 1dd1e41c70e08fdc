#!/usr/bin/env node
// npm test: type-check, lint, unused files, dependencies and exports (knip), unit tests, production
// build, end-to-end tests in Chromium.
// The steps that do not need each other run side by side, in two lanes: the checks and the build
// in one, Jest (the longest step) in the other. Each step's output is printed whole when it ends,
// so that two steps never interleave. The end-to-end tests run last, alone, and stream.
// Ends with one plain summary line: "N passed, N failed".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A step's tests counted from its report: one pass, or one failure, when it has none. */
const asOne = (ok) => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1 });

const checksAndBuild = [
  { name: 'type-check', cmd: 'npm', args: ['run', 'type-check'] },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  {
    // knip.config.js: no file, dependency, export or exported type of any package goes unused,
    // and no package uses a dependency it does not list (that each export of shared-store's
    // entries has two users is tooling/sharedEntryUsers.test.mjs's, below). Each finding is one
    // failure, counted from the headings of knip's report ("Unused exports (3)").
    name: 'unused files, dependencies and exports, repo-wide',
    cmd: 'npm',
    args: ['run', '--silent', 'check:unused'],
    counts: (out) => {
      let found = 0;
      for (const [, kind, count] of out.matchAll(/^(.+) \((\d+)\)\s*$/gm)) {
        if (kind !== 'Configuration hints') found += Number(count);
      }
      return { passed: found === 0 ? 1 : 0, failed: found };
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
      'bench/machineShare.test.mjs',
      'tooling/federation/borrowBundlerRuntime.test.mjs',
      'tooling/federation/remoteBuild.test.mjs',
      'tooling/sharedConfig.test.mjs',
      'tooling/lintBoundaries.test.mjs',
      'tooling/unusedExports.test.mjs',
      'tooling/sharedEntryUsers.test.mjs',
    ],
    counts: (out) => ({
      passed: Number(/# pass (\d+)/.exec(out)?.[1] ?? 0),
      failed: Number(/# fail (\d+)/.exec(out)?.[1] ?? 1),
    }),
  },
  { name: 'build', cmd: 'npm', args: ['run', 'build'] },
  { name: 'size budget', cmd: 'node', args: ['scripts/size-budget.mjs'] },
];

const unitTests = [
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
      // Two workers: the machine's two cores, shared with the other lane's steps.
      '--maxWorkers=2',
      '--json',
      `--outputFile=${path.join(reports, 'jest.json')}`,
    ],
    counts: () => {
      const r = JSON.parse(fs.readFileSync(path.join(reports, 'jest.json'), 'utf8'));
      return { passed: r.numPassedTests, failed: r.numFailedTests + r.numRuntimeErrorTestSuites };
    },
  },
];

const endToEnd = [
  {
    name: 'end-to-end tests',
    cmd: 'npm',
    args: ['run', 'test:e2e'],
    live: true,
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

/**
 * Runs a command; a live one streams, any other answers its output (stdout and stderr as they
 * came) to be printed when it ends.
 */
function run(step) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      env: process.env,
      stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let all = '';
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      all += chunk;
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      all += chunk;
    });
    child.on('error', (error) => {
      all += `${error.message}\n`;
    });
    child.on('close', (code) => resolve({ ok: code === 0, all, stdout }));
  });
}

const totals = { passed: 0, failed: 0 };

/** Runs a lane's steps one after another; stops at the first that fails. Answers whether all passed. */
async function lane(steps) {
  for (const step of steps) {
    const t0 = Date.now();
    if (step.live) console.log(`\n=== ${step.name} ===`);
    let ok = step.before?.() ?? true;
    let result = { all: '', stdout: '' };
    if (ok) {
      result = await run(step);
      ok = result.ok;
    }
    let counted = asOne(ok);
    if (step.counts) {
      try {
        counted = step.counts(result.stdout);
        if (!ok && counted.failed === 0) counted.failed = 1;
      } catch {
        // No report: the step failed before it could write one.
      }
    }
    totals.passed += counted.passed;
    totals.failed += counted.failed;
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    if (!step.live) process.stdout.write(`\n=== ${step.name} ===\n${result.all}`);
    console.log(`--- ${step.name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
    if (!ok) return false;
  }
  return true;
}

const started = Date.now();
const lanes = await Promise.all([lane(checksAndBuild), lane(unitTests)]);
if (lanes.every(Boolean)) await lane(endToEnd);
console.log(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
