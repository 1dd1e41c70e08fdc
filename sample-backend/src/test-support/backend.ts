import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SampleBackendOptions } from '../index';
import { buildSampleBackend, DEMO_LEARNER } from '../index';

/** The WooCommerce key pair test backends are built with (a backend's default is random). */
export const TEST_WC_KEYS = {
  wcConsumerKey: 'ck_0123456789abcdef0123456789abcdef01234567',
  wcConsumerSecret: 'cs_89abcdef0123456789abcdef0123456789abcdef',
} as const;

/** A fresh temporary state folder: tests never touch the package's `.data/`. */
export async function makeStateDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'sample-backend-test-'));
}

/** Removes a folder made by {@link makeStateDir}. */
export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/**
 * A backend on a fresh state folder, with the {@link TEST_WC_KEYS} unless the options name other
 * keys, and a cleanup that closes it and removes the folder.
 */
export async function testBackend(
  options: SampleBackendOptions = {},
): Promise<{ app: FastifyInstance; stateDir: string; cleanup: () => Promise<void> }> {
  const stateDir = options.stateDir ?? (await makeStateDir());
  const app = await buildSampleBackend({ ...TEST_WC_KEYS, ...options, stateDir });
  return {
    app,
    stateDir,
    cleanup: async () => {
      await app.close();
      await removeDir(stateDir);
    },
  };
}

/** Parses a JSON response body. */
export function json(response: LightMyRequestResponse): unknown {
  return JSON.parse(response.body) as unknown;
}

/** Logs the demo learner in and returns the token. */
export async function learnerToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/wp-json/jwt-auth/v1/token',
    payload: { username: DEMO_LEARNER.email, password: DEMO_LEARNER.password },
  });
  const body = json(response) as { token: string };
  return body.token;
}

/** The query string that authenticates a WooCommerce call with the {@link TEST_WC_KEYS}. */
export const WC_AUTH = `consumer_key=${TEST_WC_KEYS.wcConsumerKey}&consumer_secret=${TEST_WC_KEYS.wcConsumerSecret}`;

/** The same credentials as an HTTP Basic `Authorization` header, as the gateway sends them. */
export const WC_BASIC = {
  authorization: `Basic ${Buffer.from(`${TEST_WC_KEYS.wcConsumerKey}:${TEST_WC_KEYS.wcConsumerSecret}`).toString('base64')}`,
};
