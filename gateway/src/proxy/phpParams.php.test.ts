import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import { makeAppsRoot, testGatewayOptions } from '../test-support/contract';
import { freePort } from '../test-support/ports';
import { connectRaw, statusOf } from '../test-support/rawHttp';

/**
 * The differential test of the gateway's reading of queries and forms (phpParams.ts) against
 * real PHP: Debian's php-cli serves our echo script (test-support/php/echo.php), which says what
 * PHP parsed, behind a gateway. Whatever the gateway lets through to PHP, PHP reads exactly the
 * names and values the gateway allowed (a route's own, as they were sent), and never a name that
 * steers WordPress.
 */

const PHP = '/usr/bin/php';
const ECHO_SCRIPT = path.join(__dirname, '../test-support/php/echo.php');

/** What the echo script reports. */
interface PhpParsed {
  method: string;
  get: Record<string, unknown>;
  post: Record<string, unknown>;
  query: string;
  body: string;
}

/** A route that reaches PHP, and the names of the query (and form) it takes. */
interface Route {
  method: 'GET' | 'POST';
  path: string;
  query: readonly string[];
  form?: readonly string[];
}

const ORDER_KEY = 'wc_order_AbC123';

const PAYMENT_PAGE: Route = {
  method: 'GET',
  path: '/checkout/order-pay/52003/',
  query: ['pay_for_order', 'key'],
};
const PAYMENT_FORM: Route = {
  method: 'POST',
  path: '/checkout/order-pay/52003/',
  query: ['pay_for_order', 'key'],
  form: ['woocommerce_pay', 'payment_method', 'cancel_order', 'terms', 'woocommerce-pay-nonce'],
};
const UPLOAD: Route = { method: 'GET', path: '/wp-content/uploads/2024/02/plab.png', query: [] };

const ROUTES: readonly Route[] = [
  { method: 'GET', path: '/wp-json/custom/v1/search', query: ['s'] },
  { method: 'GET', path: '/wp-json/wp/v2/home_banner', query: ['t'] },
  { method: 'GET', path: '/wp-json/wp/v2/categories', query: ['per_page'] },
  PAYMENT_PAGE,
  PAYMENT_FORM,
  UPLOAD,
  { method: 'GET', path: '/portal/course/token', query: ['isMobileApp'] },
];

const STEERING = ['rest_route', '_method', '_jsonp', '_envelope'];

/** Every value starts with this, so that a refusal that shows a value is seen. */
const VALUE_MARK = 'v4lue';

/** A character of a name PHP reads as it is written. */
const NAME_CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789_-';
const NAME_CHARACTER = fc.nat(NAME_CHARACTERS.length - 1).map((at) => NAME_CHARACTERS.charAt(at));

/** Names as an attacker spells them: the steering names and the route's own, bent as PHP reads them. */
function names(own: readonly string[]): fc.Arbitrary<string> {
  const base = fc.constantFrom(...STEERING, ...own, 'wc-api', 'id');
  const bent = fc
    .tuple(
      base,
      fc.constantFrom<(name: string) => string>(
        (name) => name.replace('_', '['),
        (name) => name.replace('_', '.'),
        (name) => name.replace('_', '+'),
        (name) => name.replace('_', '%20'),
        (name) => name.replace('_', '%2E'),
        (name) => name.replace('_', '%5B'),
        (name) => name.replace('_', '%5F'),
        (name) => `${name}%00`,
        (name) => `${name}%00x`,
        (name) => `${name}[]`,
        (name) => `${name}%5B%5D`,
        (name) => `${name}[x]`,
        (name) => `%20${name}`,
        (name) => `+${name}`,
        (name) => `${name.slice(0, 1)}%${name.charCodeAt(1).toString(16)}${name.slice(2)}`,
        (name) => `${name}%C3%A9`,
        (name) => `${name}é`,
        (name) => name.toUpperCase(),
        (name) => name.charAt(0).toUpperCase() + name.slice(1),
      ),
    )
    .map(([name, bend]) => bend(name));
  return fc.oneof(
    { arbitrary: fc.constantFrom(...own, ...STEERING), weight: 3 },
    { arbitrary: bent, weight: 4 },
    { arbitrary: fc.string({ unit: NAME_CHARACTER, minLength: 1, maxLength: 8 }), weight: 1 },
  );
}

