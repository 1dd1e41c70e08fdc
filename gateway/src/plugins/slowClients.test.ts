import { buildGateway } from '../app';
import { SERVER_TIMEOUTS } from './framing';
import { makeAppsRoot, testGatewayOptions } from '../test-support/contract';
import { eventually } from '../test-support/eventually';
import { startTestNginx, type TestNginx } from '../test-support/nginxServer';
import {
  connectRaw,
  exchange,
  headerValues,
  startRecordedGateway,
  statusOf,
  type RawConnection,
  type RecordedGateway,
  type RecordingUpstream,
} from '../test-support/rawHttp';

/**
 * Slow and lying clients: each gets a 4xx or a closed connection for itself alone, within the
 * gateway's time limits, while every other visitor is served, and the upstream only ever sees
 * whole, well-framed requests.
 */

/** Small limits, so a test proves each one in well under a second. */
const TIMEOUTS = { requestMs: 500, headersMs: 250, keepAliveMs: 300, idleMs: 3000 };

function head(method: string, agent: string, extra = ''): string {
  return `${method} /portal/slow HTTP/1.1\r\nHost: shop.example.test\r\nUser-Agent: ${agent}\r\n${extra}`;
}

/** What reached the upstream from requests sent as `agent`. */
function recordsOf(recorder: RecordingUpstream, agent: string) {
  return recorder.records.filter(
    (record) => headerValues(record.message, 'user-agent')[0] === agent,
  );
}

function errorOf(connection: RawConnection) {
  return connection.answers.map((answer) => ({
    status: statusOf(answer),
    body: JSON.parse(answer.body.toString('utf8')) as unknown,
  }));
}

const TIMED_OUT = {
  status: 408,
  body: {
    code: 'request_timeout',
    message: 'The request took too long to arrive.',
    data: { status: 408 },
  },
};

