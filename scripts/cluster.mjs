#!/usr/bin/env node
// npm run cluster: the storefront as production runs it, on this machine. Debian's redis-server
// (shared state), the sample backend in a process of its own (WordPress, WooCommerce, the LMS),
// N gateway instances on loopback ports sharing Redis, one COOKIE_SECRET and one DEPLOY_DIR, and
// nginx in front as load balancer and edge cache. Prints the URL; Ctrl-C stops everything.
//
//   node scripts/cluster.mjs [--gateways 3] [--port 8080] [--deploy-dir deploy]
//                            [--public-url http://localhost:8080] [--log-level info]
//                            [--state-file cluster.json] [--static-root dir]
//
// A gateway that dies is started again on its port (nginx sends its requests to the others
// meanwhile); Redis is not: the gateways serve from their own memory until it is back.
// Each gateway serves its Prometheus metrics on a loopback port of its own (METRICS_PORT), and
// nginx its connection counts (stub_status) on another: both printed, and in the state file.
// --state-file: where the processes' ids, ports and log files are written (JSON, replaced whole on
// every change), for the tests that stop one of them. --static-root: nginx also serves that folder
// itself under /direct/ (the benchmark's reference).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, processes, waitFor } from './processes.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const REDIS = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
/** nginx settings the cluster shares with the gateway's framing tests (each file says why). */
const NGINX_SETTINGS = path.join(ROOT, 'scripts', 'nginx');
/** The WordPress site the sample backend stands in for (gateway/src/plugins/environment.ts says the same). */
const SAMPLE_WORDPRESS_PUBLIC_URL = 'https://www.example-academy.test';
const START_TIMEOUT_MS = 60_000;

const { values: options } = parseArgs({
  options: {
    gateways: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    'deploy-dir': { type: 'string', default: path.join(ROOT, 'deploy') },
    'state-file': { type: 'string' },
    'static-root': { type: 'string' },
    'log-level': { type: 'string', default: 'info' },
    'public-url': { type: 'string' },
  },
});

const gatewayCount = Number(options.gateways);
const port = Number(options.port);
if (!Number.isInteger(gatewayCount) || gatewayCount < 1 || gatewayCount > 16) {
  throw new Error(`--gateways must be a number from 1 to 16, got "${options.gateways}"`);
}
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  throw new Error(`--port must be a port number, got "${options.port}"`);
}
for (const [binary, pkg] of [
  [NGINX, 'nginx'],
  [REDIS, 'redis-server'],
]) {
  if (!fs.existsSync(binary)) {
    console.error(`${binary} is missing: install it with "apt-get install -y ${pkg}" (Debian).`);
    process.exit(1);
  }
}
if (!fs.existsSync(path.join(ROOT, 'gateway', 'dist', 'main.js'))) {
  console.error('The storefront is not built: run "npm run build" first.');
  process.exit(1);
}

// Everything this run writes (sockets, logs, nginx's cache) lives here and goes at the end.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-cluster-'));
// nginx's workers run as another user when started by root: they must reach its cache.
fs.chmodSync(dir, 0o755);
const deployDir = path.resolve(options['deploy-dir']);
fs.mkdirSync(deployDir, { recursive: true });

/** Every process this run started, by name: stopped in order at the end. */
const { running, start } = processes({
  root: ROOT,
  logDir: () => dir,
  startTimeoutMs: START_TIMEOUT_MS,
});
let stopping = false;

function log(message) {
  console.log(`[cluster] ${message}`);
}

function writeState() {
  const file = options['state-file'];
  if (!file) return;
  const pidOf = (name) => running.get(name)?.child.pid ?? null;
  const state = {
    url: `http://127.0.0.1:${String(port)}`,
    dir,
    deployDir,
    nginx: {
      pid: pidOf('nginx'),
      log: path.join(dir, 'nginx-error.log'),
      accessLog: path.join(dir, 'nginx-access.log'),
      status: `http://127.0.0.1:${String(nginxStatusPort)}/nginx_status`,
    },
    redis: { pid: pidOf('redis'), socket: path.join(dir, 'redis.sock') },
    sample: { pid: pidOf('sample'), url: sampleUrl },
    gateways: gatewayPorts.map((gatewayPort, index) => ({
      index,
      port: gatewayPort,
      url: `http://127.0.0.1:${String(gatewayPort)}`,
      pid: pidOf(`gateway-${String(index)}`),
      log: path.join(dir, `gateway-${String(index)}.log`),
      metrics: `http://127.0.0.1:${String(metricsPorts[index])}/metrics`,
    })),
  };
  const temporary = `${file}.${String(process.pid)}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

/** Resolves once Redis answers PING on its socket. */
async function redisAnswers(socket) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const answered = await new Promise((resolve) => {
      const connection = net.connect(socket);
      connection.once('error', () => resolve(false));
      connection.once('data', (data) => {
        connection.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      connection.write('PING\r\n');
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Redis did not answer on ${socket}`);
}

