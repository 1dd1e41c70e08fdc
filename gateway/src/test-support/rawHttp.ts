import net from 'node:net';
import { buildGateway, type GatewayOptions } from '../app';
import { makeAppsRoot, testGatewayOptions } from './contract';

/**
 * HTTP/1.1 on raw sockets, for the tests of the gateway's framing: a strict reader of the bytes
 * that cross a connection, a recording upstream that reads its requests with it, and a client
 * that sends bytes exactly as written and reads its answers the same way.
 */

/** How a message said where its body ends. */
type Framing =
  | { kind: 'none' }
  | { kind: 'length'; length: number }
  | { kind: 'chunked' }
  /** An answer without either: its body ends with the connection. */
  | { kind: 'close' };

/** One HTTP/1.1 message as it crossed a connection. */
export interface HttpMessage {
  /** The request line (`POST /x HTTP/1.1`) or the status line. */
  startLine: string;
  /** Its header lines in order, names lower-cased. */
  headers: [name: string, value: string][];
  framing: Framing;
  body: Buffer;
}

/** The values of a header in a message, one per header line. */
export function headerValues(message: HttpMessage, name: string): string[] {
  return message.headers.filter(([header]) => header === name).map(([, value]) => value);
}

/** A response's status code. */
export function statusOf(message: HttpMessage): number {
  return Number(message.startLine.split(' ')[1]);
}

/** Bytes that are not HTTP/1.1 as RFC 9112 writes it. */
class FramingFault extends Error {}

const CRLF = '\r\n';
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.1$/;
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/;
/** More than this before the end of a head is not a head. */
const MAX_HEAD_BYTES = 64 * 1024;

/** A message's start line and headers, once all of them have arrived. */
interface Head {
  startLine: string;
  headers: [string, string][];
  /** Where its body starts. */
  size: number;
}

function readHead(bytes: Buffer, kind: 'request' | 'response'): Head | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) {
    if (bytes.length > MAX_HEAD_BYTES) throw new FramingFault('a head that does not end');
    return undefined;
  }
  const text = bytes.subarray(0, end).toString('latin1');
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) throw new FramingFault('a bare CR or LF in a head');
  const [startLine = '', ...lines] = text.split(CRLF);
  if (!(kind === 'request' ? REQUEST_LINE : STATUS_LINE).test(startLine)) {
    throw new FramingFault(`not a ${kind} line: ${JSON.stringify(startLine.slice(0, 80))}`);
  }
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    if (colon < 1 || !TOKEN.test(name)) {
      throw new FramingFault(`not a header line: ${JSON.stringify(line.slice(0, 80))}`);
    }
    return [name.toLowerCase(), line.slice(colon + 1).trim()];
  });
  return { startLine, headers, size: end + 4 };
}

/** How a head frames its body: one Content-Length, or one `chunked`, never both, nothing else. */
function framingOf(head: Head, bodiless: boolean): Framing {
  const lengths = head.headers.filter(([name]) => name === 'content-length');
  const codings = head.headers.filter(([name]) => name === 'transfer-encoding');
  if (bodiless) return { kind: 'none' };
  if (lengths.length > 0 && codings.length > 0) {
    throw new FramingFault('both Content-Length and Transfer-Encoding');
  }
  if (codings.length > 0) {
    if (codings.length > 1 || codings[0]?.[1] !== 'chunked') {
      throw new FramingFault(`Transfer-Encoding ${JSON.stringify(codings.map(([, v]) => v))}`);
    }
    return { kind: 'chunked' };
  }
  const [length, ...more] = lengths.map(([, value]) => value);
  if (length === undefined) {
    return { kind: head.startLine.startsWith('HTTP/') ? 'close' : 'none' };
  }
  if (more.length > 0 || !/^\d+$/.test(length)) {
    throw new FramingFault(`Content-Length ${JSON.stringify(lengths.map(([, v]) => v))}`);
  }
  return { kind: 'length', length: Number(length) };
}

/** A chunked body from `start`: the body and where it ends, or undefined while incomplete. */
function readChunks(bytes: Buffer, start: number): { body: Buffer; end: number } | undefined {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = bytes.indexOf(CRLF, at);
    if (lineEnd < 0) return undefined;
    const sizeLine = bytes.subarray(at, lineEnd).toString('latin1');
    const size = /^([0-9a-fA-F]{1,8})(?:;.*)?$/.exec(sizeLine)?.[1];
    if (size === undefined) throw new FramingFault(`chunk size ${JSON.stringify(sizeLine)}`);
    at = lineEnd + 2;
    const length = parseInt(size, 16);
    if (length === 0) {
      // Trailer lines, then the empty line that ends the body.
      for (;;) {
        const trailerEnd = bytes.indexOf(CRLF, at);
        if (trailerEnd < 0) return undefined;
        if (trailerEnd === at) return { body: Buffer.concat(parts), end: at + 2 };
        at = trailerEnd + 2;
      }
    }
    if (bytes.length < at + length + 2) return undefined;
    if (bytes.toString('latin1', at + length, at + length + 2) !== CRLF) {
      throw new FramingFault('a chunk longer than its size');
    }
    parts.push(bytes.subarray(at, at + length));
    at += length + 2;
  }
}

