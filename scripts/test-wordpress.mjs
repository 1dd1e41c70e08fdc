#!/usr/bin/env node
// npm run test:wordpress: the production gateway in front of a real WordPress 6.1 (Debian's
// `wordpress`, on its own MariaDB, served by `php -S`), proving that no spelling of the
// parameters that steer WordPress to another route or method (`rest_route`, `_method`, `_jsonp`,
// `_envelope`) gets through any mount that reaches PHP.
//
// 1. WordPress alone: each spelling is sent straight to it, and the table says which it honours
//    (it answers the users list on a front-end URL, deletes instead of reading, wraps in JSONP).
// 2. The gateway (gateway/dist/main.js, configured as production: WORDPRESS_URL, PUBLIC_URL,
//    COOKIE_SECRET, dummy WooCommerce keys) in front of it: each spelling on each mount with GET,
//    HEAD and POST (in the query, and in a form body) must be refused (400, 404, or 405/415 for
//    a method or a body the path never takes) and never answered by another route; the
//    storefront's ordinary reads must still work.
// Prints one row per request and a summary per spelling, and exits 1 on any failure. Everything it starts (MariaDB, PHP, the
// gateway) runs on a temporary folder and loopback only, and is stopped by its pid at the end,
// on failure and on Ctrl-C. Not part of `npm test`: it needs MariaDB.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, processes } from './processes.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const WORDPRESS = '/usr/share/wordpress';
const PHP = '/usr/bin/php';
const MARIADB_INSTALL = '/usr/bin/mariadb-install-db';
const MARIADB_SERVER = '/usr/sbin/mariadbd';
const MARIADB_CLIENT = '/usr/bin/mariadb';
const GATEWAY = path.join(ROOT, 'gateway', 'dist', 'main.js');
const OWN_FILES = path.join(ROOT, 'scripts', 'wordpress');
const START_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** Requests in flight at once: WordPress runs two PHP workers, on a machine of two cores. */
const CONCURRENCY = 2;

/** Debian's packages this needs, each with a file it installs. */
function missingPackages() {
  const missing = [
    [`${WORDPRESS}/wp-includes/version.php`, 'wordpress'],
    [MARIADB_SERVER, 'mariadb-server'],
    [MARIADB_INSTALL, 'mariadb-server'],
    [MARIADB_CLIENT, 'mariadb-client'],
    [PHP, 'php-cli'],
  ]
    .filter(([file]) => !fs.existsSync(file))
    .map(([, pkg]) => pkg);
  if (fs.existsSync(PHP)) {
    const mysqli = spawnSync(PHP, ['-r', 'exit(extension_loaded("mysqli") ? 0 : 1);']);
    if (mysqli.status !== 0) missing.push('php-mysql');
  }
  return [...new Set(missing)];
}

// ---------------------------------------------------------------------------------------------
// Processes: each started in a group of its own, stopped by its pid (its group) at the end.

/** The temporary folder: the database, the document root, the logs. */
let dir;
/** The processes started, by name. */
const { running, start } = processes({
  root: ROOT,
  logDir: () => dir,
  startTimeoutMs: START_TIMEOUT_MS,
});

/** Runs a command to its end, stopped like the others; answers its output, rejects when it fails. */
function run(name, command, args, { cwd = ROOT, input } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const entry = { child, exited: new Promise((resolve) => child.once('exit', resolve)) };
  running.set(name, entry);
  const output = { stdout: [], stderr: [] };
  child.stdout.on('data', (chunk) => output.stdout.push(chunk));
  child.stderr.on('data', (chunk) => output.stderr.push(chunk));
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (running.get(name) === entry) running.delete(name);
      const stdout = Buffer.concat(output.stdout).toString('utf8');
      if (code === 0) {
        resolve(stdout);
        return;
      }
      const stderr = Buffer.concat(output.stderr).toString('utf8');
      reject(new Error(`${name} failed (${String(signal ?? code)}):\n${stdout}${stderr}`));
    });
  });
}

/** Signals a process group; false when none of it is left. */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a process and its group (mariadb-install-db's server, PHP's workers): SIGTERM, SIGKILL
 * after 10 s; resolves once none of the group is left.
 */