/** A value's text: printable ASCII and the characters that need care. */
const valueText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ' ',
        '+',
        '&',
        '=',
        '%',
        '#',
        '[',
        ']',
        '.',
        ';',
        '\0',
        'é',
        '€',
        '\u{1F600}',
      ),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 4 },
  )
  .map((parts) => `${VALUE_MARK}${parts.join('')}`);

/** Ways a browser, or anything else, writes a value in a query or form. */
const encodings = fc.constantFrom<(value: string) => string>(
  (value) => encodeURIComponent(value),
  (value) => new URLSearchParams({ x: value }).toString().slice(2),
  (value) =>
    [...Buffer.from(value, 'utf8')]
      .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
      .join(''),
  // Only what must be: `=`, `[`, `]`, `.` and `;` as they are.
  (value) =>
    value.replace(/[%&#+ ]|[^\x21-\x7e]/gu, (char) =>
      char === ' ' ? '+' : encodeURIComponent(char),
    ),
  // Broken: a `%` that encodes nothing, half a UTF-8 character.
  (value) => `${encodeURIComponent(value)}%zz`,
  (value) => `${encodeURIComponent(value)}%C3`,
);

/** Query or form text: name=value pieces, sometimes a name alone or an empty piece. */
function formText(own: readonly string[]): fc.Arbitrary<string> {
  const piece = fc.oneof(
    {
      arbitrary: fc.tuple(names(own), valueText, encodings).map(([n, v, e]) => `${n}=${e(v)}`),
      weight: 8,
    },
    { arbitrary: names(own), weight: 1 },
    { arbitrary: fc.constant(''), weight: 1 },
  );
  return fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join('&'));
}