/**
 * Reads the messages of one direction of a connection as its bytes arrive. `bodiless` says
 * whether a message has no body whatever its headers say (the answer to a HEAD, a 1xx, 204 or
 * 304); it is asked once per message, when its head is in.
 */
function createMessageReader(
  kind: 'request' | 'response',
  bodiless: (head: { startLine: string }) => boolean = () => false,
) {
  let buffered = Buffer.alloc(0);
  let current: { head: Head; framing: Framing } | undefined;

  /** Takes bytes; returns the heads that came in whole and the messages completed. */
  function push(chunk: Buffer): { heads: Head[]; messages: HttpMessage[] } {
    buffered = Buffer.concat([buffered, chunk]);
    const heads: Head[] = [];
    const messages: HttpMessage[] = [];
    for (;;) {
      if (!current) {
        const head = readHead(buffered, kind);
        if (!head) break;
        current = { head, framing: framingOf(head, bodiless(head)) };
        heads.push(head);
      }
      const { head, framing } = current;
      let body: Buffer;
      let end: number;
      if (framing.kind === 'close') break;
      if (framing.kind === 'chunked') {
        const chunks = readChunks(buffered, head.size);
        if (!chunks) break;
        ({ body, end } = chunks);
      } else {
        const length = framing.kind === 'length' ? framing.length : 0;
        if (buffered.length < head.size + length) break;
        body = buffered.subarray(head.size, head.size + length);
        end = head.size + length;
      }
      messages.push({ startLine: head.startLine, headers: head.headers, framing, body });
      buffered = buffered.subarray(end);
      current = undefined;
    }
    return { heads, messages };
  }

  /** At the end of the connection: the message its end completes, if any. */
  function finish(): HttpMessage | undefined {
    if (current?.framing.kind !== 'close') return undefined;
    const { head, framing } = current;
    const message = { ...head, framing, body: buffered.subarray(head.size) };
    buffered = Buffer.alloc(0);
    current = undefined;
    return message;
  }

  return {
    push,
    finish,
    /** Bytes received that do not make a whole message yet. */
    unfinished: () => buffered.length,
  };
}

/** A request as a recording upstream received it. */
export interface RecordedRequest {
  /** The number the upstream's answer carries (its ETag and JSON body). */
  id: number;
  /** Which upstream connection it came on. */
  connection: number;
  method: string;
  target: string;
  message: HttpMessage;
}

/** Methods a server answers without waiting for a body, as WordPress does for a GET. */
const ANSWERED_AT_HEADERS = ['GET', 'HEAD', 'DELETE', 'OPTIONS'];

/**
 * A stand-in upstream on a raw TCP socket (127.0.0.1, a free port) that keeps every request it
 * reads and answers each with a small JSON naming it (`{"recorded": id}`, also as the ETag, for
 * a HEAD). It reads strictly (see {@link createMessageReader}); bytes it cannot read as a
 * request are a fault, and end their connection. A GET, HEAD, DELETE or OPTIONS is answered as
 * soon as its head is in, as WordPress does: a body its head declares is then read as the start
 * of the next request would be, so a length that is not followed by its bytes shows up.
 */
