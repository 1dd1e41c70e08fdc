import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** What `npm run cluster` writes to its --state-file: its processes, ports and logs. */
export interface ClusterState {
  url: string;
  deployDir: string;
  nginx: { pid: number; log: string; accessLog: string };
  redis: { pid: number | null; socket: string };
  sample: { pid: number; url: string };
  gateways: { index: number; port: number; url: string; pid: number | null; log: string }[];
}

export interface Cluster {
  /** nginx's address: what a visitor reaches. */
  url: string;
  deployDir: string;
  /** The processes as they are now (a gateway started again has another pid). */
  state(): ClusterState;
  /** Everything the gateways have logged, one string per gateway. */
  gatewayLogs(): string[];
  /** nginx's access log, as written so far. */
  accessLog(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });
}

/** Waits for a line of the cluster's output, or fails with what it said when it stopped. */
function readyLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      reject(new Error(`The cluster did not start in ${String(timeoutMs / 1000)} s:\n${output}`));
    }, timeoutMs);
    const scan = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', scan);
    child.stderr?.on('data', scan);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The cluster stopped (${String(code)}):\n${output}`));
    });
  });
}

/**
 * Starts `npm run cluster`'s script (the production build behind nginx, with Redis and the sample
 * backend) on a free port with a deploy folder of its own.
 */
export async function startCluster(gateways: number): Promise<Cluster> {
  const port = await freePort();
  const deployDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-cluster-deploy-'));
  const stateFile = path.join(deployDir, '..', `${path.basename(deployDir)}.state.json`);
  const url = `http://127.0.0.1:${String(port)}`;
  const child = spawn(
    'node',
    [
      path.join(ROOT, 'scripts', 'cluster.mjs'),
      ...['--gateways', String(gateways), '--port', String(port)],
      ...['--public-url', url, '--deploy-dir', deployDir, '--state-file', stateFile],
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await readyLine(child, /Storefront cluster ready at/, 90_000);
  const state = () => JSON.parse(fs.readFileSync(stateFile, 'utf8')) as ClusterState;
  return {
    url,
    deployDir,
    state,
    gatewayLogs: () => state().gateways.map((gateway) => fs.readFileSync(gateway.log, 'utf8')),
    accessLog: () => fs.readFileSync(state().nginx.accessLog, 'utf8'),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(deployDir, { recursive: true, force: true });
    },
  };
}

/** A gateway of its own, started by a test on a free port (stop() ends it and its folders). */
export interface OwnGateway {
  url: string;
  /** What it has printed so far (its warnings among them). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the production gateway alone, on 127.0.0.1 and its embedded sample backend, serving the
 * builds under `appsRoot` (a folder holding shell/ and remote-*\/ as the repository does), with
 * the gateway `settings` given (environment variables, such as GTM_ID).
 */
export async function startOwnGateway(
  appsRoot: string,
  settings: Record<string, string> = {},
): Promise<OwnGateway> {
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-own-gateway-'));
  const child = spawn('node', [path.join(ROOT, 'gateway', 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      APPS_ROOT: appsRoot,
      SAMPLE_STATE_DIR: path.join(state, 'sample'),
      DEPLOY_DIR: path.join(state, 'deploy'),
      SERVER_RENDER_BUDGET_MS: '5000',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await readyLine(child, /Storefront ready at/, 60_000);
  return {
    url,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(state, { recursive: true, force: true });
    },
  };
}
