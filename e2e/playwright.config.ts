import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Each run starts with empty server-side carts and orders and no released remotes. Workers load
// this file too: they inherit the runner's folders through the environment.
process.env.E2E_STATE_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-state-'));
process.env.E2E_DEPLOY_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-deploy-'));
// The secret the release scripts sign canary links with, and the gateway checks them by.
process.env.E2E_RELEASE_LINK_SECRET ??= randomBytes(32).toString('hex');
// The gateway's metrics, on a port of their own (metrics.spec.ts scrapes it).
process.env.E2E_METRICS_PORT ??= String(PORT + 10_000);

export default defineConfig({
  testDir: './tests',
  // The longest flows (two logins, two logouts, a cart merged in the background) take 20-25 s on
  // a quiet two-core machine; one also running a build needs room. Each step still waits at most
  // `expect`'s: a wait for what the page shows, never a race with the clock.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: path.join(__dirname, '..', '.reports', 'e2e.json') }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${String(PORT)}`,
    // The trace's actions, snapshots and network, but no screencast: recording one made the
    // browser's processes spend about half of each test's CPU time, which two workers share.
    // None in CI, which keeps the log of a run and not its files: recording them cost about 8 % of
    // the run's time there (cart-sync, live-controls, foundation and path-shell: 111 s with, 102 s
    // without).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: /(deploy|cluster|path-rules|pending-order)\.spec\.ts/,
    },
    // The shop's rules place and refuse orders of an event's places at both widths: they run after
    // the rest, so that no other spec meets the places their orders hold.
    {
      name: 'orders',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /path-rules\.spec\.ts/,
      dependencies: ['desktop'],
    },
    // The demo learner's points held by an unpaid order, then given back: after the desktop
    // specs that read the demo learner's balance, and alone.
    {
      name: 'pending-orders',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /pending-order\.spec\.ts/,
      dependencies: ['orders'],
    },
    // Releases change the live header for every page: they run alone, after the rest.
    {
      name: 'deploy',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /deploy\.spec\.ts/,
      // Its files (deploy.spec.ts, canary-health.deploy.spec.ts) each change the live header: one
      // at a time.
      workers: 1,
      dependencies: ['pending-orders'],
    },
    // Three gateways behind nginx with Redis (npm run cluster), started by the tests themselves:
    // last, so its processes never compete with the other tests for the machine's two cores.
    {
      name: 'cluster',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /cluster\.spec\.ts/,
      dependencies: ['deploy'],
    },
  ],
  webServer: {
    command: 'node ../gateway/dist/main.js',
    url: `http://127.0.0.1:${String(PORT)}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${String(PORT)}`,
      LOG_LEVEL: 'warn',
      // Each test is a client of its own (its X-Forwarded-For, support/fixtures.ts), as visitors
      // behind a load balancer are: one test's orders never count against another's limit.
      TRUSTED_PROXIES: '127.0.0.1',
      // The pages' first screens and heads are rendered on the server whatever the load of the
      // machine running the tests; a render or a head's reads past the budget (the page served as
      // before, with the default head) is the gateway tests' to prove.
      SERVER_RENDER_BUDGET_MS: '5000',
      HEAD_READ_BUDGET_MS: '5000',
      SAMPLE_STATE_DIR: process.env.E2E_STATE_DIR,
      DEPLOY_DIR: process.env.E2E_DEPLOY_DIR,
      RELEASE_LINK_SECRET: process.env.E2E_RELEASE_LINK_SECRET,
      METRICS_PORT: process.env.E2E_METRICS_PORT,
    },
  },
});