const redisSocket = path.join(dir, 'redis.sock');
const publicUrl = options['public-url'] ?? `http://localhost:${String(port)}`;
/** Each gateway's port: the first start picks a free one, a restart takes the same. */
const gatewayPorts = [];
/** Each gateway's metrics port (GET /metrics), kept across its restarts. */
const metricsPorts = [];
/** Where nginx answers its stub_status (GET /nginx_status), on loopback only. */
let nginxStatusPort = null;
let sampleUrl = null;

/** Redis: nothing written to disk, reachable only through its socket. */
async function startRedis() {
  const args = ['--port', '0', '--unixsocket', redisSocket, '--unixsocketperm', '700'];
  args.push('--save', '', '--appendonly', 'no', '--dir', dir);
  await start('redis', REDIS, args);
  await redisAnswers(redisSocket);
}

/** The sample backend: one for all gateways, so carts and logins are the same everywhere. */
async function startSample(wooCommerce) {
  const [, url] = await start(
    'sample',
    'node',
    [path.join(ROOT, 'sample-backend', 'dist', 'main.js')],
    {
      env: {
        PORT: '0',
        SAMPLE_WC_CONSUMER_KEY: wooCommerce.key,
        SAMPLE_WC_CONSUMER_SECRET: wooCommerce.secret,
        SAMPLE_STATE_DIR: path.join(dir, 'sample-state'),
      },
      ready: /listening on (http:\/\/\S+)/,
    },
  );
  return url;
}

async function startGateway(index, env) {
  const name = `gateway-${String(index)}`;
  const [, gatewayPort] = await start(
    name,
    'node',
    [path.join(ROOT, 'gateway', 'dist', 'main.js')],
    {
      env: {
        ...env,
        PORT: String(gatewayPorts[index] ?? 0),
        METRICS_PORT: String(metricsPorts[index]),
      },
      ready: /Storefront ready at http:\/\/[^:\s]+:(\d+)/,
    },
  );
  gatewayPorts[index] = Number(gatewayPort);
  running.get(name).child.once('exit', (code, signal) => {
    if (stopping) return;
    log(`${name} exited (${String(signal ?? code)}); starting it again`);
    startGateway(index, env).then(writeState, (error) => {
      log(`${name} could not start again: ${String(error.message)}`);
    });
  });
}

function nginxConfig() {
  const runAs = process.getuid?.() === 0 ? 'user root;\n' : '';
  const direct = options['static-root']
    ? `    location /direct/ {\n      alias ${path.resolve(options['static-root'])}/;\n      expires max;\n    }\n`
    : '';
  const servers = gatewayPorts.map(
    (p) => `    server 127.0.0.1:${String(p)} max_fails=1 fail_timeout=5s;`,
  );
  return `${runAs}daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
events { worker_connections 4096; }
http {
  # Each request, without a preview link's id or a learner's token (access-log.conf says why).
  include ${NGINX_SETTINGS}/access-log.conf;
  access_log ${dir}/nginx-access.log storefront;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  types { application/javascript js; text/css css; application/json json; }
  # Connections and time limits per client.
  include ${NGINX_SETTINGS}/clients.conf;

  # The edge keeps what the gateway marks cacheable (hashed assets: public, max-age, immutable)
  # and nothing else: pages, manifests and remotes.json say no-cache, answers about a person
  # no-store, and nothing sent with credentials is kept or served from here.
  proxy_cache_path ${dir}/edge-cache levels=1:2 keys_zone=edge:10m max_size=512m inactive=1d use_temp_path=off;

  upstream gateways {
${servers.join('\n')}
    include ${NGINX_SETTINGS}/gateway-pool.conf;
  }

  server {
    listen 127.0.0.1:${String(port)};
${direct}    location / {
      proxy_pass http://gateways;
      # Framing, connection and forwarding headers: nginx frames each request anew.
      include ${NGINX_SETTINGS}/proxy.conf;

      proxy_cache edge;
      # No cache lock: nginx cannot tell a page (never kept) from a file before the answer, and a
      # lock would queue every concurrent request for the same page behind the first.
      proxy_cache_revalidate on;
      proxy_cache_bypass $http_authorization $http_cookie;
      proxy_no_cache $http_authorization $http_cookie;
      add_header X-Edge-Cache $upstream_cache_status always;

      # A gateway that is down or dies mid-answer: the request goes to another one, if nginx may
      # send it again (never a POST or PATCH, which could have been carried out).
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries ${String(Math.min(gatewayCount, 3))};
      proxy_connect_timeout 2s;
    }
  }

  # Connections now and requests so far (for a Prometheus nginx exporter), on loopback only: never
  # through the storefront's port.
  server {
    listen 127.0.0.1:${String(nginxStatusPort)};
    access_log off;
    location = /nginx_status { stub_status; }
    location / { return 404; }
  }
}
`;
}