/** How PHP decodes a name or value (php_url_decode), read as UTF-8 as the echo reports it. */
function phpDecoded(text: string): string {
  const bytes: number[] = [];
  const raw = Buffer.from(text.replace(/\+/g, ' '), 'utf8');
  for (let i = 0; i < raw.length; i += 1) {
    const hex = raw.subarray(i + 1, i + 3).toString('latin1');
    if (raw[i] === 0x25 && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(raw[i] ?? 0);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * What PHP must read of `text` if the gateway let it through: the pieces whose names are, as
 * sent, names the route takes, each value as PHP decodes it (the last one of a name given twice).
 */
function allowedOf(text: string, own: readonly string[]): Record<string, string> {
  const allowed: Record<string, string> = {};
  for (const piece of text.split('&')) {
    const equals = piece.indexOf('=');
    const name = equals < 0 ? piece : piece.slice(0, equals);
    if (own.includes(name)) allowed[name] = phpDecoded(equals < 0 ? '' : piece.slice(equals + 1));
  }
  return allowed;
}

const FORM_TYPES = [
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=UTF-8',
  'multipart/form-data; boundary=b0undary',
  'text/plain',
  'application/json',
];

/** A multipart body naming the same fields, which PHP would parse into $_POST as well. */
function multipart(text: string): string {
  const parts = text
    .split('&')
    .filter((piece) => piece !== '')
    .map((piece) => {
      const [name = '', value = ''] = piece.split('=');
      return `--b0undary\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    });
  return `${parts.join('')}--b0undary--\r\n`;
}

let php: ChildProcess | undefined;
let gateway: FastifyInstance;
let gatewayPort = 0;
/** Each request comes from its own loopback address: the payment form's rate limit is per client. */
let client = 0;

/** Starts `php -S` with the echo script; resolves once it says it listens. */
async function startPhp(port: number): Promise<ChildProcess> {
  // A few workers answer at once; they and the server are one process group, stopped together.
  const server = spawn(PHP, ['-S', `127.0.0.1:${String(port)}`, ECHO_SCRIPT], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const hear = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('started')) resolve();
    };
    server.stdout.on('data', hear);
    server.stderr.on('data', hear);
    server.once('exit', (code) => reject(new Error(`php -S stopped (${String(code)}): ${said}`)));
  });
  // Its log of each request is read and dropped.
  server.stdout.resume();
  server.stderr.resume();
  return server;
}

beforeAll(async () => {
  if (!fs.existsSync(PHP)) {
    throw new Error(
      `${PHP} is missing: the differential tests run real PHP. Install it with "apt-get install -y php-cli" (Debian).`,
    );
  }
  const port = await freePort();
  php = await startPhp(port);
  const phpUrl = `http://127.0.0.1:${String(port)}`;
  const options = testGatewayOptions(makeAppsRoot(), phpUrl);
  gateway = await buildGateway({ ...options, upstreams: { ...options.upstreams, portal: phpUrl } });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  gatewayPort = (gateway.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await gateway.close();
  const server = php;
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    // The server and its workers: the process group this test started.
    process.kill(-server.pid);
    await exited;
  }
});

/** Sends a request as written, byte for byte, and reads its one answer. */
async function send(method: string, target: string, headers: string[], body = '') {
  client += 1;
  const localAddress = `127.0.${String(1 + Math.floor(client / 250))}.${String(1 + (client % 250))}`;
  const connection = await connectRaw(gatewayPort, { methods: [method], localAddress });
  const payload = Buffer.from(body, 'utf8');
  const head = [
    `${method} ${target} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...headers,
    ...(method === 'POST' ? [`Content-Length: ${String(payload.length)}`] : []),
  ];
  connection.socket.write(
    Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'), payload]),
  );
  // An answer that does not end fails the test (named) rather than Jest's own timeout.
  const deadline = setTimeout(() => {
    connection.faults.push('no end after 10 s');
    connection.socket.destroy();
  }, 10_000);
  await connection.closed;
  clearTimeout(deadline);
  const [answer] = connection.answers;
  if (!answer) throw new Error(`No answer to ${method} ${target}: ${connection.faults.join('; ')}`);
  return { status: statusOf(answer), body: answer.body.toString('utf8') };
}

/** What PHP parsed, when the answer is the echo script's; undefined when the gateway answered. */
function phpParsed(body: string): PhpParsed | undefined {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    return undefined;
  }
  const echo = (answer as { php_echo?: unknown }).php_echo;
  if (typeof echo !== 'string') return undefined;
  return JSON.parse(Buffer.from(echo, 'base64').toString('utf8')) as PhpParsed;
}

/** The names of a parsed array, each as PHP set it, for the steering check. */
const steeringIn = (parsed: Record<string, unknown>) =>
  Object.keys(parsed).filter((name) => STEERING.includes(name.toLowerCase()));

describe('what PHP reads is what the gateway decided', () => {
  it('on every mount that reaches PHP, PHP reads exactly the names and values the gateway allowed, and never a steering name', async () => {
    const request = fc.oneof(
      ...ROUTES.map((route) =>
        fc.record({
          route: fc.constant(route),
          query: formText(route.query),
          form: formText(route.form ?? []),
          type: fc.constantFrom(...FORM_TYPES),
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ route, query, form, type }) => {
        // The payment form posts to its page's URL, with the order's key.
        const fullQuery = route.form ? `pay_for_order=true&key=${ORDER_KEY}&${query}` : query;
        const body = type.startsWith('multipart/') ? multipart(form) : form;
        const answer = await send(
          route.method,
          `${route.path}?${fullQuery}`,
          route.method === 'POST' ? [`Content-Type: ${type}`] : [],
          route.method === 'POST' ? body : '',
        );
        const parsed = phpParsed(answer.body);
        if (!parsed) {
          // Refused by the gateway, and never with a value.
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.body).not.toContain(VALUE_MARK);
          return;
        }
        expect(steeringIn(parsed.get)).toEqual([]);
        expect(steeringIn(parsed.post)).toEqual([]);
        expect(parsed.get).toEqual(allowedOf(fullQuery, route.query));
        const formTaken = route.form !== undefined && type.startsWith('application/x-www-form');
        expect(parsed.post).toEqual(formTaken ? allowedOf(form, route.form ?? []) : {});
      }),
      {
        numRuns: 250,
        examples: [
          [
            {
              route: PAYMENT_PAGE,
              query: 'rest[route=/wp/v2/users',
              form: '',
              type: 'text/plain',
            },
          ],
          [
            {
              route: PAYMENT_PAGE,
              query: 'rest_route%00=/wp/v2/users',
              form: '',
              type: 'text/plain',
            },
          ],
          [
            {
              route: PAYMENT_FORM,
              query: '',
              form: 'woocommerce_pay=1&rest[route=/wp/v2/users',
              type: 'application/x-www-form-urlencoded',
            },
          ],
          [{ route: UPLOAD, query: '_method%00=DELETE', form: '', type: 'text/plain' }],
        ],
      },
    );
    // A few hundred requests through the gateway to PHP: a few seconds.
  }, 60_000);
});