async function stopGroup({ child, exited }) {
  signalGroup(child.pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  await exited;
  // The leader has gone; the rest of its group may take a moment (a server closing its files).
  while (signalGroup(child.pid, 0)) {
    if (Date.now() > deadline) signalGroup(child.pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Stops everything started, the last started first, then removes the temporary folder; once. */
let stopped;
function stopAll() {
  stopped ??= (async () => {
    // The gateway, WordPress, then its database.
    for (const entry of [...running.values()].reverse()) await stopGroup(entry);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  })();
  return stopped;
}

// ---------------------------------------------------------------------------------------------
// MariaDB and WordPress.

/** A PHP string literal. */
const php = (value) => `'${String(value).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** MariaDB on a temporary datadir, its Unix socket only; answers the socket's path. */
async function startMariaDb() {
  const user = os.userInfo().username;
  const data = path.join(dir, 'mariadb');
  const socket = path.join(dir, 'mariadb.sock');
  const fast = ['--innodb-flush-log-at-trx-commit=0', '--innodb-flush-method=nosync'];
  await run('mariadb-install-db', MARIADB_INSTALL, [
    '--no-defaults',
    `--datadir=${data}`,
    `--user=${user}`,
    '--auth-root-authentication-method=socket',
    '--skip-test-db',
    ...fast,
  ]);
  await start(
    'mariadb',
    MARIADB_SERVER,
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--socket=${socket}`,
      `--pid-file=${path.join(dir, 'mariadb.pid')}`,
      '--skip-networking',
      `--user=${user}`,
      ...fast,
    ],
    { ready: /ready for connections/ },
  );
  return { socket, user };
}

/**
 * WordPress's own document root: links to Debian's files, with the test's wp-config.php and
 * wp-content (Debian's themes and plugins, the stand-ins as a must-use plugin, one upload).
 */
function documentRoot({ socket, password, siteUrl }) {
  const root = path.join(dir, 'site');
  fs.mkdirSync(root);
  for (const entry of fs.readdirSync(WORDPRESS)) {
    if (['wp-config.php', 'wp-content', '.htaccess'].includes(entry)) continue;
    fs.symlinkSync(path.join(WORDPRESS, entry), path.join(root, entry));
  }
  const content = path.join(root, 'wp-content');
  fs.mkdirSync(path.join(content, 'mu-plugins'), { recursive: true });
  fs.mkdirSync(path.join(content, 'uploads', 'storefront'), { recursive: true });
  for (const entry of ['themes', 'plugins', 'languages']) {
    fs.symlinkSync(path.join(WORDPRESS, 'wp-content', entry), path.join(content, entry));
  }
  fs.copyFileSync(
    path.join(OWN_FILES, 'storefront-stand-ins.php'),
    path.join(content, 'mu-plugins', 'storefront-stand-ins.php'),
  );
  fs.copyFileSync(path.join(OWN_FILES, 'router.php'), path.join(root, 'router.php'));
  fs.writeFileSync(path.join(content, 'uploads', 'storefront', 'pixel.png'), PIXEL);
  const keys = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ].map((name) => `define(${php(name)}, ${php(randomBytes(32).toString('hex'))});`);
  fs.writeFileSync(
    path.join(root, 'wp-config.php'),
    [
      '<?php',
      '// The test WordPress of scripts/test-wordpress.mjs, written at each run.',
      "define('DB_NAME', 'wordpress');",
      "define('DB_USER', 'wordpress');",
      `define('DB_PASSWORD', ${php(password)});`,
      `define('DB_HOST', ${php(`localhost:${socket}`)});`,
      "define('DB_CHARSET', 'utf8mb4');",
      "define('DB_COLLATE', '');",
      ...keys,
      "$table_prefix = 'wp_';",
      `define('WP_HOME', ${php(siteUrl)});`,
      `define('WP_SITEURL', ${php(siteUrl)});`,
      "define('WP_CONTENT_DIR', ABSPATH . 'wp-content');",
      `define('WP_CONTENT_URL', ${php(`${siteUrl}/wp-content`)});`,
      "define('DISABLE_WP_CRON', true);",
      "define('AUTOMATIC_UPDATER_DISABLED', true);",
      "define('WP_HTTP_BLOCK_EXTERNAL', true);",
      "require_once ABSPATH . 'wp-settings.php';",
      '',
    ].join('\n'),
  );
  return root;
}

