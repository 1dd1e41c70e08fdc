import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startSampleBackend } from 'sample-backend';

/** What reached the stand-in for WordPress, as it arrived. */
export interface UpstreamRecord {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the browser got back. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** Sent exactly as written, like `curl --path-as-is`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The production gateway (gateway/dist/main.js) in front of a recording server that passes every
 * request on to the sample backend, which behaves like WooCommerce with an admin key. The
 * attack tests read what reached "WordPress" and what came back.
 */
export async function startAttackRig() {
  const key = `ck_${randomBytes(20).toString('hex')}`;
  const secret = `cs_${randomBytes(20).toString('hex')}`;
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-attack-state-'));
  const sample = await startSampleBackend({
    wcConsumerKey: key,
    wcConsumerSecret: secret,
    jwtSecret: randomBytes(32).toString('hex'),
    stateDir: state,
  });
  const sampleUrl = new URL(sample.url);

  const records: UpstreamRecord[] = [];
  const recorder = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      records.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: body.toString('utf8'),
      });
      const forward = http.request(
        {
          host: sampleUrl.hostname,
          port: sampleUrl.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: sampleUrl.host },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', () => {
        response.writeHead(502).end();
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const recorderAddress = recorder.address();
  const recorderUrl = `http://127.0.0.1:${String(typeof recorderAddress === 'object' && recorderAddress ? recorderAddress.port : 0)}`;

  const logs: string[] = [];
  const gateway: ChildProcess = spawn(
    process.execPath,
    [path.join(__dirname, '..', '..', 'gateway', 'dist', 'main.js')],
    {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        WORDPRESS_URL: recorderUrl,
        LMS_API_URL: recorderUrl,
        PORTAL_URL: 'https://portal.example.test',
        PUBLIC_URL: 'https://shop.example.test',
        COOKIE_SECRET: randomBytes(32).toString('hex'),
        WC_CONSUMER_KEY: key,
        WC_CONSUMER_SECRET: secret,
        DEPLOY_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-attack-deploy-')),
        SERVER_RENDER_BUDGET_MS: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      logs.push(text);
      const ready = /Storefront ready at http:\/\/[^:]+:(\d+)/.exec(logs.join(''));
      if (ready) resolve(Number(ready[1]));
    };
    gateway.stdout?.on('data', onData);
    gateway.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
    gateway.on('exit', (code) => {
      reject(new Error(`The gateway stopped (${String(code)}): ${logs.join('')}`));
    });
  });

  const answers: Answer[] = [];
  /** Sends a request exactly as written and keeps what came back. */
  function send(request: RawRequest): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          host: '127.0.0.1',
          port,
          method: request.method ?? 'GET',
          path: request.path,
          headers: {
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...request.headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const answer = {
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            };
            answers.push(answer);
            resolve(answer);
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  }

  const basic = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
  return {
    key,
    secret,
    records,
    answers,
    logs,
    send,
    /** Whether an upstream request carried the WooCommerce keys (in a header or the URL). */
    carriesKeys: (record: UpstreamRecord) =>
      record.headers.authorization === basic ||
      record.url.includes(key) ||
      record.url.includes(secret),
    async stop() {
      gateway.kill('SIGTERM');
      await new Promise((resolve) => gateway.once('exit', resolve));
      await new Promise((resolve) => recorder.close(resolve));
      await sample.close();
    },
  };
}

export type AttackRig = Awaited<ReturnType<typeof startAttackRig>>;