async function startRecordingUpstream() {
  const records: RecordedRequest[] = [];
  const faults: string[] = [];
  const readers = new Map<number, { unfinished: () => number }>();
  let nextId = 1;
  let nextConnection = 1;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    const connection = nextConnection++;
    sockets.add(socket);
    const reader = createMessageReader('request');
    readers.set(connection, reader);
    /** Ids given to heads in order; a head answered early keeps its id for its record. */
    const ids: { id: number; answered: boolean }[] = [];

    function answer(id: number, method: string) {
      const body = JSON.stringify({ recorded: id });
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\n' +
          `ETag: "recorded-${String(id)}"\r\nContent-Length: ${String(body.length)}\r\n\r\n` +
          (method === 'HEAD' ? '' : body),
      );
    }

    socket.on('data', (chunk: Buffer) => {
      let read;
      try {
        read = reader.push(chunk);
      } catch (error) {
        faults.push(`upstream connection ${String(connection)}: ${(error as Error).message}`);
        socket.destroy();
        return;
      }
      for (const head of read.heads) {
        const method = head.startLine.split(' ')[0] ?? '';
        const entry = { id: nextId++, answered: ANSWERED_AT_HEADERS.includes(method) };
        ids.push(entry);
        if (entry.answered) answer(entry.id, method);
      }
      for (const message of read.messages) {
        const [method = '', target = ''] = message.startLine.split(' ');
        const entry = ids.shift();
        if (!entry) throw new Error('a message without a head');
        records.push({ id: entry.id, connection, method, target, message });
        if (!entry.answered) answer(entry.id, method);
      }
    });
    socket.on('close', () => {
      sockets.delete(socket);
      readers.delete(connection);
      const left = reader.unfinished();
      if (left > 0) {
        faults.push(
          `upstream connection ${String(connection)} ended inside a request (${String(left)} bytes)`,
        );
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${String(address.port)}`,
    records,
    faults,
    /** The open connections holding bytes that are not a whole request: out of step. */
    outOfStep: () =>
      [...readers.entries()]
        .filter(([, reader]) => reader.unfinished() > 0)
        .map(([connection, reader]) => `${String(connection)}: ${String(reader.unfinished())}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

export type RecordingUpstream = Awaited<ReturnType<typeof startRecordingUpstream>>;

/**
 * A gateway listening on 127.0.0.1 (a free port) in front of one recording upstream that stands
 * for WordPress, the LMS and the portal; `options` are laid over a test gateway's. `close` stops
 * the gateway, then the upstream.
 */
export async function startRecordedGateway(options: Partial<GatewayOptions> = {}) {
  const recorder = await startRecordingUpstream();
  const base = testGatewayOptions(makeAppsRoot(), recorder.url);
  const gateway = await buildGateway({
    ...base,
    upstreams: { ...base.upstreams, portal: recorder.url },
    ...options,
  });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  return {
    recorder,
    gateway,
    port: (gateway.server.address() as net.AddressInfo).port,
    close: async () => {
      await gateway.close();
      await recorder.close();
    },
  };
}

export type RecordedGateway = Awaited<ReturnType<typeof startRecordedGateway>>;

/** A raw client connection: what it sends is written as is; answers are read strictly. */
export interface RawConnection {
  socket: net.Socket;
  /** The final answers so far, in order. */
  answers: HttpMessage[];
  /** The interim (1xx) answers so far: `100 Continue`. */
  interim: HttpMessage[];
  /** Bytes that could not be read as answers. */
  faults: string[];
  /** Resolves when the connection has closed (either side). */
  closed: Promise<void>;
}

/**
 * Connects to 127.0.0.1:`port`. `methods` are the methods of the requests it will send, in
 * order, so that the answer to a HEAD is read without a body; `localAddress` is where it
 * connects from (another loopback address is another client).
 */
export async function connectRaw(
  port: number,
  { methods = [], localAddress }: { methods?: readonly string[]; localAddress?: string } = {},
): Promise<RawConnection> {
  const socket = net.connect({
    port,
    host: '127.0.0.1',
    ...(localAddress ? { localAddress } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const answers: HttpMessage[] = [];
  const interim: HttpMessage[] = [];
  const faults: string[] = [];
  /** The final answers whose heads have been read: the next one answers request number this. */
  let heads = 0;
  const reader = createMessageReader('response', ({ startLine }) => {
    const status = Number(startLine.split(' ')[1]);
    if (status < 200) return true;
    const method = methods[heads];
    heads += 1;
    return status === 204 || status === 304 || method === 'HEAD';
  });
  const keep = (message: HttpMessage) => {
    (statusOf(message) >= 200 ? answers : interim).push(message);
  };
  socket.on('data', (chunk: Buffer) => {
    try {
      for (const message of reader.push(chunk).messages) keep(message);
    } catch (error) {
      faults.push((error as Error).message);
      socket.destroy();
    }
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => {
      const last = reader.finish();
      if (last) keep(last);
      resolve();
    });
  });
  return { socket, answers, interim, faults, closed };
}

/** How long an exchange may take before the client gives up on it (a test failure). */
const EXCHANGE_DEADLINE_MS = 15_000;

/**
 * Sends `bytes` on a new connection and reads answers until the server closes it (the last
 * request says `Connection: close`, or the server ends the connection itself).
 */
export async function exchange(port: number, bytes: Buffer | string, methods: readonly string[]) {
  const connection = await connectRaw(port, { methods });
  connection.socket.write(bytes);
  const deadline = setTimeout(() => {
    connection.faults.push(`no end after ${String(EXCHANGE_DEADLINE_MS)} ms`);
    connection.socket.destroy();
  }, EXCHANGE_DEADLINE_MS);
  await connection.closed;
  clearTimeout(deadline);
  return connection;
}