/** A 1×1 PNG: the upload the content links to. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A database and its user, WordPress installed, served by `php -S`; answers its URL and ids. */
async function startWordPress() {
  const { socket, user } = await startMariaDb();
  const password = randomBytes(16).toString('hex');
  await run(
    'mariadb-client',
    MARIADB_CLIENT,
    ['--no-defaults', `--socket=${socket}`, `--user=${user}`],
    {
      input: [
        'CREATE DATABASE wordpress CHARACTER SET utf8mb4;',
        `CREATE USER 'wordpress'@'localhost' IDENTIFIED BY '${password}';`,
        "GRANT ALL ON wordpress.* TO 'wordpress'@'localhost';",
      ].join('\n'),
    },
  );
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${String(port)}`;
  const root = documentRoot({ socket, password, siteUrl });
  const opcache = ['-d', 'opcache.enable_cli=1'];
  const installed = JSON.parse(
    await run(
      'WordPress install',
      PHP,
      [...opcache, path.join(OWN_FILES, 'install.php'), root, siteUrl],
      {
        cwd: root,
      },
    ),
  );
  await start(
    'wordpress',
    PHP,
    [...opcache, '-S', `127.0.0.1:${String(port)}`, '-t', root, path.join(root, 'router.php')],
    {
      cwd: root,
      env: { PHP_CLI_SERVER_WORKERS: String(CONCURRENCY) },
      ready: /Development Server \(http:\/\/127\.0\.0\.1:\d+\) started/,
    },
  );
  return { url: siteUrl, ...installed };
}

// ---------------------------------------------------------------------------------------------
// The gateway, as production runs it.

async function startGateway(wordpressUrl) {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${String(port)}`;
  await start('gateway', process.execPath, [GATEWAY], {
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      COOKIE_SECRET: randomBytes(32).toString('hex'),
      WORDPRESS_URL: wordpressUrl,
      // Not asked here: the cart service, and WooCommerce (not in Debian: its keys are dummies).
      LMS_API_URL: wordpressUrl,
      PORTAL_URL: 'https://portal.example-academy.test',
      WC_CONSUMER_KEY: `ck_${randomBytes(20).toString('hex')}`,
      WC_CONSUMER_SECRET: `cs_${randomBytes(20).toString('hex')}`,
      // Each request says it comes from a client of its own (send()), so a per-client limit (the
      // payment form's 10 a minute) never answers in place of the check under test.
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    ready: /Storefront ready at http:\/\/[^:\s]+:\d+/,
  });
  return publicUrl;
}

// ---------------------------------------------------------------------------------------------
// Requests, sent byte for byte as written (no URL parser in between).

/**
 * Sends one request; answers its status, headers and body (as text). `client`: the address the
 * gateway's trusted proxy (this script) says the request comes from.
 */