describe('slow clients at the gateway', () => {
  let recorder: RecordingUpstream;
  let port: number;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ recorder, port, close } = await startRecordedGateway({ serverTimeouts: TIMEOUTS }));
  });

  afterAll(() => close());

  afterEach(() => {
    // Nothing any test sends may leave the upstream reading a request that never ends.
    expect(recorder.faults).toEqual([]);
  });

  /** A request from a client that is not slow, answered by the upstream. */
  async function visitorIsServed(agent: string) {
    const visitor = await exchange(port, `${head('GET', agent)}Connection: close\r\n\r\n`, ['GET']);
    expect(visitor.answers.map(statusOf)).toEqual([200]);
    expect(recordsOf(recorder, agent)).toHaveLength(1);
  }

  it('in production, a body must arrive within 30 s and headers within 10 s', async () => {
    const options = testGatewayOptions(makeAppsRoot(), recorder.url);
    const production = await buildGateway(options);
    try {
      expect(production.server.requestTimeout).toBe(30_000);
      expect(production.server.headersTimeout).toBe(10_000);
      expect(production.server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
      expect(production.server.timeout).toBe(SERVER_TIMEOUTS.idleMs);
    } finally {
      await production.close();
    }
  });

  it('fifty bodies that never end are each answered 408 and closed; another visitor is served meanwhile', async () => {
    const slow = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const connection = await connectRaw(port, { methods: ['POST'] });
        connection.socket.write(
          `${head('POST', 'never-ends')}Content-Type: text/plain\r\nContent-Length: 100\r\n\r\n0123456789`,
        );
        return connection;
      }),
    );

    await visitorIsServed('visitor-during-slow-bodies');

    await Promise.all(slow.map((connection) => connection.closed));
    for (const connection of slow) expect(errorOf(connection)).toEqual([TIMED_OUT]);
    expect(recordsOf(recorder, 'never-ends')).toEqual([]);
  });

  it('a body trickled a byte at a time is cut at the request limit, though it never pauses long', async () => {
    const trickle = await connectRaw(port, { methods: ['POST'] });
    trickle.socket.write(
      `${head('POST', 'trickle')}Content-Type: text/plain\r\nContent-Length: 1000\r\n\r\n`,
    );
    // A byte every 50 ms: never idle long enough for the idle limit; only the whole-request
    // limit ends it (its answer says so: 408).
    const pacing = setInterval(() => trickle.socket.write('x'), 50);
    await trickle.closed;
    clearInterval(pacing);

    expect(errorOf(trickle)).toEqual([TIMED_OUT]);
    expect(recordsOf(recorder, 'trickle')).toEqual([]);
  });

  it('headers that never end are answered 408 and closed', async () => {
    const slow = await connectRaw(port);
    slow.socket.write(`${head('GET', 'slow-headers')}X-Still-Typing: `);

    await visitorIsServed('visitor-during-slow-headers');
    await slow.closed;

    expect(errorOf(slow)).toEqual([TIMED_OUT]);
    expect(recordsOf(recorder, 'slow-headers')).toEqual([]);
  });

  it('an idle connection is closed after the keep-alive limit', async () => {
    const idle = await connectRaw(port, { methods: ['GET'] });
    idle.socket.write(`${head('GET', 'idle')}\r\n`);

    await idle.closed;

    expect(idle.answers.map(statusOf)).toEqual([200]);
  });

  it('a declared length longer than the body: 408 for that client; the upstream sees nothing', async () => {
    const liar = await connectRaw(port, { methods: ['POST'] });
    liar.socket.write(
      `${head('POST', 'longer')}Content-Type: text/plain\r\nContent-Length: 50\r\n\r\nonly ten b`,
    );

    await visitorIsServed('visitor-during-longer');
    await liar.closed;

    expect(errorOf(liar)).toEqual([TIMED_OUT]);
    expect(recordsOf(recorder, 'longer')).toEqual([]);
  });

  it('a declared length shorter than the body: the rest is no request, and the connection closes', async () => {
    const liar = await exchange(
      port,
      `${head('POST', 'shorter')}Content-Type: text/plain\r\nContent-Length: 5\r\n\r\n` +
        'hello, and the rest of a body that is no request',
      ['POST'],
    );

    // The first five bytes are the request's body, as declared; what follows is refused.
    await eventually(() => recordsOf(recorder, 'shorter').length === 1, 'the declared request');
    expect(recordsOf(recorder, 'shorter')[0]?.message.body.toString()).toBe('hello');
    // The declared request's answer, unless the connection closed before it was ready.
    expect(liar.answers.map(statusOf)).toEqual([200].slice(0, liar.answers.length));
    expect(recorder.outOfStep()).toEqual([]);
  });

  it('pipelined requests then a half-sent one: the whole ones reach the upstream, the rest ends in time', async () => {
    const client = await connectRaw(port, { methods: ['GET', 'GET', 'POST'] });
    client.socket.write(
      `${head('GET', 'pipelined-1')}\r\n${head('GET', 'pipelined-2')}\r\n` +
        `${head('POST', 'half-sent')}Content-Type: text/plain\r\nContent-Length: 20\r\n\r\nhalf`,
    );

    await client.closed;

    expect(recordsOf(recorder, 'pipelined-1')).toHaveLength(1);
    expect(recordsOf(recorder, 'pipelined-2')).toHaveLength(1);
    expect(recordsOf(recorder, 'half-sent')).toEqual([]);
    // Each answer is its own request's, in order: the two reads, then the timeout.
    expect(client.answers.map(statusOf)).toEqual([200, 200, 408].slice(0, client.answers.length));
    expect(recorder.outOfStep()).toEqual([]);
  });

  it('a request cut off half-way by its client never reaches the upstream', async () => {
    const client = await connectRaw(port, { methods: ['POST'] });
    client.socket.end(
      `${head('POST', 'cut-off')}Content-Type: text/plain\r\nContent-Length: 20\r\n\r\nhalf`,
    );

    await client.closed;
    await visitorIsServed('visitor-after-cut-off');

    expect(recordsOf(recorder, 'cut-off')).toEqual([]);
  });
});

describe("the cluster's nginx in front of the gateway", () => {
  let recorder: RecordingUpstream;
  let gateway: RecordedGateway;
  let nginx: TestNginx;

  beforeAll(async () => {
    gateway = await startRecordedGateway();
    ({ recorder } = gateway);
    nginx = await startTestNginx(gateway.port);
  });

  afterAll(async () => {
    await nginx.close();
    await gateway.close();
  });

  it('one client address holds at most 200 requests in progress; the next is 429, another address is served', async () => {
    // Each of these has sent its headers and is asked for its body (100 Continue): nginx counts
    // it from then on, until the body arrives or its time is up.
    const held = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const connection = await connectRaw(nginx.port, { methods: ['POST'] });
        connection.socket.write(
          `${head('POST', 'held')}Content-Type: text/plain\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n`,
        );
        await eventually(() => connection.interim.length > 0, '100 Continue');
        return connection;
      }),
    );
    try {
      const oneMore = await exchange(
        nginx.port,
        `${head('GET', 'one-more')}Connection: close\r\n\r\n`,
        ['GET'],
      );
      const elsewhere = await connectRaw(nginx.port, {
        methods: ['GET'],
        localAddress: '127.0.0.2',
      });
      elsewhere.socket.write(`${head('GET', 'elsewhere')}Connection: close\r\n\r\n`);
      await elsewhere.closed;

      expect(oneMore.answers.map(statusOf)).toEqual([429]);
      expect(recordsOf(recorder, 'one-more')).toEqual([]);
      expect(elsewhere.answers.map(statusOf)).toEqual([200]);
    } finally {
      for (const connection of held) connection.socket.destroy();
    }
    expect(recordsOf(recorder, 'held')).toEqual([]);
  });
});