async function up() {
  await startRedis();
  const wooCommerce = {
    key: `ck_${randomBytes(20).toString('hex')}`,
    secret: `cs_${randomBytes(20).toString('hex')}`,
  };
  sampleUrl = await startSample(wooCommerce);
  const gatewayEnv = {
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    WORDPRESS_URL: sampleUrl,
    WORDPRESS_PUBLIC_URL: SAMPLE_WORDPRESS_PUBLIC_URL,
    LMS_API_URL: sampleUrl,
    PORTAL_URL: `${sampleUrl}/portal`,
    WC_CONSUMER_KEY: wooCommerce.key,
    WC_CONSUMER_SECRET: wooCommerce.secret,
    COOKIE_SECRET: randomBytes(32).toString('hex'),
    REDIS_URL: `unix://${redisSocket}`,
    DEPLOY_DIR: deployDir,
    // Only nginx, on this machine, says who the client is.
    TRUSTED_PROXIES: '127.0.0.1',
    LOG_LEVEL: options['log-level'],
  };
  for (let index = 0; index < gatewayCount; index++) metricsPorts[index] = await freePort();
  nginxStatusPort = await freePort();
  await Promise.all(
    Array.from({ length: gatewayCount }, (_, index) => startGateway(index, gatewayEnv)),
  );
  const nginxConf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(nginxConf, nginxConfig());
  const errorLog = path.join(dir, 'nginx-error.log');
  await start('nginx', NGINX, ['-p', dir, '-c', nginxConf, '-e', errorLog]);
  await Promise.race([
    waitFor(`http://127.0.0.1:${String(port)}/healthz`, START_TIMEOUT_MS),
    running.get('nginx').exited.then(() => {
      throw new Error(`nginx stopped: ${fs.readFileSync(errorLog, 'utf8').trim()}`);
    }),
  ]);
  writeState();
  log(
    `${String(gatewayCount)} gateway(s) on ports ${gatewayPorts.join(', ')}, Redis on ${redisSocket}, logs in ${dir}`,
  );
  log(
    `metrics: ${metricsPorts.map((p) => `http://127.0.0.1:${String(p)}/metrics`).join(' ')}; nginx: http://127.0.0.1:${String(nginxStatusPort)}/nginx_status`,
  );
  console.log(`Storefront cluster ready at ${publicUrl}`);
}

/** Stops everything once; a second call (another signal) waits for the same stop. */
let stopped;
function stopAll(reason) {
  stopped ??= stopEverything(reason);
  return stopped;
}

async function stopEverything(reason) {
  stopping = true;
  log(`${reason}, stopping`);
  // The front first, so no request reaches a gateway that is going away.
  const gateways = [...running.keys()].filter((name) => name.startsWith('gateway-'));
  for (const name of ['nginx', ...gateways, 'sample', 'redis']) {
    const entry = running.get(name);
    if (!entry) continue;
    entry.child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    const timer = setTimeout(() => entry.child.kill('SIGKILL'), 10_000);
    await entry.exited;
    clearTimeout(timer);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  if (options['state-file']) fs.rmSync(options['state-file'], { force: true });
}

process.on('SIGINT', () => void stopAll('SIGINT received').then(() => process.exit(0)));
process.on('SIGTERM', () => void stopAll('SIGTERM received').then(() => process.exit(0)));
up().catch(async (error) => {
  console.error(`The cluster could not start: ${String(error.message)}`);
  await stopAll('start failed');
  process.exit(1);
});