function send(base, { method, target, body }, client) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        method,
        path: target,
        headers: {
          accept: 'text/html,application/json;q=0.9,*/*;q=0.8',
          ...(client === undefined ? {} : { 'x-forwarded-for': client }),
          ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            method,
            status: response.statusCode,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${target}: no answer`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** The n-th client's address, in 198.18.0.0/15 (the range set aside for tests). */
const clientAddress = (n) => `198.18.${String(n >> 8)}.${String(n & 255)}`;

/** Runs `task` on each item, `CONCURRENCY` at a time; answers the results in the items' order. */
async function each(items, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// What is sent: the spellings, the mounts, the methods.

/**
 * The users route answered: its list (its items' avatars; a HEAD has only the list's total), or,
 * to a POST, its "create a user" asking for the new user's name.
 */
function usersRoute(answer) {
  if (answer.body.includes('"avatar_urls"')) return 'users list';
  if (answer.method === 'HEAD' && answer.headers['x-wp-total'] !== undefined) return 'users list';
  if (/"rest_missing_callback_param".*username/.test(answer.body)) return 'create user';
  return undefined;
}

/** The users route ran DELETE (the _method it was given) instead of the read the request is. */
const deleteRan = (answer) =>
  answer.body.includes('rest_cannot_delete') || (answer.method === 'HEAD' && answer.status === 401)
    ? 'DELETE ran'
    : undefined;

/** The answer wrapped for a script tag (`_jsonp`). */
const jsonp = (answer) =>
  answer.body.startsWith('/**/cb(') ||
  String(answer.headers['content-type']).startsWith('application/javascript')
    ? 'JSONP'
    : undefined;

/** An answer wrapped in `_envelope`'s {"body", "status", "headers"}. */
const enveloped = (answer) => (/^\{"body":/.test(answer.body) ? 'enveloped' : undefined);

/** The order lookup (the stand-in's) answered: an order's buyer. */
const orderLookup = (answer) =>
  answer.body.includes('"billing_email"') ? 'order lookup' : undefined;

/**
 * Each spelling, with what shows WordPress honoured it. PHP reads a parameter's name after
 * decoding it: a leading space is dropped, it ends at a NUL, and `.`, ` ` (or `+`) and a first
 * unclosed `[` become `_` (main/php_variables.c, php_register_variable_ex); so each of these is
 * `rest_route` (or `_method`, `_jsonp`, `_envelope`) to WordPress. The last three change what the
 * REST route a request names does: under /wp-json, the path's own; elsewhere the one
 * `rest%5Broute` names (itself a spelling of `rest_route`, tested on its own above them).
 */
function spellings(ids) {
  const users = [
    'rest_route',
    'rest[route',
    'rest%5Broute',
    'rest_route%00',
    'rest_route%00.x',
    'rest.route',
    'rest%2Eroute',
    'rest+route',
    'rest%20route',
    '%20rest_route',
  ].map((name) => ({ label: name, param: () => `${name}=/wp/v2/users`, shows: usersRoute }));
  const page = `/wp/v2/pages/${String(ids.checkoutPage)}`;
  const onRoute = (label, shows) => ({
    label,
    param: (mount) => (mount.rest ? label : `rest%5Broute=${page}&${label}`),
    shows,
  });
  return [
    ...users,
    {
      label: 'rest[route=/custom/v2/check-order-lookup/1',
      param: () => 'rest%5Broute=/custom/v2/check-order-lookup/1',
      shows: orderLookup,
    },
    ...['_method', '_method%00', '%20_method'].map((name) => onRoute(`${name}=DELETE`, deleteRan)),
    ...['_jsonp', '_jsonp%00', '%20_jsonp'].map((name) => onRoute(`${name}=cb`, jsonp)),
    ...['_envelope', '_envelope%00', '%20_envelope'].map((name) => onRoute(`${name}=1`, enveloped)),
  ];
}

/**
 * The paths of the mounts that reach PHP: the payment page and its form (which posts to its URL
 * with the order key), an upload and a missing one (WordPress's index.php answers it), a REST
 * route the storefront reads; and the portal, which in production is another host (PORTAL_URL),
 * so the gateway answers it itself (it reaches PHP only as the sample's, without PORTAL_URL).
 */
function mounts(ids) {
  return [
    { path: '/checkout/' },
    {
      path: '/checkout/order-pay/1/',
      query: 'pay_for_order=true&key=wc_order_Ab12Cd34Ef56',
    },
    { path: '/wp-content/uploads/storefront/pixel.png' },
    { path: '/wp-content/uploads/storefront/missing.png' },
    { path: '/portal/' },
    { path: `/wp-json/wp/v2/pages/${String(ids.checkoutPage)}`, rest: true },
  ];
}

/** A field the payment form posts, sent when the probe is in the query. */
const FORM_FIELD = 'payment_method=cheque';

const METHODS = [
  { label: 'GET', method: 'GET', in: 'query' },
  { label: 'HEAD', method: 'HEAD', in: 'query' },
  { label: 'POST ?query', method: 'POST', in: 'query' },
  { label: 'POST body', method: 'POST', in: 'body' },
];

/**
 * The request of one row. A POST with the probe in its query has no body, but on the payment
 * form's path, which takes only its form.
 */
function requestOf(spelling, mount, how) {
  const probe = spelling.param(mount);
  const query = [mount.query, how.in === 'query' ? probe : undefined].filter(Boolean).join('&');
  let body;
  if (how.method === 'POST') body = how.in === 'body' ? probe : mount.query ? FORM_FIELD : '';
  return { method: how.method, target: query ? `${mount.path}?${query}` : mount.path, body };
}

/**
 * The gateway's refusals: a bad parameter (400), nothing there (404), a method (405) or a body
 * type (415) the path never takes.
 */
const REFUSED = [400, 404, 405, 415];

/** The `code` of a JSON error answer. */
function codeOf(answer) {
  try {
    const { code } = JSON.parse(answer.body);
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined; // Not JSON: WordPress's HTML, or a file.
  }
}

/**
 * What WordPress answered instead of what the path names, or undefined: what the spelling shows
 * when honoured, or, on a front-end path, any answer of its REST server (its codes are `rest_…`;
 * the gateway's own refusals there are not).
 */
function steered(answer, spelling, mount) {
  const shown = spelling.shows(answer);
  if (shown) return shown;
  const code = codeOf(answer);
  return !mount.rest && code?.startsWith('rest_') ? `REST ${code}` : undefined;
}

/** What an answer is, in a word or two. */
function described(answer, spelling, mount) {
  const shown = steered(answer, spelling, mount);
  if (shown) return `${shown} (${String(answer.status)})`;
  const code = codeOf(answer);
  return `${String(answer.status)}${code ? ` ${code}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// The storefront's ordinary reads, which must still work through the gateway, and a route it
// keeps closed.

function ordinaryReads(ids) {
  return [
    {
      name: 'a page by its slug (/wp-json/wp/v2/pages?slug=checkout)',
      target: '/wp-json/wp/v2/pages?slug=checkout',
      check: (a) => a.status === 200 && JSON.parse(a.body)[0]?.slug === 'checkout',
    },
    {
      name: 'a page by its id (/wp-json/wp/v2/pages/{id})',
      target: `/wp-json/wp/v2/pages/${String(ids.checkoutPage)}`,
      check: (a) => a.status === 200 && JSON.parse(a.body).id === ids.checkoutPage,
    },
    {
      name: 'the blog (/wp-json/wp/v2/posts)',
      target: '/wp-json/wp/v2/posts',
      check: (a) => a.status === 200 && JSON.parse(a.body).length >= ids.learners.length,
    },
    {
      name: 'an upload (/wp-content/uploads/storefront/pixel.png)',
      target: '/wp-content/uploads/storefront/pixel.png',
      check: (a) =>
        a.status === 200 &&
        a.headers['content-type'] === 'image/png' &&
        a.headers['content-length'] === String(PIXEL.length),
    },
    {
      name: 'the payment page (/checkout/), WordPress’s',
      target: '/checkout/',
      check: (a) => a.status === 200 && a.body.includes('The payment page.'),
    },
    {
      // WordPress answers it to anyone (the stand-in, as the real route); the gateway, only to
      // the order's owner.
      name: 'the order lookup, closed to a stranger (/wp-json/custom/v2/check-order-lookup/1)',
      target: '/wp-json/custom/v2/check-order-lookup/1',
      check: (a) => REFUSED.includes(a.status) || [401, 403].includes(a.status),
    },
  ];
}

// ---------------------------------------------------------------------------------------------

function table(headings, rows) {
  const widths = headings.map((heading, i) =>
    Math.max(heading.length, ...rows.map((row) => row[i].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(headings), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

async function main() {
  const missing = missingPackages();
  if (missing.length > 0) {
    console.error(
      `Missing Debian packages: install them with "apt-get install -y ${missing.join(' ')}".`,
    );
    process.exit(1);
  }
  if (!fs.existsSync(GATEWAY)) {
    console.log('gateway/dist/main.js is missing: building (npm run build)');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  const tmp = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  dir = fs.mkdtempSync(path.join(tmp, 'storefront-wordpress-'));
  const began = performance.now();

  const wordpress = await startWordPress();
  console.log(`WordPress ${wordpress.version} ready at ${wordpress.url}`);
  const cases = [];
  for (const spelling of spellings(wordpress)) {
    for (const mount of mounts(wordpress)) {
      for (const how of METHODS)
        cases.push({
          spelling,
          mount,
          how,
          request: requestOf(spelling, mount, how),
          client: clientAddress(cases.length + 1),
        });
    }
  }

  // 1. WordPress alone: which spellings it honours.
  const alone = await each(cases, (c) => send(wordpress.url, c.request));

  // 2. The gateway in front of it.
  const gatewayUrl = await startGateway(wordpress.url);
  console.log(`Gateway ready at ${gatewayUrl}, in front of it`);
  const through = await each(cases, (c) => send(gatewayUrl, c.request, c.client));

  const verdicts = cases.map((c, i) => {
    if (steered(through[i], c.spelling, c.mount) !== undefined) return 'LEAK';
    return REFUSED.includes(through[i].status) ? 'held' : 'FAIL: not refused';
  });
  const rows = cases.map((c, i) => [
    c.spelling.label,
    c.mount.path,
    c.how.label,
    described(alone[i], c.spelling, c.mount),
    described(through[i], c.spelling, c.mount),
    verdicts[i],
  ]);
  const headings = ['spelling', 'path', 'method', 'WordPress alone', 'through the gateway'];
  console.log(`\n${table([...headings, 'verdict'], rows)}\n`);

  // Per spelling: how often WordPress alone honoured it, and what the gateway did.
  const labels = [...new Set(cases.map((c) => c.spelling.label))];
  const count = (label, test) =>
    String(cases.filter((c, i) => c.spelling.label === label && test(c, i)).length);
  const honouredAlone = (c, i) => steered(alone[i], c.spelling, c.mount) !== undefined;
  const summary = labels.map((label) => [
    label,
    `${count(label, honouredAlone)} of ${count(label, () => true)}`,
    count(label, (_c, i) => verdicts[i] === 'held'),
    count(label, (_c, i) => verdicts[i] === 'LEAK'),
    count(label, (_c, i) => verdicts[i] === 'FAIL: not refused'),
  ]);
  console.log(
    `${table(['spelling', 'WordPress alone honours it', 'held', 'LEAK', 'not refused'], summary)}\n`,
  );
  let failures = verdicts.filter((verdict) => verdict !== 'held').length;
  // A spelling WordPress itself never honours proves nothing about the gateway: the site this
  // test installed does not behave as WordPress does.
  for (const label of labels.filter((name) => count(name, honouredAlone) === '0')) {
    failures += 1;
    console.log(`UNPROVEN: WordPress alone never honoured ${label}, so its rows show nothing`);
  }

  const reads = ordinaryReads(wordpress);
  const answers = await each(reads, (read) =>
    send(gatewayUrl, { method: 'GET', target: read.target }),
  );
  for (const [i, read] of reads.entries()) {
    let ok = false;
    try {
      ok = read.check(answers[i]);
    } catch {
      // Not the JSON expected: a failure, said below.
    }
    if (!ok) failures += 1;
    console.log(
      `${ok ? 'works' : 'BROKEN'}: ${read.name} through the gateway (${String(answers[i].status)})`,
    );
  }

  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  console.log(
    `\n${String(cases.length)} requests per side, ${String(reads.length)} ordinary reads: ${String(failures)} failed (${seconds} s)`,
  );
  return failures === 0 ? 0 : 1;
}

/** Set on Ctrl-C (or SIGTERM): what fails after it is the stopping, not the test. */
let interrupted = false;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    interrupted = true;
    console.error(`${signal}: stopping everything test:wordpress started`);
    void stopAll().then(() => process.exit(code));
  });
}
main().then(
  async (code) => {
    await stopAll();
    process.exit(code);
  },
  async (error) => {
    if (interrupted) return;
    console.error(
      `test:wordpress could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    for (const name of dir ? fs.readdirSync(dir).filter((file) => file.endsWith('.log')) : []) {
      const lines = fs.readFileSync(path.join(dir, name), 'utf8').trimEnd().split('\n');
      console.error(`--- the end of ${name}:\n${lines.slice(-15).join('\n')}`);
    }
    await stopAll();
    process.exit(1);
  },
);
