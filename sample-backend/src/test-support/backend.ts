import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SampleBackendOptions } from '../index';
import {
  buildSampleBackend,
  DEMO_LEARNER,
  SAMPLE_WC_CONSUMER_KEY,
  SAMPLE_WC_CONSUMER_SECRET,
} from '../index';

/** A fresh temporary state folder: tests never touch the package's `.data/`. */
export async function makeStateDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'sample-backend-test-'));
}

/** Removes a folder made by {@link makeStateDir}. */
export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** A backend on a fresh state folder, and a cleanup that closes it and removes the folder. */
export async function testBackend(
  options: SampleBackendOptions = {},
): Promise<{ app: FastifyInstance; stateDir: string; cleanup: () => Promise<void> }> {
  const stateDir = options.stateDir ?? (await makeStateDir());
  const app = await buildSampleBackend({ ...options, stateDir });
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

/** The query string that authenticates a WooCommerce call with the sample credentials. */
export const WC_AUTH = `consumer_key=${SAMPLE_WC_CONSUMER_KEY}&consumer_secret=${SAMPLE_WC_CONSUMER_SECRET}`;
